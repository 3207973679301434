import { lazy, Suspense, useState } from "react";
import { useCart } from "./cart-context.tsx";

// The drawer's lines, totals and buttons are needed only once the cart opens: they are
// downloaded then, not with every page.
const CartDrawerPanel = lazy(() => import("./cart-drawer-panel.tsx").then((m) => ({ default: m.CartDrawerPanel })));

/** The slide-in cart, mounted the first time it opens and kept afterwards (see cart-drawer-panel.tsx). */
export function CartDrawer() {
  const { drawer } = useCart();
  const [used, setUsed] = useState(false);
  if (drawer !== "hidden" && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawerPanel />
    </Suspense>
  );
}
