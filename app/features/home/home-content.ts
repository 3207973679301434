import type { Banner, Brand, Category, ProductSummary, StartData } from "#contract/api/catalog.ts";
import { BANNER_TYPES } from "#contract/banners.ts";
import { categoryIconName } from "#contract/category-icons.ts";
import { requestLine, type ApiRequest } from "#app/lib/api-client.ts";

/** Spec §9 sizes of the home page. */
export const TAB_LIMIT_DESKTOP = 8;
export const TAB_LIMIT_MOBILE = 5;
export const TAB_PRODUCTS = 8;
export const MOST_SEARCHED_LIMIT = 20;
export const MOST_SEARCHED_PER_PAGE = 5;
export const MOST_SEARCHED_MOBILE = 4;
export const FEATURED_DESKTOP = 10;
export const FEATURED_MOBILE = 6;
export const MAIN_BRANDS_LIMIT = 12;

export interface HomeCategory {
  id: number;
  slug: string;
  name: string;
  /** The icon the back office chose (contract/category-icons.ts), or the slug, which picks one by itself. */
  icon: string;
}

export interface HomeBrand {
  id: number;
  slug: string;
  nome: string;
  logo: string | null;
}

export interface HomeBanner {
  id: number;
  image: string;
  link: string | null;
  title: string;
  description: string;
}

/** What the home page shows from the start data, trimmed to what it renders. */
export interface HomeContent {
  categories: HomeCategory[];
  /** Categories of the special line (start data `categories_special`), each leading to /especial/{slug}. */
  specialCategories: HomeCategory[];
  stripBrands: HomeBrand[];
  mainBrands: HomeBrand[];
  mainBanners: HomeBanner[];
  triple: HomeBanner[];
  offersBanner: HomeBanner | null;
  mostSearched: ProductSummary[];
}

const toBanner = (b: Banner): HomeBanner | null =>
  b.imagem?.url ? { id: b.id, image: b.imagem.url, link: b.link, title: b.titulo ?? b.descricao ?? "", description: b.descricao ?? "" } : null;

/**
 * The banner of one type that wins its slot: the smallest order the back office gave, then the highest id (spec §3:
 * with every order equal, as the seed's are, the highest id wins).
 */
function latestOfType(banners: Banner[], tipo: string): HomeBanner | null {
  const candidates = banners.filter((b) => b.tipo === tipo && b.imagem?.url).sort((a, b) => (a.ordem ?? 0) - (b.ordem ?? 0) || b.id - a.id);
  return candidates[0] ? toBanner(candidates[0]) : null;
}

const toBrand = (b: Brand): HomeBrand => ({ id: b.id, slug: b.slug, nome: b.nome, logo: b.logo });

/** The brands the home page shows: the strip (every brand with a logo) and the main brands (featured first). */
export interface HomeBrands {
  stripBrands: HomeBrand[];
  mainBrands: HomeBrand[];
}

export function homeBrands(brands: Brand[]): HomeBrands {
  const withLogo = brands.filter((b) => b.logo);
  const featured = withLogo.filter((b) => b.destaque);
  const mainBrands = [...featured, ...withLogo.filter((b) => !b.destaque)].slice(0, MAIN_BRANDS_LIMIT);
  return { stripBrands: withLogo.map(toBrand), mainBrands: mainBrands.map(toBrand) };
}

/** Menu categories (visivel_menu) in their order, at most 8 (spec §2 "Home, desktop"). */
export function homeCategories(categories: Category[]): HomeCategory[] {
  return categories
    .filter((c) => c.visivel_menu)
    .slice(0, TAB_LIMIT_DESKTOP)
    .map((c) => ({ id: c.id, slug: c.slug, name: c.name, icon: categoryIconName(c.icone) ?? c.slug }));
}

export function homeContent(start: Partial<StartData>): HomeContent {
  const banners = start.banners ?? [];
  const triple = [BANNER_TYPES.left, BANNER_TYPES.centre, BANNER_TYPES.right]
    .map((tipo) => latestOfType(banners, tipo))
    .filter((b): b is HomeBanner => b !== null);
  return {
    categories: homeCategories(start.categories ?? []),
    specialCategories: (start.categories_special ?? [])
      .slice(0, TAB_LIMIT_DESKTOP)
      .map((c) => ({ id: c.id, slug: c.slug, name: c.name, icon: c.slug })),
    ...homeBrands(start.brands ?? []),
    // Main banners need an image (spec §3); they show in the back office's order, then in id order.
    mainBanners: banners
      .filter((b) => b.tipo === BANNER_TYPES.main)
      .sort((a, b) => (a.ordem ?? 0) - (b.ordem ?? 0) || a.id - b.id)
      .map(toBanner)
      .filter((b): b is HomeBanner => b !== null),
    triple,
    offersBanner: latestOfType(banners, BANNER_TYPES.offers),
    mostSearched: (start.products ?? []).slice(0, MOST_SEARCHED_LIMIT),
  };
}

/** Pages of the most-searched carousel: 5 products each. */
export function pages<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** API query for one category tab: the 8 newest products (id descending). */
export function tabProductsQuery(categoryId: number, currencyId: number, lang: "pt" | "es"): ApiRequest<"GET /api/public/products">["query"] {
  // Spec §7: lang is 'es' for both Spanish locales and left out otherwise.
  return { category_id: categoryId, per_page: TAB_PRODUCTS, order_by: "id", order: "desc", moeda_id: currencyId, ...(lang === "es" ? { lang } : {}) };
}

export function tabProductsPath(categoryId: number, currencyId: number, lang: "pt" | "es"): string {
  return requestLine("GET /api/public/products", { query: tabProductsQuery(categoryId, currencyId, lang) }).url;
}

export const startQuery = (lang: "pt" | "es", currencyId: number) => ({ lang, moeda_id: currencyId, tem_estoque: "1" }) as const;

/** Featured tools: the newest products in stock. */
export function featuredQuery(currencyId: number, lang: "pt" | "es"): ApiRequest<"GET /api/public/products">["query"] {
  return { per_page: FEATURED_DESKTOP, order_by: "id", order: "desc", tem_estoque: "1", moeda_id: currencyId, ...(lang === "es" ? { lang } : {}) };
}
