import type { Locale } from "./locale.ts";
import { MOEDA, type MoedaId } from "./currencies.ts";

/** A guest's currency (spec §9): guaranies for es-PY, dollars for pt-BR and everything else. */
export function guestCurrencyId(locale: Locale): MoedaId {
  return locale === "es-PY" ? MOEDA.PYG : MOEDA.USD;
}
