import type { ProductDetails, ProductSummary } from "#contract/api/catalog.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import type { ApiClient } from "#app/lib/api-client.ts";

/** Spec §9: at most 12 related products; the carousel shows 5 per page on desktop. */
export const RELATED_LIMIT = 12;
export const RELATED_PER_PAGE = 5;

/** Number of carousel pages for `count` items. */
export const pageCount = (count: number, perPage = RELATED_PER_PAGE) => Math.max(1, Math.ceil(count / perPage));

/** Same-brand products in stock (spec §2), the first 12 once this one is left out; none without a brand. */
export async function fetchRelated(
  api: ApiClient,
  product: Pick<ProductDetails, "id" | "marca">,
  locale: Locale,
  currencyId: number,
  signal?: AbortSignal,
): Promise<ProductSummary[]> {
  if (!product.marca) return [];
  const query = { brand_id: product.marca.id, tem_estoque: "1", per_page: RELATED_LIMIT + 1, moeda_id: currencyId, lang: apiLang(locale) } as const;
  const page = await api("GET /api/public/products", { query, signal });
  return page.data.filter((p) => p.id !== product.id && p.tem_estoque).slice(0, RELATED_LIMIT);
}
