/** Addresses the shell links to, in one place so the header, drawer and bottom bar agree. */

export const NEWS_HREF = "/produtos?order=codigo_desc";
export const COMPLETE_KITS_HREF = "/produtos/combos-completos";
export const KEY_SETS_HREF = "/produtos/chaves-e-soquetes/jogo-de-chaves";
export const OFFERS_HREF = "/#ofertas";
export const SALES_TEAM_HREF = "/vendedores";
export const HOW_TO_BUY_HREF = "/como-comprar";
/** The special product line (spec §2 `/especial`) and one of its categories. */
export const SPECIAL_HREF = "/especial";
export const specialCategoryHref = (category: { slug: string }) => `${SPECIAL_HREF}/${category.slug}`;
export const CART_HREF = "/carrinho";
export const FAVOURITES_HREF = "/perfil/favoritos";

// Pages where "come back here after login" would loop or make no sense.
const NO_RETURN = ["/login", "/cadastro", "/recuperar-senha"];

/** The login route with the full wanted address as `redirect` (spec §2 route rules). */
export function loginHref(wanted: string): string {
  const path = wanted.split("?")[0] ?? "/";
  if (wanted === "/" || NO_RETURN.includes(path)) return "/login";
  return `/login?${new URLSearchParams({ redirect: wanted })}`;
}

export const brandHref = (brand: { slug: string }) => `/marca/${brand.slug}`;
