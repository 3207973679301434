/**
 * The banner types of spec §3 (`banners.tipo`). A module of its own: the home page's script needs these
 * names, not the catalogue's schemas (and the validation library they bring).
 */
export const BANNER_TYPES = {
  main: "Banner Principal",
  left: "Triplo Esquerdo",
  centre: "Triplo Centro",
  right: "Triplo Direito",
  offers: "Receba Ofertas",
} as const;
