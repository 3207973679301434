import type { ExchangeRate } from "#contract/api/catalog.ts";
import type { MoedaId } from "#contract/currencies.ts";
import type { Locale } from "#contract/locale.ts";
import type { SiteInfo } from "#contract/site.ts";

export interface MenuDepartment {
  id: number;
  slug: string;
  name: string;
}

export interface MenuCategory {
  id: number;
  slug: string;
  name: string;
  visivel_menu: boolean;
  departments: MenuDepartment[];
}

export interface MenuBrand {
  id: number;
  slug: string;
  nome: string;
}

/** What the root loader hands the shell: one start-data call per page load, trimmed to the menus. */
export interface ShellData {
  locale: Locale;
  /** The guest's currency (spec §9); the cart and price issues read it from here. */
  currencyId: MoedaId;
  site: SiteInfo;
  categories: MenuCategory[];
  /** Categories holding special-line products (start data `categories_special`): the menus link the line when there are any. */
  specialCategories: MenuCategory[];
  /** The first two `destaque` brands, linked from the desktop menu. */
  featuredBrands: MenuBrand[];
  rates: ExchangeRate[];
  /** The logged-in customer (spec §6), or null for a guest. */
  customer: ShellCustomer | null;
}

export interface ShellCustomer {
  nome: string;
  estrangeiro: boolean;
  lang: string;
}
