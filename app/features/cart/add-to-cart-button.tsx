import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { CartIcon } from "#app/components/ui/icons.tsx";
import { useCart } from "./cart-context.tsx";
import { isSellable } from "./rules.ts";

/** Adds `quantity` of `product` to the cart (spec §4 Cart) and opens the drawer. */
export function AddToCartButton({ product, quantity = 1, className }: { product: ProductSummary; quantity?: number; className?: string }) {
  const { t } = useTranslation();
  const { add, openDrawer, ready } = useCart();
  const [busy, setBusy] = useState(false);
  const sellable = isSellable(product);

  async function onClick() {
    setBusy(true);
    try {
      if (await add(product, quantity)) openDrawer();
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={busy || !ready}
      aria-disabled={!sellable || undefined}
      data-testid="add-to-cart"
      className={
        className ??
        "inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-accent px-5 py-2.5 font-bold text-ink shadow-sm hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:cursor-wait disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-200 aria-disabled:text-muted"
      }
    >
      <CartIcon className="size-5" aria-hidden="true" />
      {busy ? t("cart.adding") : t("cart.add")}
    </button>
  );
}
