import type { ProductDetails } from "#contract/api/catalog.ts";
import { MAX_QTY } from "#contract/api/cart-constants.ts";
import { CURRENCIES, getCurrency, type MoedaId } from "#contract/currencies.ts";
import type { Locale } from "#contract/locale.ts";
import { convertPrice, formatPrice, isPrice, secondaryCurrencies, type ExchangeRate } from "#contract/money.ts";

/** Spec §9: quantity from 1 to 99 and never above the stock; 0 when nothing can be bought. */
export function maxQuantity(qtdeDisponivel: number): number {
  const stock = Number.isFinite(qtdeDisponivel) ? Math.floor(qtdeDisponivel) : 0;
  return Math.max(0, Math.min(MAX_QTY, stock));
}

/**
 * The quantity a request becomes, and whether the stock alert should show
 * ('Estoque máximo: {n} unidades', spec §8): asking for more than the maximum caps it and alerts.
 */
export function clampQuantity(requested: number, max: number): { quantity: number; capped: boolean } {
  if (max <= 0) return { quantity: 0, capped: requested > 0 };
  if (!Number.isFinite(requested) || requested < 1) return { quantity: 1, capped: false };
  const whole = Math.floor(requested);
  return whole > max ? { quantity: max, capped: true } : { quantity: whole, capped: false };
}

export interface PriceBlock {
  /** null when the price is hidden (mostrar_preco false). */
  main: { moedaId: number; text: string } | null;
  /** Formatted conversions, in the spec's order; empty when the price is hidden or invalid. */
  others: { moedaId: MoedaId; text: string }[];
  valid: boolean;
}

/**
 * Spec §2/§9 price block: the product's own currency, then every other currency converted through
 * the USD rates (USD first for Spanish locales, BRL first otherwise). `invalid` is the catalogue's
 * 'Preço inválido' in the visitor's language.
 */
export function priceBlock(
  product: Pick<ProductDetails, "valor_venda" | "moeda" | "mostrar_preco">,
  locale: Locale,
  rates: readonly ExchangeRate[],
  invalid: string,
): PriceBlock {
  if (!product.mostrar_preco) return { main: null, others: [], valid: false };
  const own = product.moeda.id;
  const value = product.valor_venda;
  if (value === null || !isPrice(value)) return { main: { moedaId: own, text: invalid }, others: [], valid: false };
  const others = secondaryCurrencies(own, locale).map((id) => {
    const converted = convertPrice(value, own, id, rates);
    return { moedaId: id, text: isPrice(converted) ? formatPrice(converted, id) : invalid };
  });
  return { main: { moedaId: own, text: formatPrice(value, own) }, others, valid: true };
}

/** ISO 4217 code of a currency id (for structured data). */
export const currencyCode = (moedaId: number) => getCurrency(moedaId)?.codigo ?? CURRENCIES[2].codigo;
