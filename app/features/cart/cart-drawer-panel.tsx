import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { formatPrice } from "#contract/money.ts";
import { trapTab } from "#app/components/ui/dialog.tsx";
import { CloseIcon } from "#app/components/ui/icons.tsx";
import { useCart } from "./cart-context.tsx";
import { CartLines } from "./cart-lines.tsx";
import { ClearCartButton } from "./clear-cart-button.tsx";

/**
 * The slide-in cart (spec §2, §4): a modal <dialog> keeps focus inside and makes the page inert
 * (the html rule in app.css locks its scroll); it stays mounted 300 ms while it slides out.
 */
export function CartDrawerPanel() {
  const { t } = useTranslation();
  const { drawer, closeDrawer, lines, cart, moedaId } = useCart();
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (drawer !== "hidden" && !dialog.open) {
      returnFocus.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    }
    if (drawer === "hidden" && dialog.open) {
      dialog.close();
      returnFocus.current?.focus();
      returnFocus.current = null;
    }
  }, [drawer]);

  const open = drawer !== "hidden";
  return (
    <dialog
      ref={ref}
      aria-labelledby="cart-drawer-title"
      data-testid="cart-drawer"
      onKeyDown={(event) => trapTab(event, ref.current)}
      onCancel={(event) => {
        event.preventDefault();
        closeDrawer();
      }}
      onClose={closeDrawer}
      onClick={(event) => event.target === ref.current && closeDrawer()}
      className={`m-0 ml-auto h-dvh max-h-none w-[min(92vw,26rem)] max-w-none bg-panel p-0 text-ink shadow-2xl transition-transform duration-300 ease-out ${
        // @starting-style slides it in from the right; "closing" slides it out before it closes.
        drawer === "open" ? "translate-x-0 starting:translate-x-full" : "translate-x-full"
      }`}
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="surface-dark flex items-center justify-between bg-steel px-4 py-3 text-white">
            <h2 id="cart-drawer-title" className="text-lg font-bold">
              {t("cart.title")}
            </h2>
            <button
              type="button"
              onClick={closeDrawer}
              aria-label={t("cart.close")}
              className="flex size-10 items-center justify-center rounded hover:bg-white/10"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="flex-1 overflow-y-auto px-4">
            {lines.length === 0 ? <p className="py-10 text-center text-muted">{t("cart.empty")}</p> : <CartLines compact onNavigate={closeDrawer} />}
          </div>
          {lines.length > 0 && cart ? (
            <div className="space-y-3 border-t border-slate-200 p-4">
              <p className="flex items-baseline justify-between text-lg">
                <span className="font-semibold">{t("cart.total")}</span>
                <strong data-testid="drawer-total">{formatPrice(cart.valor_total, moedaId)}</strong>
              </p>
              <Link
                to="/checkout"
                onClick={closeDrawer}
                className="flex min-h-11 w-full items-center justify-center rounded-md bg-accent px-4 font-bold text-ink hover:bg-accent-strong"
              >
                {t("cart.goToCheckout")}
              </Link>
              <div className="flex items-center justify-between">
                <Link to="/carrinho" onClick={closeDrawer} className="text-sm font-semibold underline underline-offset-2">
                  {t("cart.viewCart")}
                </Link>
                <ClearCartButton />
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
