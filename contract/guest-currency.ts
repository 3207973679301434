import type { Locale } from "./locale.ts";
import { MOEDA, type MoedaId } from "./currencies.ts";

/** A guest's currency (spec §9): guaranies for es-PY, dollars for pt-BR and everything else. */
export function guestCurrencyId(locale: Locale): MoedaId {
  return locale === "es-PY" ? MOEDA.PYG : MOEDA.USD;
}

/**
 * The currency a shopper sees and pays in (spec §9): a signed-in foreign (Brazilian) customer dollars,
 * any other signed-in customer guaranies, whatever the language; a guest by locale.
 */
export function shopperCurrencyId(customer: { estrangeiro: boolean } | null | undefined, locale: Locale): MoedaId {
  if (customer) return customer.estrangeiro ? MOEDA.USD : MOEDA.PYG;
  return guestCurrencyId(locale);
}
