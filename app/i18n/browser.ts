import { DEFAULT_LOCALE, isLocale, type Locale } from "#contract/locale.ts";
import { hasCatalogue, holdCatalogue, translatorFor, type Catalogue, type TextGroup, type Translator } from "./translator.ts";

type Load = () => Promise<{ default: Catalogue }>;

// One chunk per locale, and per locale and group: a page downloads the texts of its own language,
// and of the groups its modules ask for, only.
const catalogues: Record<Locale, Load> = {
  "pt-BR": () => import("./catalogues/pt-BR.ts"),
  "es-AR": () => import("./catalogues/es-AR.ts"),
  "es-PY": () => import("./catalogues/es-PY.ts"),
};
const groups: Record<TextGroup, Record<Locale, Load>> = {
  home: {
    "pt-BR": () => import("./catalogues/home/pt-BR.ts"),
    "es-AR": () => import("./catalogues/home/es-AR.ts"),
    "es-PY": () => import("./catalogues/home/es-PY.ts"),
  },
  account: {
    "pt-BR": () => import("./catalogues/account/pt-BR.ts"),
    "es-AR": () => import("./catalogues/account/es-AR.ts"),
    "es-PY": () => import("./catalogues/account/es-PY.ts"),
  },
  admin: {
    "pt-BR": () => import("./catalogues/admin/pt-BR.ts"),
    "es-AR": () => import("./catalogues/admin/es-AR.ts"),
    "es-PY": () => import("./catalogues/admin/es-PY.ts"),
  },
};

// The groups this page's modules asked for: a change of language downloads them in the new one too.
const wanted = new Set<TextGroup>();

/** Whether `locale`'s catalogue and every group asked for so far are here (on the server they all are). */
export function hasTexts(locale: Locale): boolean {
  return hasCatalogue(locale) && [...wanted].every((group) => hasCatalogue(locale, group));
}

/** Downloads, side by side, what of `locale`'s catalogue and of the groups asked for is not here yet. */
export async function ensureCatalogue(locale: Locale): Promise<void> {
  const missing: Promise<void>[] = [];
  if (!hasCatalogue(locale)) missing.push(catalogues[locale]().then((m) => holdCatalogue(locale, m.default)));
  for (const group of wanted) {
    if (!hasCatalogue(locale, group)) missing.push(groups[group][locale]().then((m) => holdCatalogue(locale, m.default, group)));
  }
  await Promise.all(missing);
}

/** The language of the page as the server rendered it, or as the last change of language left it. */
const pageLocale = (): Locale => (isLocale(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LOCALE);

/**
 * Waits for a group's texts in the page's language; awaited at the top of the modules that show
 * them (home-texts.ts, account-texts.ts), so no component renders before they are here. The server holds them all.
 */
export async function ensureTexts(group: TextGroup): Promise<void> {
  if (typeof document === "undefined") return;
  wanted.add(group);
  await ensureCatalogue(pageLocale());
}

/** The browser's translator, in the language the server rendered, once that catalogue has arrived. */
export async function createBrowserTranslator(locale: Locale): Promise<Translator> {
  await ensureCatalogue(locale);
  return translatorFor(locale);
}
