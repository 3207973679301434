import type { Cart, CartLine } from "#contract/api/cart.ts";
import { FILIAL_ID, ARMAZEM_ID } from "#contract/api/cart-constants.ts";

/** Browser calls of spec §7 for the cart; the `sid` cookie authenticates a logged-in buyer. */

export const STORAGE = {
  externalId: "cartExternalId",
  cartId: "cartId",
  shipping: "selectedShippingDetails",
} as const;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Each over-stock product's own maximum, by product id (the API's `qtde_maxima`). */
    readonly limits?: Record<string, number>,
  ) {
    super(message);
  }
}

/** Announced on every 401: a tab that thought it was signed in checks its session (cart-context.tsx). */
export const UNAUTHORIZED_EVENT = "store:unauthorized";

/** JSON call to our own API; a non-2xx answer becomes an ApiError carrying the server's message. */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? "GET",
    credentials: "same-origin",
    headers: { accept: "application/json", ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const payload = (await res.json().catch(() => null)) as {
    message?: string;
    errors?: Record<string, string[]>;
    qtde_maxima?: Record<string, number>;
  } | null;
  if (res.status === 401) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  if (!res.ok) throw new ApiError(res.status, payload?.message ?? res.statusText, payload?.errors, payload?.qtde_maxima);
  return payload as T;
}

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
      ativo: String(l.ativo),
      token: l.token,
    })),
  };
}

export const loadCart = (externalId: string, moedaId: number) =>
  api<{ data: Cart }>(`/ecom/venda/carrinho/${externalId}?moeda_id=${moedaId}`).then((r) => r.data);

/** A signed-in customer's load: takes over the cart filled as a guest (a POST: a GET never changes its owner). */
export const claimCart = (externalId: string, moedaId: number) =>
  api<{ data: Cart }>(`/ecom/venda/carrinho/${externalId}/vincular?moeda_id=${moedaId}`, { method: "POST" }).then((r) => r.data);

/** Create when there is no id, else update; a 409 naming external_id means it exists: update it. */
export async function saveCart(externalId: string, moedaId: number, lines: LineInput[], id: number | null): Promise<Cart> {
  if (id) {
    return (await api<{ data: Cart }>(`/ecom/venda/carrinho/${id}`, { method: "PUT", body: cartBody(externalId, moedaId, lines, id) })).data;
  }
  try {
    return (await api<{ data: Cart }>("/ecom/venda/carrinho", { method: "POST", body: cartBody(externalId, moedaId, lines) })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.errors?.external_id) {
      const existing = await loadCart(externalId, moedaId);
      return saveCart(externalId, moedaId, lines, existing.id);
    }
    throw error;
  }
}
