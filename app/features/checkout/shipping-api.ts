import type { DeliveryOption } from "#contract/api/cart.ts";
import { FILIAL_ID } from "#contract/api/cart-constants.ts";
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

/** `PUT /ecom/venda/carrinho/{external_id}/calcular-frete` (spec §7, ARCHITECTURE decision 2). */
export async function quote(
  externalId: string,
  moedaId: number,
  target: { clienteEnderecoId?: number | null; cidadeId?: number | null; pontoId?: number | null; cidadeAlternativaId?: number | null },
): Promise<Quote> {
  const res = await api("PUT /ecom/venda/carrinho/{external_id}/calcular-frete", {
    params: { external_id: externalId },
    body: {
      external_id: externalId,
      filial_id: FILIAL_ID,
      moeda_id: moedaId,
      cidade_id: target.cidadeId ?? null,
      cliente_endereco_id: target.clienteEnderecoId ?? null,
      id_ponto_entrega: target.pontoId ?? null,
      cidade_alternativa_id: target.cidadeAlternativaId ?? null,
    },
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
