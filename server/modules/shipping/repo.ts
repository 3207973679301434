import { and, eq, sql } from "drizzle-orm";
import type { PickupPoint } from "#contract/api/cart.ts";
import type { ApiLang } from "#contract/locale.ts";
import { queryRows, type Db } from "#db/client.ts";
import { addresses, carts, customers } from "#db/schema/index.ts";

export interface RateRow {
  servico_id: number;
  entrega_integrador_id: number | null;
  descricao: string;
  usa_pontos: boolean;
  valor: string;
  moeda_id: number;
  prazo: number;
}

export type PickupPointRow = Omit<PickupPoint, "token_servico" | "ponto_entrega"> & { servico_id: number | null };

/** A city with its department and country. */
export async function findCity(db: Db, cidadeId: number) {
  const [row] = await queryRows<{ id: number; estado_id: number; pais_id: number }>(
    db,
    sql`SELECT c.id, c.estado_id, e.pais_id FROM cidades c JOIN estados e ON e.id = c.estado_id WHERE c.id = ${cidadeId}`,
  );
  return row;
}

/** One rate per active service for a place: the city's own rate wins over its department's. */
export function listRates(db: Db, estadoId: number, cidadeId: number, lang: ApiLang) {
  return queryRows<RateRow>(
    db,
    sql`SELECT DISTINCT ON (s.id) s.id AS servico_id, s.entrega_integrador_id,
          s.${sql.raw(`descricao_${lang}`)} AS descricao, s.usa_pontos, r.valor, r.moeda_id, r.prazo
        FROM entrega_tarifas r JOIN entrega_servicos s ON s.id = r.servico_id
        WHERE s.ativo AND r.estado_id = ${estadoId} AND (r.cidade_id = ${cidadeId} OR r.cidade_id IS NULL)
        ORDER BY s.id, r.cidade_id NULLS LAST`,
  );
}

/** The active pickup points, by department, city and name. */
export function listPickupPoints(db: Db) {
  return queryRows<PickupPointRow>(
    db,
    sql`SELECT p.id, p.nome, p.endereco, e.nome AS estado, p.estado_id, c.nome AS cidade, p.cidade_id,
          p.horario_atendimento, p.servico_id
        FROM pontos_entrega p JOIN cidades c ON c.id = p.cidade_id JOIN estados e ON e.id = p.estado_id
        WHERE p.ativo ORDER BY e.nome, c.nome, p.nome`,
  );
}

/** One of the customer's active addresses (its city is null outside the store's geography), or undefined. */
export async function findActiveAddress(db: Db, customerId: number, addressId: number) {
  const [address] = await db
    .select({ cidade_id: addresses.cidade_id })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.customer_id, customerId), eq(addresses.ativo, true)));
  return address;
}

/** Whether the customer is a foreign one (spec §1: nothing is delivered to them). */
export async function isForeignCustomer(db: Db, customerId: number): Promise<boolean> {
  const [customer] = await db.select({ estrangeiro: customers.estrangeiro }).from(customers).where(eq(customers.id, customerId));
  return customer?.estrangeiro ?? false;
}

/** The address a cart was last quoted for, or none (a city or a pickup point was). */
export async function setCartAddress(db: Db, cartId: number, addressId: number | null) {
  await db.update(carts).set({ cliente_endereco_id: addressId }).where(eq(carts.id, cartId));
}
