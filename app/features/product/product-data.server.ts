import type { ProductDetails } from "#contract/api/catalog.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import { ApiError, type ApiClient } from "#app/lib/api-client.ts";

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
