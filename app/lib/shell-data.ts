import type { ExchangeRate, Menu, MenuCategory } from "#contract/api/catalog.ts";
import type { MoedaId } from "#contract/currencies.ts";
import type { Locale } from "#contract/locale.ts";
import type { SiteInfo } from "#contract/site.ts";

export type { MenuCategory } from "#contract/api/catalog.ts";

/** A category as every document carries it; its departments come when a menu opens (features/layout/menu-data.ts). */
export type ShellCategory = Omit<MenuCategory, "departments">;

export type MenuBrand = Menu["featured_brands"][number];

/** What the root loader hands the shell: one menu call per page load (GET /api/public/menu), without the departments. */
export interface ShellData {
  locale: Locale;
  /** The shopper's currency (spec §9): the signed-in customer's, else the guest's; the cart and prices read it from here. */
  currencyId: MoedaId;
  site: SiteInfo;
  categories: ShellCategory[];
  /** Whether the special line has products: the menus link it then. */
  hasSpecialLine: boolean;
  /** The first two `destaque` brands, linked from the desktop menu. */
  featuredBrands: MenuBrand[];
  rates: ExchangeRate[];
  /** The logged-in customer (spec §6), or null for a guest. */
  customer: ShellCustomer | null;
  /** `admin` on the back office's pages: no storefront shell, menus nor customer; the member's language. */
  area?: "admin";
}

export interface ShellCustomer {
  nome: string;
  estrangeiro: boolean;
  lang: string;
}
