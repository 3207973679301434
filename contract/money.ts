import Big from "big.js";
import { CURRENCIES, MOEDA, getCurrency, type Currency, type MoedaId } from "./currencies.ts";
import type { Locale } from "./locale.ts";

/** One row of the start data's exchange_rates: one USD buys `tax` units of the target currency. */
export interface ExchangeRate {
  source_currency: { id: number };
  target_currency: { id: number; decimals?: number };
  tax: string | number;
}

/** The API's preco_atual object. */
export interface PrecoAtual {
  valor_venda: string;
  formatado: string;
  moeda: { id: number; simbolo: string; casas_decimais: number };
}

export const INVALID_PRICE = "Preço inválido";

// A private constructor: another module changing Big.DP or Big.RM must not change our rounding.
const Dec = Big();
Dec.DP = 30;
Dec.RM = 1;
const HALF_UP = 1;

// Big's own grammar; anything else ("1.234,56", "0x10", "") is not a price.
const NUMERIC = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
// "1e999999999" parses cheaply but toFixed would then build a billion-digit string.
const MAX_EXPONENT = 1000;

// Pesos hide ",00" (spec §9); the other currencies keep their decimals.
const HIDES_ZERO_CENTS: ReadonlySet<number> = new Set([MOEDA.ARS]);

// The spec's "Default symbol R$ in one area": an unknown currency id still gets a readable price.
const FALLBACK_CURRENCY: Currency = CURRENCIES[MOEDA.BRL];

function toDecimal(value: unknown): Big | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === "bigint" || value instanceof Big) {
    text = value.toString();
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return null;
  }
  if (!NUMERIC.test(text)) return null;
  const decimal = new Dec(text);
  return decimal.e > MAX_EXPONENT ? null : decimal;
}

/** A non-negative number, or null: a negative amount is never a price here. */
function toAmount(value: unknown): Big | null {
  const decimal = toDecimal(value);
  if (decimal === null) return null;
  if (decimal.eq(0)) return new Dec(0); // drops the sign of "-0"
  return decimal.lt(0) ? null : decimal;
}

/** True when formatPrice would show a price rather than 'Preço inválido'. */
export function isPrice(value: unknown): boolean {
  return toAmount(value) !== null;
}

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/**
 * Formats a price per spec §9: `U$ 1.234,56`, `R$ 1.234,56`, `G$ 1.234.567`, `P$ 1.234` or
 * `P$ 1.234,50`. Rounds half-up to the currency's decimals; anything that is not a non-negative
 * number (or numeric string) gives 'Preço inválido'.
 */
export function formatPrice(value: unknown, moedaId: number | null | undefined): string {
  const amount = toAmount(value);
  if (amount === null) return INVALID_PRICE;
  const currency = getCurrency(moedaId) ?? FALLBACK_CURRENCY;
  const [integerPart = "0", fraction = ""] = amount.toFixed(currency.casas_decimais, HALF_UP).split(".");
  const shownFraction = HIDES_ZERO_CENTS.has(currency.id) && /^0*$/.test(fraction) ? "" : fraction;
  return `${currency.simbolo} ${groupThousands(integerPart)}${shownFraction ? `,${shownFraction}` : ""}`;
}

function usdRate(rates: readonly ExchangeRate[] | null | undefined, moedaId: number): Big | null {
  if (moedaId === MOEDA.USD) return new Dec(1);
  for (const rate of rates ?? []) {
    // Rows come straight from the API, so a half-filled one is skipped rather than trusted.
    if (rate?.source_currency?.id !== MOEDA.USD || rate.target_currency?.id !== moedaId) continue;
    const tax = toDecimal(rate.tax);
    if (tax !== null && tax.gt(0)) return tax;
  }
  return null;
}

function targetDecimals(rates: readonly ExchangeRate[] | null | undefined, moedaId: number): number {
  const known = getCurrency(moedaId);
  if (known) return known.casas_decimais;
  const fromRate = rates?.find((rate) => rate?.target_currency?.id === moedaId)?.target_currency.decimals;
  return typeof fromRate === "number" && Number.isInteger(fromRate) && fromRate >= 0 ? fromRate : 2;
}

/**
 * Converts through the USD rates: divide by rate(USD→from), multiply by rate(USD→to), rounded
 * half-up to the target's decimals, as a plain decimal string. Same currency: the value as given.
 * A missing or non-positive rate gives "0" (spec §9: "with no rates, 0"). A value that is not a
 * price gives "NaN", so that formatPrice of the result still says 'Preço inválido'.
 */
export function convertPrice(
  value: string | number,
  fromMoedaId: number,
  toMoedaId: number,
  rates: readonly ExchangeRate[] | null | undefined,
): string {
  const amount = toAmount(value);
  if (amount === null) return "NaN";
  if (fromMoedaId === toMoedaId) {
    const text = typeof value === "string" ? value.trim() : "";
    return /^\d+(\.\d+)?$/.test(text) ? text : amount.toFixed();
  }
  const from = usdRate(rates, fromMoedaId);
  const to = usdRate(rates, toMoedaId);
  if (from === null || to === null) return "0";
  // Multiplying first keeps the result exact up to the single division.
  return amount.times(to).div(from).toFixed(targetDecimals(rates, toMoedaId), HALF_UP);
}

/** The API's preco_atual: the value converted to `toMoedaId`, formatted, with its currency. */
export function priceIn(
  value: string | number,
  fromMoedaId: number,
  toMoedaId: number,
  rates: readonly ExchangeRate[] | null | undefined,
): PrecoAtual {
  const valor_venda = convertPrice(value, fromMoedaId, toMoedaId, rates);
  const currency = getCurrency(toMoedaId) ?? FALLBACK_CURRENCY;
  return {
    valor_venda,
    formatado: formatPrice(valor_venda, toMoedaId),
    // An unknown id keeps its number but is displayed like formatPrice displays it.
    moeda: { id: toMoedaId, simbolo: currency.simbolo, casas_decimais: currency.casas_decimais },
  };
}

const SPANISH_ORDER: readonly MoedaId[] = [MOEDA.USD, MOEDA.BRL, MOEDA.PYG, MOEDA.ARS];
const PORTUGUESE_ORDER: readonly MoedaId[] = [MOEDA.BRL, MOEDA.USD, MOEDA.PYG, MOEDA.ARS];

/** The currencies shown beside a product's own price (spec §9). */
export function secondaryCurrencies(productMoedaId: number, locale: Locale): MoedaId[] {
  const order = locale.startsWith("es") ? SPANISH_ORDER : PORTUGUESE_ORDER;
  return order.filter((id) => id !== productMoedaId);
}
