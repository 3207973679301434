import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { formatPrice } from "#contract/money.ts";
import { useCart } from "#app/features/cart/cart-context.tsx";
import { CartLines } from "#app/features/cart/cart-lines.tsx";
import { ClearCartButton } from "#app/features/cart/clear-cart-button.tsx";
import { pageMeta } from "#app/lib/meta.ts";

export const meta = pageMeta("cart");

/** The cart page (spec §2 /carrinho): the drawer's lines and actions on a full page. */
export default function CartRoute() {
  const { t } = useTranslation();
  const { lines, cart, moedaId, ready } = useCart();
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl px-4 py-6 md:py-10">
      <h1 id="page-title" className="text-2xl font-bold md:text-3xl">
        {t("cart.title")}
      </h1>
      {!ready ? (
        <p className="mt-6 text-muted">{t("cart.loading")}</p>
      ) : lines.length === 0 ? (
        <div className="mt-6 rounded-lg bg-panel p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-muted">{t("cart.empty")}</p>
          <Link to="/produtos" className="mt-4 inline-block rounded-md bg-accent px-5 py-2.5 font-bold text-ink hover:bg-accent-strong">
            {t("cart.continueShopping")}
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 md:grid-cols-[1fr_18rem]">
          <div className="rounded-lg bg-panel px-4 shadow-sm ring-1 ring-slate-200">
            <CartLines />
          </div>
          <aside className="h-fit space-y-4 rounded-lg bg-panel p-4 shadow-sm ring-1 ring-slate-200">
            <p className="flex items-baseline justify-between text-lg">
              <span className="font-semibold">{t("cart.total")}</span>
              <strong data-testid="cart-total">{cart ? formatPrice(cart.valor_total, moedaId) : ""}</strong>
            </p>
            <Link
              to="/checkout"
              className="flex min-h-11 items-center justify-center rounded-md bg-accent px-4 font-bold text-ink hover:bg-accent-strong"
            >
              {t("cart.goToCheckout")}
            </Link>
            <div className="flex items-center justify-between gap-2">
              <Link to="/produtos" className="text-sm font-semibold underline underline-offset-2">
                {t("cart.continueShopping")}
              </Link>
              <ClearCartButton />
            </div>
          </aside>
        </div>
      )}
    </section>
  );
}
