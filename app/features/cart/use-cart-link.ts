import type { MouseEvent } from "react";
import { useCart } from "./cart-context.tsx";

/** The header and bottom-bar cart links: show the count and open the drawer instead of navigating. */
export function useCartLink() {
  const { count, openDrawer, ready } = useCart();
  return {
    count,
    onClick(event: MouseEvent) {
      // Before hydration, or with a modifier key, the link goes to /carrinho as a plain link.
      if (!ready || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      openDrawer();
    },
  };
}
