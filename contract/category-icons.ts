/**
 * The icons the storefront draws for a category (app/features/home/category-icons.tsx), by name. The
 * back office offers these for `categorias.icone`; a category without one of them is drawn by its slug
 * (spec §2 "Home, mobile"), and any other slug gets a tag.
 */
export const CATEGORY_ICONS = [
  "celulares-e-acessorios",
  "cosmeticos",
  "eletroportateis",
  "energia",
  "gaming",
  "iluminacao",
  "informatica",
  "perfumaria",
  "smartwatch",
  "utilidades",
  "vape",
  "audio-e-video",
  "tag",
] as const;
export type CategoryIconName = (typeof CATEGORY_ICONS)[number];

export const isCategoryIcon = (value: string | null | undefined): value is CategoryIconName =>
  typeof value === "string" && (CATEGORY_ICONS as readonly string[]).includes(value);
