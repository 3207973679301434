import type { ShellCategory } from "#app/lib/shell-data.ts";

/** Spec §9: at most 8 categories in the menu, 6 in the footer. */
export const MENU_CATEGORY_LIMIT = 8;
export const FOOTER_CATEGORY_LIMIT = 6;

export const menuCategories = <T extends ShellCategory>(categories: T[]) => categories.filter((c) => c.visivel_menu);
