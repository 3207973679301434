import type { ProductSummary } from "#contract/api/catalog.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import type { ApiClient } from "#app/lib/api-client.ts";
import { featuredQuery, homeContent, startQuery, tabProductsQuery, type HomeContent } from "./home-content.ts";

export interface HomeLoaderData {
  /** null when the start data could not be read: the page retries it from the browser. */
  content: HomeContent | null;
  /** The first tab's products, or null to load them in the browser. */
  firstTab: ProductSummary[] | null;
  featured: ProductSummary[];
}

/**
 * Everything the first paint needs, in parallel where it can be. Failures never throw: each
 * region has its own error state and retries (spec §4 "Home load retry").
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
  const first = content?.categories[0];
  const firstTab = first
    ? await api("GET /api/public/products", { query: tabProductsQuery(first.id, currencyId, lang) })
        .then((page) => page.data)
        .catch(() => null)
    : null;
  return { content, firstTab, featured: await featuredRequest };
}
