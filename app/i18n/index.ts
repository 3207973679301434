import type { i18n as I18n } from "i18next";
import { LOCALES, type Locale } from "#contract/locale.ts";
import esAR from "./catalogues/es-AR.ts";
import esPY from "./catalogues/es-PY.ts";
import ptBR from "./catalogues/pt-BR.ts";
import { createI18nWith, holdCatalogue, metaTexts } from "./instance.ts";

/**
 * The server's i18n: every catalogue is bundled, so rendering never waits for a network load and
 * any request can be answered in any language. The browser downloads only the visitor's
 * catalogue (browser.ts). The shell's texts live in <locale>.json; each feature keeps its own
 * file under locales/<locale>/, with one top-level key named after the feature.
 */
export const resources = {
  "pt-BR": { translation: { ...ptBR, ...metaTexts["pt-BR"] } },
  "es-AR": { translation: { ...esAR, ...metaTexts["es-AR"] } },
  "es-PY": { translation: { ...esPY, ...metaTexts["es-PY"] } },
} as const;

for (const locale of LOCALES) holdCatalogue(locale, resources[locale].translation);

/** A fresh instance for one request, with every catalogue. */
export function createI18n(locale: Locale): I18n {
  return createI18nWith(resources, locale);
}

export { fixedT } from "./instance.ts";
