import type { Menu } from "#contract/api/catalog.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import type { ApiClient } from "#app/lib/api-client.ts";
import type { ShellData } from "#app/lib/shell-data.ts";

type ShellCatalog = Pick<ShellData, "categories" | "hasSpecialLine" | "featuredBrands" | "rates">;

const EMPTY: ShellCatalog = { categories: [], hasSpecialLine: false, featuredBrands: [], rates: [] };
/** No menus, no rates: the back office's pages and a shell whose API failed. */
export const EMPTY_SHELL_CATALOG: Readonly<ShellCatalog> = EMPTY;

/**
 * What the document carries of the menu: category names, never their departments. Those are drawn only
 * when a menu opens, from the same call made by the browser (menu-data.ts), so no page serialises them.
 */
export function toShellCatalog(menu: Menu): ShellCatalog {
  return {
    categories: menu.categories.map((c) => ({ id: c.id, slug: c.slug, name: c.name, visivel_menu: c.visivel_menu })),
    hasSpecialLine: menu.special_line,
    featuredBrands: menu.featured_brands,
    rates: menu.exchange_rates,
  };
}

/**
 * How long a process reuses the menu it read. Every page needs it and it changes seldom (the API keeps it
 * five minutes, spec §9); reading it once per language in this window, not once per page, saves every
 * page a call. A back-office write changes the catalogue's generation, which ends the reuse at once: else
 * a guest's page cached in the window would keep the old menu for the page cache's whole life.
 */
export const SHELL_MENU_REUSE_MS = 5_000;

const recent = new Map<string, { until: number; generation: string; catalog: Promise<ShellCatalog> }>();

/**
 * Menus and rates for the shell. A failing API must not take every page down with it: the shell
 * then renders with empty lists, as the spec's start-up does (§4), and the next page asks again.
 */
export function loadShellCatalog(api: ApiClient, locale: Locale, generation = "", now = Date.now()): Promise<ShellCatalog> {
  const lang = apiLang(locale);
  const kept = recent.get(lang);
  if (kept && kept.until > now && kept.generation === generation) return kept.catalog;
  const catalog = api("GET /api/public/menu", { query: { lang } }).then(
    (answer) => toShellCatalog(answer.data),
    (error: unknown) => {
      recent.delete(lang);
      console.error("shell: menu unavailable, rendering without menus", error);
      return EMPTY;
    },
  );
  recent.set(lang, { until: now + SHELL_MENU_REUSE_MS, generation, catalog });
  return catalog;
}
