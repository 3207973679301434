import { interpolate } from "./interpolate.ts";
import type { Locale } from "./locale.ts";
import * as esAR from "./messages/es-AR.ts";
import * as esPY from "./messages/es-PY.ts";
import * as ptBR from "./messages/pt-BR.ts";

/**
 * Texts the API answers with (spec §5 and §8), once per locale in messages/<locale>.ts, their
 * placeholders written `{{name}}` as in the storefront's catalogues. The storefront shows them as
 * they arrive, so they are written in the customer's language; the texts of a rejected field are
 * also part of the storefront's catalogues (contract/validation-messages.ts), so the browser says
 * what the server would without keeping copies.
 */
export type ApiMessageKey = keyof typeof ptBR.messages;

export const API_MESSAGES: Record<Locale, Record<ApiMessageKey, string>> = {
  "pt-BR": ptBR.messages,
  "es-AR": esAR.messages,
  "es-PY": esPY.messages,
};

export function apiMessage(locale: Locale, key: ApiMessageKey, vars: Record<string, string | number> = {}): string {
  return interpolate(API_MESSAGES[locale][key] ?? API_MESSAGES["pt-BR"][key], vars);
}
