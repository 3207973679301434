import i18next, { type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "#contract/locale.ts";
import esAR from "./es-AR.json" with { type: "json" };
import esPY from "./es-PY.json" with { type: "json" };
import accountEsAR from "./locales/es-AR/account.json" with { type: "json" };
import cartEsAR from "./locales/es-AR/cart.json" with { type: "json" };
import catalogEsAR from "./locales/es-AR/catalog.json" with { type: "json" };
import homeEsAR from "./locales/es-AR/home.json" with { type: "json" };
import productEsAR from "./locales/es-AR/product.json" with { type: "json" };
import accountEsPY from "./locales/es-PY/account.json" with { type: "json" };
import cartEsPY from "./locales/es-PY/cart.json" with { type: "json" };
import catalogEsPY from "./locales/es-PY/catalog.json" with { type: "json" };
import homeEsPY from "./locales/es-PY/home.json" with { type: "json" };
import productEsPY from "./locales/es-PY/product.json" with { type: "json" };
import accountPtBR from "./locales/pt-BR/account.json" with { type: "json" };
import cartPtBR from "./locales/pt-BR/cart.json" with { type: "json" };
import catalogPtBR from "./locales/pt-BR/catalog.json" with { type: "json" };
import homePtBR from "./locales/pt-BR/home.json" with { type: "json" };
import productPtBR from "./locales/pt-BR/product.json" with { type: "json" };
import ptBR from "./pt-BR.json" with { type: "json" };

/**
 * Every catalogue is bundled: rendering never waits for a network load, so no text flashes.
 * The shell's texts live in <locale>.json; each feature keeps its own file under locales/<locale>/,
 * with one top-level key named after the feature.
 */
export const resources = {
  "pt-BR": { translation: { ...ptBR, ...catalogPtBR, ...homePtBR, ...productPtBR, ...accountPtBR, ...cartPtBR } },
  "es-AR": { translation: { ...esAR, ...catalogEsAR, ...homeEsAR, ...productEsAR, ...accountEsAR, ...cartEsAR } },
  "es-PY": { translation: { ...esPY, ...catalogEsPY, ...homeEsPY, ...productEsPY, ...accountEsPY, ...cartEsPY } },
} as const;

const options = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  resources,
  // Synchronous init: `t` works right after createI18n returns, on the server and before hydration.
  initAsync: false,
  // React already escapes what it renders; escaping twice would show "&amp;" in brand names.
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

/** A fresh instance for one request (server) or one page load (browser). */
export function createI18n(locale: Locale): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({ ...options, lng: locale });
  return instance;
}

// Meta functions run outside React, so they cannot use hooks; they share this instance and only
// ever ask it for a fixed language, which never mutates its state.
let metaInstance: I18n | undefined;

/** A `t` bound to one locale, for code that runs outside components (meta, loaders). */
export function fixedT(locale: Locale): TFunction {
  metaInstance ??= createI18n(DEFAULT_LOCALE);
  return metaInstance.getFixedT(locale);
}
