import type { FastifyRequest } from "fastify";
import { DEFAULT_LOCALE, isLocale, parseApiLang, type Locale } from "#contract/locale.ts";
import { visitorSiteOf } from "./site.ts";

/**
 * The language an API answer is written in: a back-office member's own, then the request's `lang` parameter, then the
 * storefront's `lang` cookie, then, for the storefront's own calls, the visitor's host's language (as
 * the page itself is shown: es-AR on the Spanish brand's host), else Accept-Language; Spanish answers
 * use the es-PY texts.
 */
export function requestLocale(request: FastifyRequest): Locale {
  // A back-office member reads the back office in the language of their choice.
  if (request.staff && isLocale(request.staff.lang)) return request.staff.lang;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.lang;
  if (isLocale(fromQuery)) return fromQuery;
  const fromCookie = request.cookies?.lang;
  if (isLocale(fromCookie)) return fromCookie;
  const visitor = visitorSiteOf(request);
  if (visitor) return visitor.brand === "es" ? "es-AR" : DEFAULT_LOCALE;
  const lang = parseApiLang(fromQuery) ?? parseApiLang(request.headers["accept-language"]);
  if (lang === "es") return "es-PY";
  return DEFAULT_LOCALE;
}
