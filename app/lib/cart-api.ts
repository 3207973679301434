import type { Cart, CartLine } from "#contract/api/cart.ts";
import { api, ApiError } from "#app/lib/api-client.ts";
import { FILIAL_ID, ARMAZEM_ID } from "#contract/api/cart-constants.ts";

/** Browser calls of spec §7 for the cart; the `sid` cookie authenticates a logged-in buyer. */

export const STORAGE = {
  externalId: "cartExternalId",
  cartId: "cartId",
  shipping: "selectedShippingDetails",
} as const;

export { ApiError, UNAUTHORIZED_EVENT } from "#app/lib/api-client.ts";

export interface LineInput {
  produto_id: number;
  qtde: number;
  ativo: boolean;
  token: string;
}

export const toInput = (line: CartLine): LineInput => ({
  produto_id: line.produto_id,
  qtde: line.qtde,
  ativo: line.ativo,
  token: line.token,
});

/** Spec §3 "values sent as strings". */
export function cartBody(externalId: string, moedaId: number, lines: LineInput[], id?: number) {
  return {
    ...(id ? { id: String(id) } : {}),
    external_id: externalId,
    filial_id: String(FILIAL_ID),
    moeda_id: String(moedaId),
    itens: lines.map((l) => ({
      produto_id: String(l.produto_id),
      qtde: String(l.qtde),
      armazem_id: String(ARMAZEM_ID),
      ativo: l.ativo ? ("true" as const) : ("false" as const),
      token: l.token,
    })),
  };
}

export const loadCart = (externalId: string, moedaId: number) =>
  api("GET /ecom/venda/carrinho/{external_id}", { params: { external_id: externalId }, query: { moeda_id: moedaId } }).then((r) => r.data);

/** A signed-in customer's load: takes over the cart filled as a guest (a POST: a GET never changes its owner). */
export const claimCart = (externalId: string, moedaId: number) =>
  api("POST /ecom/venda/carrinho/{external_id}/vincular", { params: { external_id: externalId }, query: { moeda_id: moedaId } }).then((r) => r.data);

/**
 * Saves a cart (spec §7): an update when its id is known, else a creation; a creation answering 409
 * for its external_id means the cart exists already (another tab, a lost answer), so it is read and
 * updated. The one save of the store's carts: the visitor's and the product page's quote cart.
 */
export async function saveCart(externalId: string, moedaId: number, lines: LineInput[], id: number | null): Promise<Cart> {
  if (id) {
    return (await api("PUT /ecom/venda/carrinho/{id}", { params: { id }, body: cartBody(externalId, moedaId, lines, id) })).data;
  }
  try {
    return (await api("POST /ecom/venda/carrinho", { body: cartBody(externalId, moedaId, lines) })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.errors.external_id) {
      const existing = await loadCart(externalId, moedaId);
      return saveCart(externalId, moedaId, lines, existing.id);
    }
    throw error;
  }
}
