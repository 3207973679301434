import type { ProductsPage } from "#contract/api/catalog.ts";
import type { ListParams, ProductsApiQuery } from "./list-query.ts";

export type ListKind = "products" | "brand" | "special";

export interface NamedRef {
  id: number;
  slug: string;
  name: string;
}

/** A brand of the current result and its number of products (the brand filter). */
export interface BrandChoice extends NamedRef {
  total: number;
}

export interface SidebarCategory extends NamedRef {
  departments: NamedRef[];
}

/** Everything a product-list screen (products, brand, special line) renders. */
export interface CatalogListData {
  kind: ListKind;
  title: string;
  category: SidebarCategory | null;
  department: NamedRef | null;
  brand: NamedRef | null;
  categories: SidebarCategory[];
  /** Brands present in the whole current result with their counts, for the brand checkboxes. */
  brands: BrandChoice[];
  params: ListParams;
  /** null when the products could not be loaded (error state with retry). */
  result: ProductsPage | null;
  /** What failed to load when it was the brand of a brand page (spec §8 'Erro ao carregar marca'), not its products. */
  loadError?: "brand";
  /** The filters as the export call takes them (same as the list, without page and size). */
  exportQuery: ProductsApiQuery;
}

/** Where a category, department or brand choice leads on each kind of list (spec §2 routes). */
export function scopePath(kind: ListKind, scope: { brand?: NamedRef | null; category?: NamedRef | null; department?: NamedRef | null }): string {
  const parts: string[] = [];
  if (kind === "brand" && scope.brand) {
    parts.push("marca", scope.brand.slug);
    if (scope.category) parts.push(scope.category.slug);
    return `/${parts.join("/")}`;
  }
  parts.push(kind === "special" ? "especial" : "produtos");
  if (kind === "special" && scope.brand) parts.push(scope.brand.slug);
  if (scope.category) {
    parts.push(scope.category.slug);
    if (scope.department) parts.push(scope.department.slug);
  }
  return `/${parts.join("/")}`;
}

/** What an address named that does not exist (a 404's data); a brand's page says which, and leads back to the brand. */
export interface Missing {
  message: string;
  what: "brand" | "category" | "department";
  brand?: NamedRef;
}
