import type { Cart, DeliveryOption } from "#contract/api/cart.ts";
import { ARMAZEM_ID, FILIAL_ID } from "#contract/api/cart-constants.ts";
import { STORAGE } from "#app/lib/cart-api.ts";
import { api } from "#app/lib/api-client.ts";
import { readStoredJson, writeStoredJson } from "#app/lib/local-store.ts";

/** Spec §9: the calculation waits 2 s when the cart has no external id yet. */
export const SHIPPING_RETRY_MS = 2000;

export interface Quote {
  options: DeliveryOption[];
  /** The server's notice, e.g. no delivery to the region (spec §8). */
  message?: string;
}

/** Spec §9: the destination country when the customer has no address. */
export const DEFAULT_COUNTRY = 2;

/** What calcular-frete sends of the cart: its ids and lines. */
export type QuoteCart = Pick<Cart, "id" | "external_id" | "itens">;

/** What calcular-frete sends of the customer: the first address's postal code and country, and the service last chosen. */
export interface QuoteExtras {
  cep: string | null;
  paisId: number;
  serviceId: number | null;
}

/** Spec §7: cep and country come from the customer's first address, else country 2. */
export const originOf = (addresses: { cep: string | null; pais_id: number }[]): Pick<QuoteExtras, "cep" | "paisId"> => ({
  cep: addresses[0]?.cep ?? null,
  paisId: addresses[0]?.pais_id ?? DEFAULT_COUNTRY,
});

/** The body of `PUT …/calcular-frete` with the spec's fields (§7): the cart, its active lines, the destination. */
export function quoteBody(
  cart: QuoteCart,
  moedaId: number,
  target: { clienteEnderecoId?: number | null; cidadeId?: number | null; pontoId?: number | null; cidadeAlternativaId?: number | null },
  extras: QuoteExtras,
) {
  return {
    id: cart.id,
    external_id: cart.external_id,
    filial_id: FILIAL_ID,
    moeda_id: moedaId,
    cep: extras.cep,
    pais_id: extras.paisId,
    itens: cart.itens
      .filter((line) => line.ativo)
      .map((line) => ({ produto_id: line.produto_id, armazem_id: ARMAZEM_ID, valor_unitario: line.valor_unitario, qtde: line.qtde, ativo: true })),
    cidade_id: target.cidadeId ?? null,
    cliente_endereco_id: target.clienteEnderecoId ?? null,
    id_ponto_entrega: target.pontoId ?? null,
    cidade_alternativa_id: target.cidadeAlternativaId ?? null,
    id_servico: extras.serviceId,
  };
}

/** `PUT /ecom/venda/carrinho/{external_id}/calcular-frete` (spec §7, ARCHITECTURE decision 2). */
export async function quote(cart: QuoteCart, moedaId: number, target: Parameters<typeof quoteBody>[2], extras: QuoteExtras): Promise<Quote> {
  const res = await api("PUT /ecom/venda/carrinho/{external_id}/calcular-frete", {
    params: { external_id: cart.external_id },
    body: quoteBody(cart, moedaId, target, extras),
  });
  return { options: res.data, message: res.message };
}

export const pickupPoints = (externalId: string) =>
  api("GET /ecom/venda/carrinho/{external_id}/pontos-entrega", { params: { external_id: externalId } }).then((r) => r.data);

/** What the buyer chose, kept in localStorage (spec §3 Shipping: selectedShippingDetails). */
export interface SavedShipping {
  mode: "delivery" | "pickup_point";
  addressId: number | null;
  estadoId: number | null;
  cidadeId: number | null;
  pickupEstadoId: number | null;
  pickupCidadeId: number | null;
  pointId: number | null;
  /** entrega_servico_id of the chosen option; null is pickup in the shop. */
  serviceId: number | null;
  cost: string;
}

/** The saved choice; each field is checked again where it is used (an option or address may be gone). */
export function readSaved(): Partial<SavedShipping> {
  const saved = readStoredJson(STORAGE.shipping);
  return saved && typeof saved === "object" && !Array.isArray(saved) ? (saved as Partial<SavedShipping>) : {};
}

/** Not persisted in private mode; the choice still holds for this page. */
export const writeSaved = (value: SavedShipping) => writeStoredJson(STORAGE.shipping, value);

export const isPointOption = (option: DeliveryOption) => option.opcionais.pontos_entrega.length > 0;
