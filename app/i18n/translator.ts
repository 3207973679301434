import { interpolate } from "#contract/interpolate.ts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "#contract/locale.ts";
import type accountPtBR from "./catalogues/account/pt-BR.ts";
import type adminPtBR from "./catalogues/admin/pt-BR.ts";
import type homePtBR from "./catalogues/home/pt-BR.ts";
import type ptBR from "./catalogues/pt-BR.ts";
import metaEsAR from "./locales/es-AR/meta.json" with { type: "json" };
import metaEsPY from "./locales/es-PY/meta.json" with { type: "json" };
import metaPtBR from "./locales/pt-BR/meta.json" with { type: "json" };

/**
 * The store's translator, the same code on the server and in the browser (decision 004). It does
 * what the catalogues use of i18next and answers as i18next did (fixtures/i18next-expectations.json):
 * dotted keys into nested texts; `{{name}}` filled from the options, unescaped, since React escapes
 * what it renders; `count` picks `key_zero` (for 0, when the text exists), else `key_<category>` by
 * Intl.PluralRules, else `key`; `context` tries `key_<context>` before `key`; a text missing in the
 * locale comes from pt-BR, then from `defaultValue`, else the key itself is shown.
 */

export type Catalogue = { readonly [key: string]: string | Catalogue };

/** Options of `t`: every other entry fills the `{{name}}` of the same name. */
export interface TOptions {
  count?: number;
  context?: string | number;
  defaultValue?: string;
  [name: string]: unknown;
}

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type Family<K extends string> = K extends `${infer Base}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? Base | K : K;

/** Every key of pt-BR, the reference catalogue, plural families also without their suffix. */
export type TranslationKey = Family<Leaves<typeof ptBR & typeof homePtBR & typeof accountPtBR & typeof adminPtBR & typeof metaPtBR>>;

export interface TFunction {
  (key: TranslationKey, options?: TOptions): string;
  /** A key built from data the catalogue may not cover, shown as `defaultValue` then. */
  (key: string, options: TOptions & { defaultValue: string }): string;
}

/** What a component gets from useTranslation(), and the server per request. */
export interface Translator {
  readonly language: Locale;
  readonly t: TFunction;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string" || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** `key` in `locale`, looked up in `catalogues`; exported for the tests, the app uses `fixedT`. */
export function translate(catalogues: Readonly<Partial<Record<string, Catalogue>>>, locale: string, key: string, options: TOptions = {}): string {
  const { count, context } = options;
  const plural = count !== undefined && typeof count !== "string";
  const bases = (typeof context === "string" || typeof context === "number") && context !== "" ? [`${key}_${context}`, key] : [key];
  for (const language of new Set([locale, DEFAULT_LOCALE])) {
    for (const base of bases) {
      const candidates = plural ? [`${base}_${pluralCategory(language, count)}`, base] : [base];
      if (plural && count === 0) candidates.unshift(`${base}_zero`);
      for (const candidate of candidates) {
        const text = lookup(catalogues[language], candidate);
        if (text !== undefined) return interpolate(text, options);
      }
    }
  }
  return interpolate(options.defaultValue ?? key, options);
}

/**
 * Parts of a catalogue that only some pages show, downloaded by those pages alone (the rest comes
 * with every page): `home` for the home and content pages (home-texts.ts), `account` for the
 * account pages and forms: login, registration, profile, passwords, addresses (account-texts.ts),
 * `admin` for the back office's pages (admin-texts.ts).
 */
export type TextGroup = "home" | "account" | "admin";

// The texts this page or process holds: on the server all catalogues (index.ts), in the browser
// the ones downloaded (browser.ts), and everywhere every locale's `meta` texts, since search-engine
// texts follow the host rather than the visitor (lib/meta.ts).
const held: Partial<Record<Locale, Catalogue>> = {};
const loaded = new Set<string>();
const part = (locale: Locale, group?: TextGroup) => (group ? `${locale}/${group}` : locale);

function merge(into: Catalogue | undefined, from: Catalogue): Catalogue {
  const out: Record<string, string | Catalogue> = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const current = out[key];
    out[key] = typeof value === "string" || current === undefined || typeof current === "string" ? value : merge(current, value);
  }
  return out;
}

/**
 * A catalogue that inherits every text of `base` and overrides only those `overrides` names: es-AR's
 * files hold only what Argentine Spanish says differently from es-PY (decision 016).
 */
export function inheritCatalogue<T extends Catalogue>(base: T, overrides: Catalogue): T {
  return merge(base, overrides) as T;
}

/** The `meta` texts of every locale (descriptions) and the pages' titles (`pages`), which a page's title takes in the host's language. */
export const metaTexts: Record<Locale, typeof metaPtBR> = {
  "pt-BR": metaPtBR,
  "es-AR": inheritCatalogue(metaEsPY, metaEsAR),
  "es-PY": metaEsPY,
};
for (const locale of LOCALES) held[locale] = merge(undefined, metaTexts[locale]);

/** Makes a locale's catalogue, or one of its groups, available; the imported object is copied, never changed. */
export function holdCatalogue(locale: Locale, catalogue: Catalogue, group?: TextGroup): void {
  held[locale] = merge(held[locale], catalogue);
  loaded.add(part(locale, group));
}

/** Whether `locale`'s catalogue (without its groups), or one of its groups, is here; its `meta` texts always are. */
export function hasCatalogue(locale: Locale, group?: TextGroup): boolean {
  return loaded.has(part(locale, group));
}

/** A `t` bound to one locale, for components (through useTranslation) and for code outside them (meta, loaders). */
export function fixedT(locale: Locale): TFunction {
  return (key: string, options?: TOptions) => translate(held, locale, key, options);
}

const translators = new Map<Locale, Translator>(LOCALES.map((locale) => [locale, { language: locale, t: fixedT(locale) }]));

/** The translator of `locale`; the same object every time, so it can sit in a context or a dependency list. */
export function translatorFor(locale: Locale): Translator {
  return translators.get(locale)!;
}
