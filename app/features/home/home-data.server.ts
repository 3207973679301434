import type { ProductSummary, ProductsPage, StartData } from "#contract/api/catalog.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import type { AppLoadContext } from "#app/lib/load-context.ts";
import { featuredPath, homeContent, startPath, tabProductsPath, type HomeContent } from "./home-content.ts";

type ApiFetch = AppLoadContext["apiFetch"];

export interface HomeLoaderData {
  /** null when the start data could not be read: the page retries it from the browser. */
  content: HomeContent | null;
  /** The first tab's products, or null to load them in the browser. */
  firstTab: ProductSummary[] | null;
  featured: ProductSummary[];
}

async function getJson<T>(apiFetch: ApiFetch, path: string): Promise<T> {
  const response = await apiFetch(path);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Everything the first paint needs, in parallel where it can be. Failures never throw: each
 * region has its own error state and retries (spec §4 "Home load retry").
 */
export async function loadHome(apiFetch: ApiFetch, locale: Locale, currencyId: number): Promise<HomeLoaderData> {
  const lang = apiLang(locale);
  const featuredRequest = getJson<ProductsPage>(apiFetch, featuredPath(currencyId, lang))
    .then((page) => page.data)
    .catch(() => []);
  let content: HomeContent | null = null;
  try {
    content = homeContent(await getJson<StartData>(apiFetch, startPath(lang, currencyId)));
  } catch (error) {
    console.error("home: start data unavailable", error);
  }
  const first = content?.categories[0];
  const firstTab = first
    ? await getJson<ProductsPage>(apiFetch, tabProductsPath(first.id, currencyId, lang))
        .then((page) => page.data)
        .catch(() => null)
    : null;
  return { content, firstTab, featured: await featuredRequest };
}
