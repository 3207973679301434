import type { MetaDescriptor } from "react-router";
import { DEFAULT_LOCALE, type Locale } from "#contract/locale.ts";
import { fixedT } from "#app/i18n/translator.ts";
import type metaPtBR from "#app/i18n/locales/pt-BR/meta.json";
import type { ShellData } from "#app/lib/shell-data.ts";

type PageKey = keyof (typeof metaPtBR)["pages"];

interface MetaMatchLike {
  id: string;
  loaderData?: unknown;
}

/** Spec §9: titles are cut at 60 characters (57 and an ellipsis), descriptions at 160: one cut everywhere (cutText). */
export function truncate(text: string, max: number): string {
  return cutText(text, max);
}

export function rootData(matches: readonly (MetaMatchLike | undefined)[]): ShellData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as ShellData | undefined;
}

/**
 * The host decides the language of the texts search engines read (spec §1, §2 "Home"): Portuguese
 * on the Portuguese brand's host, Spanish on the Spanish one, where a Spanish visitor keeps theirs.
 */
export function searchLocale(data: ShellData): Locale {
  if (data.site.brand === "pt") return "pt-BR";
  return data.locale === "pt-BR" ? "es-AR" : data.locale;
}

/**
 * The page title: the page's own title (or the home title) and the brand, in the language of the
 * host's brand like the description, cut by spec §9. `page` gets that language's translator.
 */
export function pageTitle(data: ShellData | undefined, page?: (t: ReturnType<typeof fixedT>) => string): string {
  const brand = data?.site.brandName ?? "";
  const seo = fixedT(data ? searchLocale(data) : DEFAULT_LOCALE);
  return metaTitle(page ? seo("meta.pageTitle", { page: page(seo), brand }) : seo("meta.homeTitle", { brand }));
}

/**
 * Title, description, keywords, Open Graph and canonical tags. `title` is the page's own title
 * (undefined gives the home title).
 */
export function buildMeta(data: ShellData | undefined, pathname: string, title?: (t: ReturnType<typeof fixedT>) => string) {
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const brand = data?.site.brandName ?? "";
  const fullTitle = pageTitle(data, title);
  const seo = fixedT(data ? searchLocale(data) : locale);
  const description = truncate(seo("meta.description", { brand }), 160);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { name: "keywords", content: seo("meta.keywords") },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
  ];
  if (brand) tags.push({ property: "og:site_name", content: brand });
  if (data) tags.push({ tagName: "link", rel: "canonical", href: `${data.site.origin}${pathname}` });
  return tags;
}

/** `meta` export for a screen whose title is `pages.<page>.title`. */
export function pageMeta(page: PageKey) {
  return ({ matches, location }: { matches: readonly (MetaMatchLike | undefined)[]; location: { pathname: string } }) =>
    buildMeta(rootData(matches), location.pathname, (t) => t(`pages.${page}.title`));
}

/**
 * Spec §9 cut for search snippets: text longer than `max` keeps `max - 3` characters and one
 * ellipsis character ("…"), so a 60-character title limit shows 57 characters and the ellipsis.
 */
export function cutText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 3).trimEnd()}…`;
}

export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;

export const metaTitle = (text: string) => cutText(text, META_TITLE_MAX);
export const metaDescription = (text: string) => cutText(text, META_DESCRIPTION_MAX);

/** Plain text of an HTML fragment, for descriptions built from product HTML. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * hreflang alternates between the two hosts (the Portuguese brand's and the Spanish one's) for
 * the same path; x-default is the Portuguese host, the shop's default language.
 */
export function alternateLinks(site: Pick<ShellData["site"], "originPt" | "originEs">, pathname: string): MetaDescriptor[] {
  return [
    { tagName: "link", rel: "alternate", hrefLang: "pt-BR", href: `${site.originPt}${pathname}` },
    { tagName: "link", rel: "alternate", hrefLang: "es", href: `${site.originEs}${pathname}` },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${site.originPt}${pathname}` },
  ];
}

/** JSON for an inline <script>: `<` (and the line separators) escaped so no text can close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
