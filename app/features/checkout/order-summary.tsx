import { useTranslation } from "#app/i18n/react.tsx";
import { MOEDA } from "#contract/currencies.ts";
import { formatPrice } from "#contract/money.ts";
import { isPositive, totalWithShipping } from "./totals.ts";
import type { ShippingChoice } from "./shipping-section.tsx";

/** Spec §2 Checkout summary: total (with tax when guaranies), shipping above 0, total with shipping. */
export function OrderSummary({ total, moedaId, choice }: { total: string; moedaId: number; choice: ShippingChoice | null }) {
  const { t } = useTranslation();
  const shipping = choice?.option.valor;
  return (
    <dl className="space-y-2 text-sm" data-testid="order-summary">
      <div className="flex justify-between gap-4">
        <dt>{moedaId === MOEDA.PYG ? t("cart.checkout.totalTax") : t("cart.checkout.total")}</dt>
        <dd className="font-semibold">{formatPrice(total, moedaId)}</dd>
      </div>
      {isPositive(shipping) ? (
        <div className="flex justify-between gap-4">
          <dt>{t("cart.checkout.shipping")}</dt>
          <dd className="font-semibold">{formatPrice(shipping, moedaId)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
        <dt className="font-bold">{t("cart.checkout.totalWithShipping")}</dt>
        <dd className="font-bold" data-testid="checkout-total">
          {formatPrice(totalWithShipping(total, shipping), moedaId)}
        </dd>
      </div>
      {choice ? (
        <div className="space-y-1 border-t border-slate-200 pt-2 text-muted">
          <dt className="sr-only">{t("cart.checkout.shippingChoice")}</dt>
          <dd data-testid="summary-place">
            <span className="font-semibold text-ink">{choice.pickup ? t("cart.checkout.pickupAt") : t("cart.checkout.deliveryTo")}: </span>
            {choice.place}
          </dd>
          <dd>
            <span className="font-semibold text-ink">{t("cart.checkout.shippingChoice")}: </span>
            {choice.option.descricao}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
