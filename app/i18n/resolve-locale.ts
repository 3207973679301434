import { isLocale, type Locale } from "#contract/locale.ts";
import { localPath } from "#contract/local-path.ts";
import type { SiteInfo } from "#contract/site.ts";

export const LANG_COOKIE = "lang";
export const LANG_PARAM = "lang";
/** A language switch to the other brand's host may carry a guest's cart (features/cart/cart-handover.ts). */
const HANDOVER_PARAM = "carrinho";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** The host decides the language of a first visit (spec §9): es-AR on the Spanish brand's host. */
export function hostDefaultLocale(site: Pick<SiteInfo, "brand">): Locale {
  return site.brand === "es" ? "es-AR" : "pt-BR";
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The cookie that keeps a language choice for a year. */
export function localeCookie(locale: Locale, url: URL): string {
  const secure = url.protocol === "https:" ? "; Secure" : "";
  return `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/** A `switch` redirects to `location`; it stores a language only when `?lang=` named one (`setCookie`). */
export type LocaleResolution = { kind: "switch"; locale: Locale; location: string; setCookie?: string } | { kind: "current"; locale: Locale };

/**
 * Which language a request is shown in: a valid `?lang=` switches (stored in a cookie and removed
 * from the address by a redirect), else the `lang` cookie, else the host's default. An unknown
 * `?lang=` (`?lang=fr`) is removed from the address too, the language left as it was (spec §2).
 */
export function resolveLocale(request: Request, site: Pick<SiteInfo, "brand">): LocaleResolution {
  const url = new URL(request.url);
  const requested = url.searchParams.get(LANG_PARAM);
  const stored = readCookie(request.headers.get("Cookie"), LANG_COOKIE);
  const current = isLocale(stored) ? stored : hostDefaultLocale(site);
  if (requested === null) return { kind: "current", locale: current };
  url.searchParams.delete(LANG_PARAM);
  url.searchParams.delete(HANDOVER_PARAM);
  // The address without `?lang=`, on this store: "/.//evil.example/?lang=…" must not lead to //evil.example/.
  const location = localPath(`${url.pathname}${url.search}${url.hash}`) ?? "/";
  if (!isLocale(requested)) return { kind: "switch", locale: current, location };
  return { kind: "switch", locale: requested, location, setCookie: localeCookie(requested, url) };
}
