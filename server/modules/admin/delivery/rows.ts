import { sql } from "drizzle-orm";
import type { AdminPickupPoint, AdminShippingRate, AdminShippingService, DeliveryPlaces } from "#contract/api/admin/delivery.ts";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { HttpError } from "../../../lib/errors.ts";

/** The rows of shipping as the back office reads and checks them; services.ts, rates.ts and points.ts write them. */

const PARAGUAY = 2;

/** PostgreSQL's unique_violation, on the error or on the driver's error it wraps. */
export function uniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export function readServices(tx: Db | Tx, id?: number) {
  return queryRows<AdminShippingService>(
    tx,
    sql`SELECT s.id, s.descricao_pt, s.descricao_es, s.usa_pontos, s.ativo,
               (SELECT count(*)::int FROM entrega_tarifas r WHERE r.servico_id = s.id) AS tarifas
        FROM entrega_servicos s WHERE ${id === undefined ? sql`true` : sql`s.id = ${id}`} ORDER BY s.id`,
  );
}

/** A rate's value with its currency's decimals: "15000" in guaraníes, "12.50" in dollars. */
export function readRates(tx: Db | Tx, where: { id?: number; servico_id?: number; estado_id?: number }) {
  const conditions = [sql`true`];
  if (where.id !== undefined) conditions.push(sql`r.id = ${where.id}`);
  if (where.servico_id !== undefined) conditions.push(sql`r.servico_id = ${where.servico_id}`);
  if (where.estado_id !== undefined) conditions.push(sql`r.estado_id = ${where.estado_id}`);
  return queryRows<AdminShippingRate>(
    tx,
    sql`SELECT r.id, r.servico_id, r.estado_id, e.nome AS estado, r.cidade_id, c.nome AS cidade, r.moeda_id::int AS moeda_id,
               CASE WHEN r.moeda_id = 3 THEN trunc(r.valor)::text ELSE r.valor::text END AS valor, r.prazo
        FROM entrega_tarifas r JOIN estados e ON e.id = r.estado_id LEFT JOIN cidades c ON c.id = r.cidade_id
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY r.servico_id, e.nome, c.nome NULLS FIRST, r.id`,
  );
}

export function readPoints(tx: Db | Tx, id?: number) {
  return queryRows<AdminPickupPoint>(
    tx,
    sql`SELECT p.id, p.nome, p.endereco, p.estado_id, e.nome AS estado, p.cidade_id, c.nome AS cidade,
               p.horario_atendimento, p.servico_id, p.ativo
        FROM pontos_entrega p JOIN estados e ON e.id = p.estado_id JOIN cidades c ON c.id = p.cidade_id
        WHERE ${id === undefined ? sql`true` : sql`p.id = ${id}`} ORDER BY e.nome, c.nome, p.nome, p.id`,
  );
}

/** Paraguay's departments, each with its cities, by name. */
export async function readPlaces(db: Db): Promise<DeliveryPlaces> {
  const rows = await queryRows<{ estado_id: number; estado: string; cidade_id: number; cidade: string }>(
    db,
    sql`SELECT e.id AS estado_id, e.nome AS estado, c.id AS cidade_id, c.nome AS cidade
        FROM estados e JOIN cidades c ON c.estado_id = e.id WHERE e.pais_id = ${PARAGUAY} ORDER BY e.nome, c.nome`,
  );
  const places: DeliveryPlaces = [];
  for (const row of rows) {
    let last = places.at(-1);
    if (last?.id !== row.estado_id) places.push((last = { id: row.estado_id, nome: row.estado, cidades: [] }));
    last.cidades.push({ id: row.cidade_id, nome: row.cidade });
  }
  return places;
}

/** The department is Paraguay's and the city (when given) is one of its: a 422 on the field otherwise. */
export async function checkPlace(tx: Tx, estadoId: number, cidadeId: number | null) {
  const [state] = await queryRows<{ pais_id: number }>(tx, sql`SELECT pais_id FROM estados WHERE id = ${estadoId}`);
  if (state?.pais_id !== PARAGUAY) {
    throw new HttpError(422, "delivery_state_not_paraguay", { errors: { estado_id: ["delivery_state_not_paraguay"] } });
  }
  if (cidadeId === null) return;
  const [city] = await queryRows<{ estado_id: number }>(tx, sql`SELECT estado_id FROM cidades WHERE id = ${cidadeId}`);
  if (city?.estado_id !== estadoId) {
    throw new HttpError(422, "delivery_city_outside_state", { errors: { cidade_id: ["delivery_city_outside_state"] } });
  }
}

/** The service a rate or a point names (422 on the field when there is none); locked against a change of it meanwhile. */
export async function checkService(tx: Tx, id: number, pickupOnly = false) {
  const [service] = await queryRows<{ usa_pontos: boolean }>(tx, sql`SELECT usa_pontos FROM entrega_servicos WHERE id = ${id} FOR SHARE`);
  if (!service) throw new HttpError(422, "delivery_service_unknown", { errors: { servico_id: ["delivery_service_unknown"] } });
  if (pickupOnly && !service.usa_pontos) {
    throw new HttpError(422, "delivery_service_not_pickup", { errors: { servico_id: ["delivery_service_not_pickup"] } });
  }
}

/** Locks the row being changed, so two saves of it apply one after the other; 404 when it is gone. */
export async function lockRow(tx: Tx, table: "entrega_servicos" | "entrega_tarifas" | "pontos_entrega", id: number) {
  const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM ${sql.raw(table)} WHERE id = ${id} FOR UPDATE`);
  if (rows.length === 0) throw new HttpError(404, "not_found");
}
