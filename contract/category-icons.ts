/**
 * The icons the storefront draws for a category (app/components/ui/category-icons.tsx), by name. The
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

/** Each icon's drawing: the inside of a 24×24 stroked SVG. */
export const CATEGORY_ICON_PATHS: Record<CategoryIconName, string> = {
  "celulares-e-acessorios": '<rect x="7" y="2.5" width="10" height="19" rx="2"/><path d="M11 18.5h2"/>',
  cosmeticos: '<rect x="9" y="9" width="6" height="12" rx="1"/><path d="M10 9V5.5l4-2V9"/>',
  eletroportateis: '<path d="M6 20h12M8 20V9h8v11M9 9V5h6v4"/><path d="M16 12h2.5v4H16"/>',
  energia: '<path d="M13 2 4 14h7l-1 8 9-12h-7z"/>',
  gaming:
    '<path d="M6 8h12a4 4 0 0 1 4 4v1a3 3 0 0 1-5.4 1.8L15 13H9l-1.6 1.8A3 3 0 0 1 2 13v-1a4 4 0 0 1 4-4Z"/><path d="M7 10.5v3M5.5 12h3M16 11h.01M18 13h.01"/>',
  iluminacao: '<path d="M9 18h6M10 21h4"/><path d="M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2V16h5v-.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3Z"/>',
  informatica: '<rect x="3" y="4" width="18" height="12" rx="1.5"/><path d="M8 20h8M12 16v4"/>',
  perfumaria: '<rect x="6" y="9" width="12" height="12" rx="2"/><path d="M10 9V6h4v3M12 6V3M9 3h6"/>',
  smartwatch: '<rect x="6" y="6" width="12" height="12" rx="3"/><path d="M9 6V2h6v4M9 18v4h6v-4M12 10v2.5l1.5 1"/>',
  utilidades: '<path d="M14.7 6.3a4 4 0 0 0 5 5L21 10a6 6 0 0 1-7.6 5.4L7 21.8A2.1 2.1 0 0 1 4.2 19l6.4-6.4A6 6 0 0 1 16 5z"/>',
  vape: '<rect x="9" y="7" width="6" height="14" rx="1.5"/><path d="M11 7V4h2v3M12 14h.01"/>',
  "audio-e-video":
    '<path d="M3 18v-6a9 9 0 0 1 18 0v6"/><rect x="3" y="15" width="4" height="6" rx="1"/><rect x="17" y="15" width="4" height="6" rx="1"/>',
  tag: '<path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z"/><path d="M7.5 7.5h.01"/>',
};

/**
 * An icon as the SVG markup the API gives in a category's `icone` (spec: "SVG or embedded image
 * markup"): the back office keeps the icon's name; shoppers' clients get its drawing.
 */
export const categoryIconSvg = (name: CategoryIconName) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" data-icon="${name}">${CATEGORY_ICON_PATHS[name]}</svg>`;

/** The icon a category's `icone` names: its name as the back office keeps it, or the markup the API gave. */
export function categoryIconName(icone: string | null | undefined): CategoryIconName | undefined {
  if (isCategoryIcon(icone)) return icone;
  const named = icone ? /^<svg [^>]*data-icon="([a-z-]+)"/.exec(icone)?.[1] : undefined;
  return isCategoryIcon(named) ? named : undefined;
}
