import { isDbId, withoutControlCharacters } from "#contract/input.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import type { ApiRequest } from "#app/lib/api-client.ts";

/** Spec §2/§9 sort options, as they appear in the address (`sort=field:direction`); "" is the default. */
export const SORT_OPTIONS = ["", "valor_venda:asc", "valor_venda:desc", "nome:asc", "nome:desc"] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Spec §9: 20 per page on desktop, 12 on mobile. */
export const PER_PAGE_DESKTOP = 20;
export const PER_PAGE_MOBILE = 12;
/** Spec §2: the mobile filter lists the first 10 brands only. */
export const MOBILE_BRAND_LIMIT = 10;

/** What the address says about a product list: the address is the whole state (reload, back). */
export interface ListParams {
  text: string;
  page: number;
  sort: SortOption;
  brandIds: number[];
  /** `order=codigo_desc`: newest first, titled as news. */
  news: boolean;
  availableOnly: boolean;
  perPage: number;
}

/** What the route's path resolved to. */
export interface ListScope {
  categoryId?: number;
  departmentId?: number;
  brandId?: number;
  special?: boolean;
}

const isSort = (value: string): value is SortOption => (SORT_OPTIONS as readonly string[]).includes(value);

/**
 * The list's state from its address. Without `per_page` the size follows the device: `phone` is the
 * browser's own word (the `Sec-CH-UA-Mobile: ?1` hint Chromium sends with every request), so a phone is
 * served 12 at once; other phones get 20 and ask for 12 once the page knows its width.
 */
export function readListParams(search: URLSearchParams, phone = false): ListParams {
  const page = Number(search.get("page"));
  const sort = search.get("sort") ?? "";
  const brandIds = [
    ...new Set(
      (search.get("brandSlug") ?? "")
        .split(",")
        .map((id) => Number(id.trim()))
        .filter(isDbId),
    ),
  ];
  return {
    text: withoutControlCharacters(search.get("text") ?? "")
      .trim()
      .slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, 100_000) : 1,
    sort: isSort(sort) ? sort : "",
    brandIds,
    news: search.get("order") === "codigo_desc",
    availableOnly: search.get("availability") === "available",
    perPage: pageSize(search.get("per_page"), phone),
  };
}

// Only the two sizes the layouts use; anything else is the desktop size.
function pageSize(asked: string | null, phone: boolean): number {
  if (asked === null) return phone ? PER_PAGE_MOBILE : PER_PAGE_DESKTOP;
  return Number(asked) === PER_PAGE_MOBILE ? PER_PAGE_MOBILE : PER_PAGE_DESKTOP;
}

/** The browser says it is a phone (a low-entropy client hint, sent without asking). */
export const isPhoneRequest = (request: Request): boolean => request.headers.get("sec-ch-ua-mobile") === "?1";

/** Spec §7: order_by `tem_estoque,{field}`, order `desc,{direction}`; default field id, direction desc. */
export function sortQuery(params: Pick<ListParams, "sort" | "news">): { order_by: string; order: string } {
  const [field, direction] = params.sort ? params.sort.split(":") : params.news ? ["codigo", "desc"] : ["id", "desc"];
  return { order_by: `tem_estoque,${field}`, order: `desc,${direction}` };
}

/** The query of the list call (GET /api/public/products), as text: the export call sends its filters too. */
export type ProductsApiQuery = { [K in keyof NonNullable<ApiRequest<"GET /api/public/products">["query"]>]?: string } & {
  special?: "only";
  all_products?: "1";
  tem_estoque?: "1";
};

/** Filters shared by the list call and the export call (no page, no size). */
export function filterQuery(params: ListParams, scope: ListScope, locale: Locale, moedaId: number): ProductsApiQuery {
  const query: ProductsApiQuery = { moeda_id: String(moedaId) };
  if (apiLang(locale) === "es") query.lang = "es";
  if (params.text) {
    // Spec §7: a search looks everywhere (category and department null) and tolerates typos.
    query.text = params.text;
    query.all_products = "1";
  } else {
    if (scope.categoryId) query.category_id = String(scope.categoryId);
    if (scope.departmentId) query.department_id = String(scope.departmentId);
  }
  if (scope.brandId) query.brand_id = String(scope.brandId);
  if (params.brandIds.length > 0) query.brands_ids = params.brandIds.join(",");
  if (params.availableOnly) query.tem_estoque = "1";
  if (scope.special) query.special = "only";
  return query;
}

export function productsQuery(params: ListParams, scope: ListScope, locale: Locale, moedaId: number): ProductsApiQuery {
  const { order_by, order } = sortQuery(params);
  return { ...filterQuery(params, scope, locale, moedaId), page: String(params.page), per_page: String(params.perPage), order_by, order };
}

/**
 * The address after a change of state (spec §4): a new category, department or search text resets
 * the page and clears the brands; a new sort or availability resets the page; brands keep the route.
 */
export function changeSearch(
  current: URLSearchParams,
  change:
    | { kind: "page"; page: number }
    | { kind: "sort"; sort: SortOption }
    | { kind: "brands"; brandIds: number[] }
    | { kind: "availability"; availableOnly: boolean }
    | { kind: "scope" },
): string {
  const next = new URLSearchParams(current);
  switch (change.kind) {
    case "page":
      if (change.page <= 1) next.delete("page");
      else next.set("page", String(change.page));
      break;
    case "sort":
      next.delete("page");
      if (change.sort) next.set("sort", change.sort);
      else next.delete("sort");
      break;
    case "brands":
      next.delete("page");
      if (change.brandIds.length > 0) next.set("brandSlug", change.brandIds.join(","));
      else next.delete("brandSlug");
      break;
    case "availability":
      next.delete("page");
      if (change.availableOnly) next.set("availability", "available");
      else next.delete("availability");
      break;
    case "scope":
      next.delete("page");
      next.delete("brandSlug");
      next.delete("text");
      break;
  }
  const text = next.toString();
  return text ? `?${text}` : "";
}
