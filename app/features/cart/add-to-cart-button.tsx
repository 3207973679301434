import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { CartIcon } from "#app/components/ui/icons.tsx";
import { useCart } from "./cart-context.tsx";
import { isSellable } from "./rules.ts";

/** Spec §4 (product page) and §9: its alerts disappear after 3 s. */
export const ADD_ALERT_MS = 3000;

/**
 * Adds `quantity` of `product` to the cart (spec §4 Cart) and opens the drawer. With `inlineAlerts` (the
 * product page) a stock or availability alert shows under the button for 3 s instead of as a toast.
 */
export function AddToCartButton({
  product,
  quantity = 1,
  className,
  inlineAlerts = false,
}: {
  product: ProductSummary;
  quantity?: number;
  className?: string;
  inlineAlerts?: boolean;
}) {
  const { t } = useTranslation();
  const { add, openDrawer, ready } = useCart();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alertId = useId();
  const sellable = isSellable(product);

  useEffect(() => () => clearTimeout(timer.current), []);

  const showAlert = (message: string) => {
    setAlert(message);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAlert(null), ADD_ALERT_MS);
  };

  async function onClick() {
    setBusy(true);
    try {
      if (await add(product, quantity, inlineAlerts ? showAlert : undefined)) openDrawer();
    } finally {
      setBusy(false);
    }
  }

  const button = (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={busy || !ready}
      aria-disabled={!sellable || undefined}
      aria-describedby={inlineAlerts ? alertId : undefined}
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
  if (!inlineAlerts) return button;
  return (
    <>
      {button}
      <p id={alertId} role="alert" data-testid="add-to-cart-alert" className="mt-1 min-h-5 text-sm font-semibold text-red-700">
        {alert}
      </p>
    </>
  );
}
