import type { ProductDetails, ProductSummary } from "#contract/api/catalog.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import { ApiError, type ApiClient } from "#app/lib/api-client.ts";
import { RELATED_LIMIT } from "./related.ts";

/** spec §7: `lang` is empty for Portuguese and 'es' for both Spanish locales. */
const langParam = (locale: Locale) => (apiLang(locale) === "es" ? "es" : "");

/** The product, or a thrown 404 Response when the API does not know the slug or id. */
export async function loadProduct(api: ApiClient, slug: string, locale: Locale, currencyId: number): Promise<ProductDetails> {
  try {
    const body = await api("GET /api/public/products/{id}/details", {
      params: { id: slug },
      query: { lang: langParam(locale), moeda_id: currencyId },
    });
    return body.data;
  } catch (error) {
    if (!(error instanceof ApiError) || error.network) throw error;
    if (error.status === 404 || error.status === 422) throw new Response("Not Found", { status: 404 });
    throw new Response("Product unavailable", { status: 503 });
  }
}

/**
 * Same-brand products in stock (spec §2), the first 12 once this one is left out. Never throws:
 * the section is secondary, a failure leaves it empty rather than breaking the page.
 */
export async function loadRelated(api: ApiClient, product: ProductDetails, locale: Locale, currencyId: number): Promise<ProductSummary[]> {
  if (!product.marca) return [];
  const query = { brand_id: product.marca.id, tem_estoque: "1", per_page: RELATED_LIMIT + 1, moeda_id: currencyId, lang: apiLang(locale) } as const;
  try {
    const page = await api("GET /api/public/products", { query });
    return page.data.filter((p) => p.id !== product.id && p.tem_estoque).slice(0, RELATED_LIMIT);
  } catch {
    return [];
  }
}
