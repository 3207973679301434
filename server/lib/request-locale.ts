import type { FastifyRequest } from "fastify";
import { DEFAULT_LOCALE, isLocale, parseApiLang, type Locale } from "#contract/locale.ts";

/**
 * The language an API answer is written in: the request's `lang` parameter, then the
 * storefront's `lang` cookie, then Accept-Language; Spanish answers use the es-PY texts.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.lang;
  if (isLocale(fromQuery)) return fromQuery;
  const fromCookie = request.cookies?.lang;
  if (isLocale(fromCookie)) return fromCookie;
  const lang = parseApiLang(fromQuery) ?? parseApiLang(request.headers["accept-language"]);
  if (lang === "es") return "es-PY";
  return DEFAULT_LOCALE;
}
