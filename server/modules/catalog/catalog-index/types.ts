import type { ExchangeRate, ProductSortField } from "#contract/api/catalog.ts";
import type { TopProduct } from "#contract/api/admin/dashboard.ts";
import type { ApiLang } from "#contract/locale.ts";
import type { BrandTotal, ProductRow } from "../repo.ts";

/**
 * The catalogue's active products in memory, for lists and searches (docs/decisions/018): every list
 * page, sort, filter, total and search of the storefront is answered from here without a database
 * statement, so a visitor typing or a crawler walking page 3,000 costs microseconds instead of a
 * query on the embedded database's one connection.
 *
 * The database stays the truth. Triggers write every change to `catalogo_alteracoes` in the writing
 * transaction; before it answers, the index reads what is new there (one small query shared by every
 * request waiting at that moment) and reloads the products named, so a change is seen by the next
 * request on every process, as a list read from the database would see it.
 */
export interface CatalogIndex {
  /** Resolves when every change committed before the call is in the index. */
  fresh(): Promise<void>;
  /** A list's page, its total and its brands' totals. */
  list(query: ListQuery): ListAnswer;
  /** The ids of the products a search matches, closest first (the price list and exports filter by them). */
  searchIds(words: readonly string[], lang: ApiLang): number[];
  /** An active product by its id or slug (what a product page asks for), or undefined. */
  product(idOrSlug: string, lang: ApiLang): ProductRow | undefined;
  /** Every exchange rate (spec §9), as current as the products. */
  rates(): ExchangeRate[];
  /**
   * The active products with no unit available and with 1 to `low`, and the `take` with the fewest units
   * (then the lowest id) among the latter: the back office's dashboard.
   */
  stockLevels(low: number, take: number): { out: number; low: number; lowest: (NamedProduct & { qtde: number })[] };
  /** The code and names of the active products among `ids` (the dashboard's most sold). */
  named(ids: readonly number[]): Map<number, NamedProduct>;
  /** How many active products the index holds. */
  readonly size: number;
}

export type Sort = readonly { field: ProductSortField; direction: "asc" | "desc" }[];

export interface ListQuery {
  lang: ApiLang;
  /** Normalised words (normaliseSearch); empty for a plain list. */
  words: readonly string[];
  categoryId?: number;
  departmentId?: number;
  brandIds: readonly number[];
  inStockOnly: boolean;
  special?: "only" | "exclude";
  sort: Sort;
  /** With a search and the default order, closest matches first (default true). */
  relevance?: boolean;
  limit: number;
  /** Rows skipped; a page past the end gives the last page's rows (spec §4). */
  offset: number;
  /** Count the products of every brand too (the brand filter); a page alone needs only its total. */
  brandTotals?: boolean;
}

export interface ListAnswer {
  rows: ProductRow[];
  /** Matching products (the ticked brands only). */
  total: number;
  /** The offset the rows start at (moved back when the asked one was past the end). */
  offset: number;
  /** Matching products per brand, whatever brands are ticked (null: products without a brand); empty unless asked. */
  brandTotals: BrandTotal[];
}

/** A product as the back office's dashboard names it. */
export type NamedProduct = Omit<TopProduct, "unidades">;
