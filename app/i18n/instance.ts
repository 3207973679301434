import i18next, { type i18n as I18n, type Resource, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "#contract/locale.ts";
import metaEsAR from "./locales/es-AR/meta.json" with { type: "json" };
import metaEsPY from "./locales/es-PY/meta.json" with { type: "json" };
import metaPtBR from "./locales/pt-BR/meta.json" with { type: "json" };

/**
 * i18next set-up shared by the server and the browser. Of the catalogues it holds only the small
 * `meta` texts; the server bundles the rest of all three (index.ts, imported by entry.server),
 * the browser downloads only the visitor's (browser.ts).
 */

/** One locale's texts, as in catalogues/<locale>.ts. */
export type Catalogue = Record<string, unknown>;

const options = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  // Synchronous init: `t` works right after the instance is created, on the server and before hydration.
  initAsync: false,
  // React already escapes what it renders; escaping twice would show "&amp;" in brand names.
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

/** A fresh instance in `locale` with these catalogues, for one request (server) or one page load (browser). */
export function createI18nWith(resources: Resource, locale: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...options, resources, lng: locale });
  return instance;
}

// Meta functions run outside React, so they cannot use hooks; they share this instance and only
// ever ask it for a fixed language, which never mutates its state. Search-engine texts follow the
// host, not the visitor (lib/meta.ts), so every locale's `meta` texts are here even in the browser.
const metaInstance = i18next.createInstance();
void metaInstance.init({ ...options, resources: {}, lng: DEFAULT_LOCALE });

/** The `meta` texts of every locale (page titles, descriptions); only `fixedT` reads them. */
export const metaTexts: Record<Locale, typeof metaPtBR> = { "pt-BR": metaPtBR, "es-AR": metaEsAR, "es-PY": metaEsPY };

/** Makes a whole catalogue available to `fixedT`: all three on the server, the ones loaded in the browser. */
export function holdCatalogue(locale: Locale, catalogue: Catalogue): void {
  // i18next copies what it adds, so the imported JSON objects are never extended in place.
  metaInstance.addResourceBundle(locale, "translation", catalogue, true, true);
}

for (const locale of LOCALES) holdCatalogue(locale, metaTexts[locale]);

/** A `t` bound to one locale, for code that runs outside components (meta, loaders). */
export function fixedT(locale: Locale): TFunction {
  return metaInstance.getFixedT(locale);
}
