import type { i18n as I18n } from "i18next";
import type { Locale } from "#contract/locale.ts";
import { createI18nWith, holdCatalogue, type Catalogue } from "./instance.ts";

// One chunk per locale: a page downloads the catalogue of its own language only.
const catalogues: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  "pt-BR": () => import("./catalogues/pt-BR.ts"),
  "es-AR": () => import("./catalogues/es-AR.ts"),
  "es-PY": () => import("./catalogues/es-PY.ts"),
};

/** Downloads `locale`'s catalogue into `i18n` (and `fixedT`), unless it is there already. */
export async function ensureCatalogue(i18n: I18n, locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, "translation")) return;
  const { default: catalogue } = await catalogues[locale]();
  i18n.addResourceBundle(locale, "translation", catalogue, true, true);
  holdCatalogue(locale, catalogue);
}

/** The browser's instance, in the language the server rendered, once that catalogue has arrived. */
export async function createBrowserI18n(locale: Locale): Promise<I18n> {
  const i18n = createI18nWith({}, locale);
  await ensureCatalogue(i18n, locale);
  return i18n;
}
