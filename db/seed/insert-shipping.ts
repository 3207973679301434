import Big from "big.js";
import { eq } from "drizzle-orm";
import { cities, pickupPoints, shippingRates, shippingServices, states } from "../schema/index.ts";
import { CURRENCY } from "./data/reference.ts";
import { CARRIER, COURIER, PICKUP } from "./data/shipping.ts";
import { insertAll, type Executor } from "./batch.ts";
import { slugify } from "#contract/text.ts";

const PARAGUAY = 2;

/** Paraguayan departments and cities by accent- and case-free name, as inserted from the geography. */
async function paraguayPlaces(db: Executor) {
  const deps = await db.select({ id: states.id, nome: states.nome }).from(states).where(eq(states.pais_id, PARAGUAY));
  const depIds = new Set(deps.map((d) => d.id));
  const allCities = await db.select({ id: cities.id, estado_id: cities.estado_id, nome: cities.nome }).from(cities);
  const pyCities = allCities.filter((c) => depIds.has(c.estado_id));
  return {
    departments: deps,
    city: (name: string) => pyCities.find((c) => slugify(c.nome) === slugify(name)),
  };
}

async function service(db: Executor, descricao: readonly [string, string], usaPontos: boolean): Promise<number> {
  const [row] = await db
    .insert(shippingServices)
    .values({ descricao_pt: descricao[0], descricao_es: descricao[1], usa_pontos: usaPontos })
    .returning({ id: shippingServices.id });
  return row!.id;
}

/** Pickup-network price: a share of the door price, rounded to 1.000 Gs, never under 15.000 Gs. */
function pickupPrice(carrier: string): string {
  const value = new Big(carrier).times(PICKUP.discount).div(1000).round(0, Big.roundHalfUp).times(1000);
  return (value.lt(15000) ? new Big(15000) : value).toFixed(0);
}

export async function insertShipping(db: Executor, log: (msg: string) => void): Promise<{ rates: number; points: number }> {
  const places = await paraguayPlaces(db);
  const rates: (typeof shippingRates.$inferInsert)[] = [];

  const courierId = await service(db, COURIER.descricao, false);
  for (const c of COURIER.cities) {
    const city = places.city(c.city);
    if (!city) log(`seed: courier city ${c.city} is not in the geography, skipped`);
    else rates.push({ servico_id: courierId, estado_id: city.estado_id, cidade_id: city.id, moeda_id: CURRENCY.PYG, valor: c.valor, prazo: c.prazo });
  }

  const carrierId = await service(db, CARRIER.descricao, false);
  const pickupId = await service(db, PICKUP.descricao, true);
  for (const dep of places.departments) {
    const entry = Object.entries(CARRIER.departments).find(([name]) => slugify(name) === slugify(dep.nome));
    const [valor, prazo] = entry ? entry[1] : CARRIER.fallback;
    rates.push({ servico_id: carrierId, estado_id: dep.id, cidade_id: null, moeda_id: CURRENCY.PYG, valor, prazo });
    rates.push({ servico_id: pickupId, estado_id: dep.id, cidade_id: null, moeda_id: CURRENCY.PYG, valor: pickupPrice(valor), prazo: prazo + 1 });
  }
  await insertAll(db, shippingRates, rates);

  const points: (typeof pickupPoints.$inferInsert)[] = [];
  for (const p of PICKUP.points) {
    const city = places.city(p.city);
    if (!city) {
      log(`seed: pickup point city ${p.city} is not in the geography, skipped`);
      continue;
    }
    points.push({
      servico_id: pickupId,
      nome: p.nome,
      endereco: p.endereco,
      estado_id: city.estado_id,
      cidade_id: city.id,
      horario_atendimento: p.horario,
    });
  }
  await insertAll(db, pickupPoints, points);
  return { rates: rates.length, points: points.length };
}
