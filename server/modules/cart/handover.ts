import { seal, unseal } from "../../lib/sealed.ts";
import type { Cache } from "../../lib/cache.ts";
import { HttpError } from "../../lib/errors.ts";
import type { Viewer } from "../../plugins/auth.ts";
import type { CartService } from "./service.ts";

/**
 * A guest's cart handed from one brand's host to the other's on a language switch (spec §4, docs/decisions/040):
 * the two hosts share no storage, so the cart's external id travels once in the address, sealed (AES-GCM under
 * a key of its own) and good for HANDOVER_TTL_MS. A leaked address shows nothing of the cart, and once the time
 * is up, or the hand-over was taken (as far as the shared cache remembers), it opens nothing.
 */
export const HANDOVER_TTL_MS = 2 * 60 * 1000;
const PURPOSE = "cart-handover";

export function createCartHandover(cart: CartService, cache: Cache, secret: string) {
  /** A sealed hand-over of a guest's open cart; a customer's cart stays with the session that owns it. */
  async function give(externalId: string, viewer: Viewer): Promise<string> {
    const row = await cart.openCart(externalId, viewer);
    if (row.customer_id !== null) throw new HttpError(404, "cart_not_found");
    return seal(JSON.stringify({ e: row.external_id, x: Date.now() + HANDOVER_TTL_MS }), secret, PURPOSE);
  }

  /** The external id a hand-over carries, once, while it is valid and its cart still a guest's open one. */
  async function take(token: string): Promise<string> {
    const plain = unseal(token, secret, PURPOSE);
    let value: { e?: unknown; x?: unknown } = {};
    try {
      value = plain ? (JSON.parse(plain) as typeof value) : {};
    } catch {
      // Cannot happen for a sealed value of ours; answered as any bad hand-over.
    }
    if (typeof value.e !== "string" || typeof value.x !== "number" || value.x <= Date.now()) throw new HttpError(404, "cart_not_found");
    const used = `cart-handover:${token.split(".")[1]}`;
    if (await cache.get(used)) throw new HttpError(404, "cart_not_found");
    await cache.set(used, true, HANDOVER_TTL_MS);
    const row = await cart.byExternalId(value.e);
    if (!row || row.status !== "aberto" || row.customer_id !== null) throw new HttpError(404, "cart_not_found");
    return row.external_id;
  }

  return { give, take };
}

export type CartHandover = ReturnType<typeof createCartHandover>;
