import type { ProductDetails, ProductSummary, ProductsPage } from "#contract/api/catalog.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import type { AppLoadContext } from "#app/lib/load-context.ts";
import { RELATED_LIMIT } from "./related.ts";

type ApiFetch = AppLoadContext["apiFetch"];

/** spec §7: `lang` is empty for Portuguese and 'es' for both Spanish locales. */
const langParam = (locale: Locale) => (apiLang(locale) === "es" ? "es" : "");

/** The product, or a thrown 404 Response when the API does not know the slug or id. */
export async function loadProduct(apiFetch: ApiFetch, slug: string, locale: Locale, currencyId: number): Promise<ProductDetails> {
  const query = new URLSearchParams({ lang: langParam(locale), moeda_id: String(currencyId) });
  const response = await apiFetch(`/api/public/products/${encodeURIComponent(slug)}/details?${query}`);
  if (response.status === 404 || response.status === 422) throw new Response("Not Found", { status: 404 });
  if (!response.ok) throw new Response("Product unavailable", { status: 503 });
  const body = (await response.json()) as { data: ProductDetails };
  return body.data;
}

/**
 * Same-brand products in stock (spec §2), the first 12 once this one is left out. Never throws:
 * the section is secondary, a failure leaves it empty rather than breaking the page.
 */
export async function loadRelated(apiFetch: ApiFetch, product: ProductDetails, locale: Locale, currencyId: number): Promise<ProductSummary[]> {
  if (!product.marca) return [];
  const query = new URLSearchParams({
    brand_id: String(product.marca.id),
    tem_estoque: "1",
    per_page: String(RELATED_LIMIT + 1),
    moeda_id: String(currencyId),
    lang: apiLang(locale),
  });
  try {
    const response = await apiFetch(`/api/public/products?${query}`);
    if (!response.ok) return [];
    const page = (await response.json()) as ProductsPage;
    return page.data.filter((p) => p.id !== product.id && p.tem_estoque).slice(0, RELATED_LIMIT);
  } catch {
    return [];
  }
}
