import { useEffect, useState } from "react";
import { apiLang, type Locale } from "#contract/locale.ts";
import { api } from "#app/lib/api-client.ts";
import type { MenuCategory } from "#app/lib/shell-data.ts";

/** One request per language and page session; a failed one is forgotten, so the next opening tries again. */
const menus = new Map<string, Promise<MenuCategory[] | null>>();

function loadMenu(locale: Locale): Promise<MenuCategory[] | null> {
  const lang = apiLang(locale);
  let menu = menus.get(lang);
  if (!menu) {
    menu = api("GET /api/public/menu", { query: { lang } }).then(
      (answer) => answer.data.categories,
      () => {
        menus.delete(lang);
        return null;
      },
    );
    menus.set(lang, menu);
  }
  return menu;
}

/**
 * The categories with their departments, asked for once `wanted` (a menu opens, or the pointer heads for
 * one); null until they are here. The document carries only the categories' names (shell-data.server.ts).
 */
export function useMenu(locale: Locale, wanted: boolean): MenuCategory[] | null {
  const [menu, setMenu] = useState<{ locale: Locale; categories: MenuCategory[] } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadMenu(locale).then((categories) => {
      if (live && categories) setMenu({ locale, categories });
    });
    return () => {
      live = false;
    };
  }, [locale, wanted]);
  return menu?.locale === locale ? menu.categories : null;
}

/** The shell's categories with their departments once the menu is here, and none until then. */
export function withDepartments<T extends { id: number }>(
  categories: readonly T[],
  menu: readonly MenuCategory[] | null,
): (T & Pick<MenuCategory, "departments">)[] {
  const byId = new Map(menu?.map((c) => [c.id, c.departments]));
  return categories.map((c) => ({ ...c, departments: byId.get(c.id) ?? [] }));
}
