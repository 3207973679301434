import type { Cart, DeliveryOption } from "#contract/api/cart.ts";
import { ARMAZEM_ID, FILIAL_ID } from "#contract/api/cart-constants.ts";
import { randomUuid } from "#app/lib/uuid.ts";

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

export class QuoteError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function readStored(): StoredCart {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as StoredCart | null;
    if (stored && typeof stored.external_id === "string") return stored;
  } catch {
    // A corrupt entry is replaced below.
  }
  return fresh();
}

function fresh(): StoredCart {
  const cart = { external_id: randomUuid() };
  store(cart);
  return cart;
}

function store(cart: StoredCart) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Private mode without storage: the quote still works, only the next one makes a new cart.
  }
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: string; data?: unknown };
    if (typeof body.data === "string") return body.data;
    return body.message ?? response.statusText;
  } catch {
    return response.statusText;
  }
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "content-type": "application/json", accept: "application/json" },
  body: JSON.stringify(body),
});

/** Creates or replaces the quote cart with one line; spec §7: a used external_id falls back to an update. */
async function saveCart(produtoId: number, qtde: number, moedaId: number): Promise<StoredCart> {
  let cart = readStored();
  const payload = (c: StoredCart) => ({
    ...(c.id ? { id: String(c.id) } : {}),
    external_id: c.external_id,
    filial_id: String(FILIAL_ID),
    moeda_id: String(moedaId),
    itens: [{ produto_id: String(produtoId), qtde: String(qtde), armazem_id: String(ARMAZEM_ID), ativo: "true", token: "" }],
  });

  for (let attempt = 0; attempt < 2; attempt++) {
    if (cart.id) {
      const response = await fetch(`/ecom/venda/carrinho/${cart.id}`, json("PUT", payload(cart)));
      if (response.ok) return cart;
      // The cart was checked out or belongs to someone else now: start another one.
      if (response.status === 404 || response.status === 403 || response.status === 409) {
        cart = fresh();
        continue;
      }
      throw new QuoteError(await errorMessage(response), response.status);
    }
    const response = await fetch("/ecom/venda/carrinho", json("POST", payload(cart)));
    if (response.ok) {
      const { data } = (await response.json()) as { data: Cart };
      cart = { external_id: data.external_id, id: data.id };
      store(cart);
      return cart;
    }
    if (response.status === 409) {
      const existing = await fetch(`/ecom/venda/carrinho/${cart.external_id}?moeda_id=${moedaId}`);
      if (existing.ok) {
        const { data } = (await existing.json()) as { data: Cart };
        cart = { external_id: data.external_id, id: data.id };
        store(cart);
      } else {
        cart = fresh();
      }
      continue;
    }
    throw new QuoteError(await errorMessage(response), response.status);
  }
  throw new QuoteError("", 500);
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
    if (error instanceof QuoteError && error.status < 500) throw error;
    await new Promise((resolve) => setTimeout(resolve, SHIPPING_RETRY_MS));
    return quoteOnce(input);
  }
}

async function quoteOnce(input: { produtoId: number; qtde: number; moedaId: number; cidadeId: number }): Promise<Quote> {
  const cart = await saveCart(input.produtoId, input.qtde, input.moedaId);
  const response = await fetch(
    `/ecom/venda/carrinho/${cart.external_id}/calcular-frete`,
    json("PUT", {
      cidade_id: input.cidadeId,
      id: cart.id ?? "",
      external_id: cart.external_id,
      filial_id: FILIAL_ID,
      moeda_id: input.moedaId,
      pais_id: PARAGUAY,
      itens: [{ produto_id: input.produtoId, armazem_id: ARMAZEM_ID, qtde: input.qtde, ativo: true }],
    }),
  );
  if (!response.ok) throw new QuoteError(await errorMessage(response), response.status);
  const body = (await response.json()) as { data: DeliveryOption[]; message?: string };
  return { options: body.data ?? [], message: body.message };
}

/** Only pickup is offered: every option is the shop itself or the pickup-point network. */
export const pickupOnly = (options: DeliveryOption[]) =>
  options.every((option) => option.entrega_servico_id === null || option.opcionais.pontos_entrega.length > 0);
