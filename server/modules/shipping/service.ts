import Big from "big.js";
import type { z } from "zod";
import type { DeliveryOption, PickupPoint, ShippingBodySchema } from "#contract/api/cart.ts";
import { CURRENCIES, isMoedaId } from "#contract/currencies.ts";
import type { ApiLang, Locale } from "#contract/locale.ts";
import { apiMessage } from "#contract/messages.ts";
import { convertPrice, formatPrice, type ExchangeRate } from "#contract/money.ts";
import type { Db } from "#db/client.ts";
import { HttpError } from "../../lib/errors.ts";
import { readSigned, signValue } from "../../lib/signed.ts";
import { cartCurrencyFor } from "../catalog/pricing.ts";
import * as repo from "./repo.ts";

const OPTION_TTL_MS = 60 * 60 * 1000;

/** What a delivery option's token vouches for; checkout accepts exactly this and nothing else. */
export interface DeliveryClaim {
  cart: number;
  servico: number | null;
  ponto: number | null;
  cidade: number | null;
  valor: string;
  moeda: number;
}

export function createShippingService(db: Db, secret: string, rates: () => Promise<ExchangeRate[]>) {
  const city = (cidadeId: number) => repo.findCity(db, cidadeId);

  async function pickupPoints(): Promise<PickupPoint[]> {
    const rows = await repo.listPickupPoints(db);
    return rows.map(({ servico_id, ...p }) => ({ ...p, ponto_entrega: p.id, token_servico: String(servico_id ?? "") }));
  }

  function option(
    claim: DeliveryClaim,
    fields: { entrega_integrador_id: number | null; descricao: string; prazo: number; pontos: PickupPoint[] },
  ): DeliveryOption {
    const currency = CURRENCIES[isMoedaId(claim.moeda) ? claim.moeda : 2];
    return {
      entrega_integrador_id: fields.entrega_integrador_id,
      entrega_servico_id: claim.servico,
      descricao: fields.descricao,
      prazo: fields.prazo,
      valor: claim.valor,
      valor_formatado: formatPrice(claim.valor, claim.moeda),
      moeda: { id: currency.id, simbolo: currency.simbolo },
      token: signValue(claim, secret, OPTION_TTL_MS),
      opcionais: { pontos_entrega: fields.pontos },
    };
  }

  /**
   * Delivery options for a cart and a destination (spec §4 Shipping): services with a rate for the
   * city or its department, the pickup-point network, and always pickup in the shop at 0.
   * Brazil and foreign customers get the shop only.
   */
  async function quote(input: {
    cartId: number;
    moedaId: number;
    /** Null for an address outside the store's geography (an Argentine one, whose city is typed). */
    cidadeId: number | null;
    pontoId?: number | null;
    foreignCustomer: boolean;
    locale: Locale;
    lang: ApiLang;
  }): Promise<{ data: DeliveryOption[]; message?: string }> {
    const destination = input.cidadeId === null ? null : await city(input.cidadeId);
    if (destination === undefined) throw new HttpError(422, "shipping_needs_city", { errors: { cidade_id: ["city_not_found"] } });
    const storePickup = option(
      { cart: input.cartId, servico: null, ponto: null, cidade: input.cidadeId, valor: zero(input.moedaId), moeda: input.moedaId },
      { entrega_integrador_id: null, descricao: apiMessage(input.locale, "store_pickup"), prazo: 0, pontos: [] },
    );
    if (destination === null || destination.pais_id !== 2 || input.foreignCustomer) {
      return { data: [storePickup], message: apiMessage(input.locale, "no_delivery_region") };
    }
    const rateList = await rates();
    const options: DeliveryOption[] = [];
    const points = await pickupPoints();
    const chosenPoint = input.pontoId ? points.find((p) => p.id === input.pontoId) : undefined;
    if (input.pontoId && !chosenPoint) {
      throw new HttpError(422, "pickup_point_required", { errors: { id_ponto_entrega: ["pickup_point_required"] } });
    }
    for (const rate of await repo.listRates(db, destination.estado_id, destination.id, input.lang)) {
      if (rate.usa_pontos) continue;
      const valor = priceIn(rate.valor, rate.moeda_id, input.moedaId, rateList);
      options.push(
        option(
          { cart: input.cartId, servico: rate.servico_id, ponto: null, cidade: destination.id, valor, moeda: input.moedaId },
          { entrega_integrador_id: rate.entrega_integrador_id, descricao: rate.descricao, prazo: rate.prazo, pontos: [] },
        ),
      );
    }
    // The pickup network is priced for the chosen point's place, or the destination's until one is chosen.
    const pointPlace = chosenPoint ? await city(chosenPoint.cidade_id) : destination;
    for (const rate of await repo.listRates(db, pointPlace!.estado_id, pointPlace!.id, input.lang)) {
      if (!rate.usa_pontos) continue;
      const servicePoints = points.filter((p) => p.token_servico === String(rate.servico_id) || p.token_servico === "");
      if (servicePoints.length === 0) continue;
      const valor = priceIn(rate.valor, rate.moeda_id, input.moedaId, rateList);
      options.push(
        option(
          { cart: input.cartId, servico: rate.servico_id, ponto: chosenPoint?.id ?? null, cidade: pointPlace!.id, valor, moeda: input.moedaId },
          { entrega_integrador_id: rate.entrega_integrador_id, descricao: rate.descricao, prazo: rate.prazo, pontos: servicePoints },
        ),
      );
    }
    options.push(storePickup);
    return { data: options };
  }

  /**
   * calcular-frete for an open cart with `lineCount` active lines: the destination is a city, or one of the
   * customer's saved addresses (an Argentine one, outside the store's geography, is quoted the shop with the
   * no-delivery notice), and a customer is quoted in their own currency, which checkout will charge in (spec §9).
   */
  async function quoteCart(input: {
    cart: { id: number; moeda_id: number };
    lineCount: number;
    customerId: number | null;
    body: z.output<typeof ShippingBodySchema>;
    locale: Locale;
    lang: ApiLang;
  }) {
    const { body, customerId } = input;
    let cidadeId = body.cidade_alternativa_id ?? body.cidade_id ?? null;
    let outsideGeography = false;
    if (body.cliente_endereco_id) {
      if (customerId === null) throw new HttpError(401, "session_expired");
      const address = await repo.findActiveAddress(db, customerId, body.cliente_endereco_id);
      if (!address) throw new HttpError(404, "not_found");
      cidadeId = body.cidade_alternativa_id ?? address.cidade_id;
      outsideGeography = cidadeId === null;
    }
    if ((!cidadeId && !outsideGeography) || input.lineCount === 0) throw new HttpError(422, "shipping_needs_city");
    // The cart keeps the address it was last quoted for (spec §3 Cart cliente_endereco_id); a city or a point clears it.
    await repo.setCartAddress(db, input.cart.id, body.cliente_endereco_id ?? null);
    const answer = await quote({
      cartId: input.cart.id,
      moedaId: await cartCurrencyFor(db, customerId, input.cart.moeda_id),
      cidadeId,
      pontoId: body.id_ponto_entrega,
      foreignCustomer: customerId ? await repo.isForeignCustomer(db, customerId) : false,
      locale: input.locale,
      lang: input.lang,
    });
    const asked = body.id_servico ? answer.data.find((o) => o.entrega_servico_id === body.id_servico) : undefined;
    const shippingCost = (asked ?? answer.data[0])?.valor ?? "0";
    return { ...answer, shippingCost, deliveryOptions: answer.data };
  }

  const verify = (token: string) => readSigned<DeliveryClaim>(token, secret);

  return { quote, quoteCart, pickupPoints, verify, city };
}

export type ShippingService = ReturnType<typeof createShippingService>;

const zero = (moedaId: number) => (moedaId === 3 ? "0" : "0.00");

/** A rate in the cart's currency, always written with that currency's decimals ("15000", not "15000.00"). */
function priceIn(valor: string, from: number, to: number, rates: ExchangeRate[]): string {
  const converted = convertPrice(valor, from, to, rates);
  return Number.isNaN(Number(converted)) ? converted : new Big(converted).toFixed(CURRENCIES[isMoedaId(to) ? to : 2].casas_decimais);
}
