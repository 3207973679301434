import { useTranslation } from "#app/i18n/react.tsx";
import type { ProductDetails } from "#contract/api/catalog.ts";
import type { Locale } from "#contract/locale.ts";
import type { ExchangeRate } from "#contract/money.ts";
import { CheckCircleIcon, InfoIcon } from "#app/components/ui/icons.tsx";
import { priceBlock } from "./product-logic.ts";

/** Own-currency price, then the conversions (spec §9); 'Preço inválido' or nothing when not shown. */
export function PriceBlock({ product, locale, rates }: { product: ProductDetails; locale: Locale; rates: readonly ExchangeRate[] }) {
  const { t } = useTranslation();
  const block = priceBlock(product, locale, rates, t("product.price.invalid"));
  if (!block.main) {
    return <p className="text-lg font-semibold text-accent-ink">{t("product.price.hidden")}</p>;
  }
  return (
    <div data-testid="price-block">
      <p className="text-sm text-muted">{t("product.price.label")}</p>
      <p className="text-3xl font-black tracking-tight text-ink md:text-4xl" data-testid="main-price">
        {block.main.text}
      </p>
      {block.others.length > 0 && (
        <>
          <h2 className="sr-only">{t("product.price.otherCurrencies")}</h2>
          <ul aria-label={t("product.price.otherCurrencies")} className="mt-2 flex flex-wrap gap-2" data-testid="secondary-prices">
            {block.others.map((other) => (
              <li key={other.moedaId} className="rounded bg-slate-100 px-2 py-1 text-sm font-semibold text-ink">
                {other.text}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-muted">{t("product.price.disclaimer")}</p>
        </>
      )}
    </div>
  );
}

/** Spec §1: pt-BR lists voucher, PIX and card in 10x; the Spanish locales their local methods. */
const PAYMENT_METHODS = {
  pt: ["voucher", "pix", "card10x"],
  es: ["cards", "wallets", "pix", "collectionPoints", "qr", "transfer"],
} as const;

export function PaymentOptions({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const methods = PAYMENT_METHODS[locale.startsWith("es") ? "es" : "pt"];
  return (
    <section aria-labelledby="payment-title" className="rounded-lg bg-panel p-4 ring-1 ring-slate-200">
      <h2 id="payment-title" className="text-base font-bold">
        {t("product.payment.title")}
      </h2>
      <ul className="mt-2 grid gap-1.5 text-sm sm:grid-cols-2" data-testid="payment-options">
        {methods.map((method) => (
          <li key={method} className="flex items-center gap-2">
            <CheckCircleIcon className="size-4 shrink-0 text-green-700" />
            {t(`product.payment.${method}`)}
          </li>
        ))}
      </ul>
      <p className="mt-3 flex gap-2 text-xs text-muted">
        <InfoIcon className="size-4 shrink-0" />
        {t("product.payment.pickupNotice")}
      </p>
    </section>
  );
}

/** Brazilian (pt-BR) visitors only pick up in the shop (spec §1): this notice replaces the Paraguayan shipping calculator. */
export function StorePickupNotice() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="pickup-title" className="rounded-lg bg-panel p-4 ring-1 ring-slate-200" data-testid="store-pickup">
      <h2 id="pickup-title" className="flex items-center gap-2 text-base font-bold">
        <InfoIcon className="size-5 shrink-0" />
        {t("product.shipping.pickupTitle")}
      </h2>
      <p className="mt-1 text-sm">{t("product.shipping.pickupText")}</p>
    </section>
  );
}

export function StockInfo({ product }: { product: ProductDetails }) {
  const { t } = useTranslation();
  const available = Math.max(0, Math.floor(product.qtde_disponivel));
  return (
    <section aria-labelledby="stock-title" className="rounded-lg bg-panel p-4 ring-1 ring-slate-200">
      <h2 id="stock-title" className="text-base font-bold">
        {t("product.stock.title")}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {product.tem_estoque && available > 0 ? (
          <>
            <li>{t("product.stock.available", { n: available })}</li>
            <li>{product.tem_estoque_fisico ? t("product.stock.physical") : t("product.stock.noPhysical")}</li>
          </>
        ) : (
          <li>{t("product.stock.none")}</li>
        )}
      </ul>
    </section>
  );
}
