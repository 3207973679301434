import { useTranslation } from "#app/i18n/react.tsx";
import { CURRENCIES, MOEDA } from "#contract/currencies.ts";
import type { ExchangeRate } from "#contract/api/catalog.ts";
import { formatPrice } from "#contract/money.ts";

/** "U$ 1 = R$ 5,42 · G$ 7.350 · P$ 1.185": what one dollar buys, as the shop quotes it. */
export function formatRates(rates: ExchangeRate[]): string | null {
  const quotes = rates.map((rate) => formatPrice(rate.tax, rate.target_currency.id));
  if (quotes.length === 0) return null;
  return `${CURRENCIES[MOEDA.USD].simbolo} 1 = ${quotes.join(" · ")}`;
}

export function RatesBar({ rates, className }: { rates: ExchangeRate[]; className?: string }) {
  const { t } = useTranslation();
  const text = formatRates(rates);
  return (
    <p data-testid="rates-bar" className={className}>
      {text ? (
        <>
          <span className="font-semibold text-accent-strong">{t("rates.label")}:</span> <span className="whitespace-nowrap">{text}</span>
        </>
      ) : (
        t("rates.unavailable")
      )}
    </p>
  );
}
