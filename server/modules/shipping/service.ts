import Big from "big.js";
import { sql } from "drizzle-orm";
import type { DeliveryOption, PickupPoint } from "#contract/api/cart.ts";
import { CURRENCIES, isMoedaId } from "#contract/currencies.ts";
import type { ApiLang, Locale } from "#contract/locale.ts";
import { apiMessage } from "#contract/messages.ts";
import { convertPrice, formatPrice, type ExchangeRate } from "#contract/money.ts";
import { queryRows, type Db } from "#db/client.ts";
import { HttpError } from "../../lib/errors.ts";
import { readSigned, signValue } from "../../lib/signed.ts";

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

interface RateRow {
  servico_id: number;
  entrega_integrador_id: number | null;
  descricao: string;
  usa_pontos: boolean;
  valor: string;
  moeda_id: number;
  prazo: number;
}

export function createShippingService(db: Db, secret: string, rates: () => Promise<ExchangeRate[]>) {
  async function city(cidadeId: number) {
    const [row] = await queryRows<{ id: number; estado_id: number; pais_id: number }>(
      db,
      sql`SELECT c.id, c.estado_id, e.pais_id FROM cidades c JOIN estados e ON e.id = c.estado_id WHERE c.id = ${cidadeId}`,
    );
    return row;
  }

  /** One rate per active service for a place: the city's own rate wins over its department's. */
  async function ratesFor(estadoId: number, cidadeId: number, lang: ApiLang) {
    return queryRows<RateRow>(
      db,
      sql`SELECT DISTINCT ON (s.id) s.id AS servico_id, s.entrega_integrador_id,
            s.${sql.raw(`descricao_${lang}`)} AS descricao, s.usa_pontos, r.valor, r.moeda_id, r.prazo
          FROM entrega_tarifas r JOIN entrega_servicos s ON s.id = r.servico_id
          WHERE s.ativo AND r.estado_id = ${estadoId} AND (r.cidade_id = ${cidadeId} OR r.cidade_id IS NULL)
          ORDER BY s.id, r.cidade_id NULLS LAST`,
    );
  }

  async function pickupPoints(): Promise<PickupPoint[]> {
    const rows = await queryRows<Omit<PickupPoint, "token_servico" | "ponto_entrega"> & { servico_id: number | null }>(
      db,
      sql`SELECT p.id, p.nome, p.endereco, e.nome AS estado, p.estado_id, c.nome AS cidade, p.cidade_id,
            p.horario_atendimento, p.servico_id
          FROM pontos_entrega p JOIN cidades c ON c.id = p.cidade_id JOIN estados e ON e.id = p.estado_id
          WHERE p.ativo ORDER BY e.nome, c.nome, p.nome`,
    );
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
    for (const rate of await ratesFor(destination.estado_id, destination.id, input.lang)) {
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
    for (const rate of await ratesFor(pointPlace!.estado_id, pointPlace!.id, input.lang)) {
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

  const verify = (token: string) => readSigned<DeliveryClaim>(token, secret);

  return { quote, pickupPoints, verify, city };
}

export type ShippingService = ReturnType<typeof createShippingService>;

const zero = (moedaId: number) => (moedaId === 3 ? "0" : "0.00");

/** A rate in the cart's currency, always written with that currency's decimals ("15000", not "15000.00"). */
function priceIn(valor: string, from: number, to: number, rates: ExchangeRate[]): string {
  const converted = convertPrice(valor, from, to, rates);
  return Number.isNaN(Number(converted)) ? converted : new Big(converted).toFixed(CURRENCIES[isMoedaId(to) ? to : 2].casas_decimais);
}
