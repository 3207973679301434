import type { ProductSummary } from "#contract/api/catalog.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import type { ApiClient } from "#app/lib/api-client.ts";
import {
  featuredQuery,
  homeBrands,
  homeCategories,
  homeContent,
  startQuery,
  tabProductsQuery,
  type HomeBrands,
  type HomeCategory,
  type HomeContent,
} from "./home-content.ts";

export interface HomeLoaderData {
  /** The start data (banners, most searched, special line), or null: the page retries it from the browser. */
  content: HomeContent | null;
  /** The menu categories, from the start data or their own call; null to load them in the browser. */
  categories: HomeCategory[] | null;
  /** The brands, likewise. */
  brands: HomeBrands | null;
  /** The first tab's products, or null to load them in the browser. */
  firstTab: ProductSummary[] | null;
  featured: ProductSummary[];
}

/**
 * Everything the first paint needs, in parallel where it can be. Failures never throw: categories,
 * brands and the start data's banners each have their own error state and retries (spec §2, §4 "Home
 * load retry", §8 'Erro ao carregar categorias' / 'Erro ao carregar marcas'). The start data holds all
 * three; when it fails, categories and brands are asked for on their own, so one failure is not three.
 */
export async function loadHome(api: ApiClient, locale: Locale, currencyId: number): Promise<HomeLoaderData> {
  const lang = apiLang(locale);
  const featuredRequest = api("GET /api/public/products", { query: featuredQuery(currencyId, lang) })
    .then((page) => page.data)
    .catch(() => []);
  let content: HomeContent | null = null;
  try {
    content = homeContent(await api("GET /api/public/start", { query: startQuery(lang, currencyId) }));
  } catch (error) {
    console.error("home: start data unavailable", error);
  }
  const [categories, brands] = content
    ? [content.categories, { stripBrands: content.stripBrands, mainBrands: content.mainBrands }]
    : await Promise.all([
        api("GET /api/public/categories", { query: { lang } }).then(
          (answer) => homeCategories(answer.data),
          () => null,
        ),
        api("GET /api/public/brands", { query: { lang } }).then(
          (answer) => homeBrands(answer.data),
          () => null,
        ),
      ]);
  const first = categories?.[0];
  const firstTab = first
    ? await api("GET /api/public/products", { query: tabProductsQuery(first.id, currencyId, lang) })
        .then((page) => page.data)
        .catch(() => null)
    : null;
  return { content, categories, brands, firstTab, featured: await featuredRequest };
}
