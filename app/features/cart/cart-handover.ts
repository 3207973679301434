import { api } from "#app/lib/api-client.ts";
import { STORAGE } from "#app/lib/cart-api.ts";
import { readStored } from "#app/lib/local-store.ts";
import { readCookie } from "#app/i18n/resolve-locale.ts";

/**
 * A guest's cart carried along a language switch to the other brand's host (spec §4, docs/decisions/040).
 * The hosts share no storage: the link gets a sealed, short-lived hand-over in HANDOVER_PARAM, the other
 * host's root loader takes it (the cart's external id) and passes it to the page in HANDOVER_COOKIE for one
 * read, and the address the visitor is left on names neither.
 */
export const HANDOVER_PARAM = "carrinho";
export const HANDOVER_COOKIE = "cart_handover";
const HANDOVER_COOKIE_SECONDS = 120;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `href` with a hand-over of this browser's saved cart, or `href` alone when there is none or it cannot be had. */
export async function withCartHandover(href: string): Promise<string> {
  const externalId = readStored(STORAGE.externalId);
  if (!externalId || !readStored(STORAGE.cartId)) return href;
  try {
    const { token } = await api("POST /ecom/venda/carrinho/{external_id}/passagem", { params: { external_id: externalId } });
    const url = new URL(href);
    url.searchParams.set(HANDOVER_PARAM, token);
    return url.toString();
  } catch {
    return href;
  }
}

/** The cookie that brings the handed-over cart's external id to the page, for one read. */
export function handoverCookie(externalId: string, url: URL): string {
  const secure = url.protocol === "https:" ? "; Secure" : "";
  return `${HANDOVER_COOKIE}=${externalId}; Path=/; Max-Age=${HANDOVER_COOKIE_SECONDS}; SameSite=Lax${secure}`;
}

/** The cart's external id handed over from the other host, read once (the cookie is dropped), or null. */
export function takeHandedOverCart(): string | null {
  const value = readCookie(document.cookie, HANDOVER_COOKIE);
  if (value === undefined) return null;
  document.cookie = `${HANDOVER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  return UUID.test(value) ? value : null;
}
