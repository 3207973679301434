import type { DeliveryOption } from "#contract/api/cart.ts";
import { ARMAZEM_ID, FILIAL_ID } from "#contract/api/cart-constants.ts";
import { saveCart } from "#app/lib/cart-api.ts";
import { api, ApiError } from "#app/lib/api-client.ts";
import { randomUuid } from "#app/lib/uuid.ts";
import { readStoredJson, writeStoredJson } from "#app/lib/local-store.ts";

export { ApiError } from "#app/lib/api-client.ts";

/**
 * The shipping calculator on the product page quotes a cart of its own (one per browser, kept in
 * localStorage), holding only the product on screen: the visitor's real cart is left untouched.
 */
const STORAGE_KEY = "product-quote-cart";
const PARAGUAY = 2;

interface StoredCart {
  external_id: string;
  id?: number;
}

function readQuoteCart(): StoredCart {
  const stored = readStoredJson(STORAGE_KEY) as StoredCart | null;
  // Absent or corrupt: replaced by a new one.
  if (stored && typeof stored === "object" && typeof stored.external_id === "string") return stored;
  return fresh();
}

function fresh(): StoredCart {
  const cart = { external_id: randomUuid() };
  store(cart);
  return cart;
}

/** Private mode without storage: the quote still works, only the next one makes a new cart. */
const store = (cart: StoredCart) => writeStoredJson(STORAGE_KEY, cart);

/** Creates or replaces the quote cart with one line; a cart checked out or no longer this visitor's is replaced by a new one. */
async function saveQuoteCart(produtoId: number, qtde: number, moedaId: number): Promise<StoredCart> {
  let cart = readQuoteCart();
  const lines = [{ produto_id: produtoId, qtde, ativo: true, token: "" }];
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const saved = await saveCart(cart.external_id, moedaId, lines, cart.id ?? null);
      cart = { external_id: saved.external_id, id: saved.id };
      store(cart);
      return cart;
    } catch (error) {
      if (!(error instanceof ApiError) || ![403, 404, 409].includes(error.status)) throw error;
      cart = fresh();
    }
  }
  throw new ApiError(500, "");
}

export interface Quote {
  options: DeliveryOption[];
  /** Set by the API when the place gets no delivery (spec §8). */
  message?: string;
}

/** Spec §9: a failed shipping calculation is tried once more after 2 s. */
export const SHIPPING_RETRY_MS = 2000;

/**
 * Delivery options for `qtde` of one product to a Paraguayan city (spec §7 calcular-frete). A
 * network failure or a 5xx is retried once; an answer about the request itself (4xx) is not.
 */
export async function quoteShipping(input: { produtoId: number; qtde: number; moedaId: number; cidadeId: number }): Promise<Quote> {
  try {
    return await quoteOnce(input);
  } catch (error) {
    if (error instanceof ApiError && !error.network && error.status < 500) throw error;
    await new Promise((resolve) => setTimeout(resolve, SHIPPING_RETRY_MS));
    return quoteOnce(input);
  }
}

async function quoteOnce(input: { produtoId: number; qtde: number; moedaId: number; cidadeId: number }): Promise<Quote> {
  const cart = await saveQuoteCart(input.produtoId, input.qtde, input.moedaId);
  const body = await api("PUT /ecom/venda/carrinho/{external_id}/calcular-frete", {
    params: { external_id: cart.external_id },
    body: {
      cidade_id: input.cidadeId,
      id: cart.id ?? "",
      external_id: cart.external_id,
      filial_id: FILIAL_ID,
      moeda_id: input.moedaId,
      pais_id: PARAGUAY,
      itens: [{ produto_id: input.produtoId, armazem_id: ARMAZEM_ID, qtde: input.qtde, ativo: true }],
    },
  });
  return { options: body.data, message: body.message };
}

/** Only pickup is offered: every option is the shop itself or the pickup-point network. */
export const pickupOnly = (options: DeliveryOption[]) =>
  options.every((option) => option.entrega_servico_id === null || option.opcionais.pontos_entrega.length > 0);
