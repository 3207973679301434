import type { StartData } from "#contract/api/catalog.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import type { ApiClient } from "#app/lib/api-client.ts";
import { guestCurrencyId } from "#app/lib/guest-currency.ts";
import type { MenuCategory, ShellData } from "#app/lib/shell-data.ts";

type ShellCatalog = Pick<ShellData, "categories" | "specialCategories" | "featuredBrands" | "rates">;

const EMPTY: ShellCatalog = { categories: [], specialCategories: [], featuredBrands: [], rates: [] };

const toMenuCategories = (list: StartData["categories"] | undefined): MenuCategory[] =>
  (list ?? []).map((c) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    visivel_menu: c.visivel_menu,
    // Icons are SVG markup and can be large; the menus do not show them, so they stay behind.
    departments: (c.departments ?? []).map((d) => ({ id: d.id, slug: d.slug, name: d.name })),
  }));

export function toShellCatalog(start: Partial<StartData>): ShellCatalog {
  const categories = toMenuCategories(start.categories);
  const specialCategories = toMenuCategories(start.categories_special);
  const featuredBrands = (start.brands ?? [])
    .filter((b) => b.destaque)
    .slice(0, 2)
    .map((b) => ({ id: b.id, slug: b.slug, nome: b.nome }));
  // The top bar shows what one US dollar buys (spec §9: source 2 to targets 1, 3 and 4).
  const rates = (start.exchange_rates ?? []).filter((r) => r.source_currency.id === 2).sort((a, b) => a.target_currency.id - b.target_currency.id);
  return { categories, specialCategories, featuredBrands, rates };
}

/**
 * Menus and rates for the shell. A failing API must not take every page down with it: the shell
 * then renders with empty lists, as the spec's start-up does (§4).
 */
export async function loadShellCatalog(api: ApiClient, locale: Locale): Promise<ShellCatalog> {
  const query = { lang: apiLang(locale), moeda_id: guestCurrencyId(locale), tem_estoque: "1" } as const;
  try {
    return toShellCatalog(await api("GET /api/public/start", { query }));
  } catch (error) {
    console.error("shell: start data unavailable, rendering without menus", error);
    return EMPTY;
  }
}
