import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { PickupPointBodySchema, ShippingRateBodySchema, ShippingServiceBodySchema } from "#contract/api/admin/delivery.ts";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { HttpError } from "../../../lib/errors.ts";
import { audited, type Actor } from "../audit.ts";
import { catalogWriter } from "../catalogue/write.ts";
import { checkPlace, checkService, lockRow, readPlaces, readPoints, readRates, readServices, uniqueViolation } from "./rows.ts";

type ServiceBody = z.output<typeof ShippingServiceBodySchema>;
type RateBody = z.output<typeof ShippingRateBodySchema>;
type PointBody = z.output<typeof PickupPointBodySchema>;

const taken = () => new HttpError(409, "shipping_rate_taken", { errors: { cidade_id: ["shipping_rate_taken"] } });

/**
 * Shipping in the back office (docs/decisions/033): services, their rates per Paraguayan department or
 * city, and pickup points. The storefront's quote reads these tables on every call (no cache of its
 * own), so a write applies to the next quote; `changed` still drops the cached pages and answers, and
 * every write is audited on its own transaction.
 */
export function createShippingAdmin({ db, changed }: { db: Db; changed: () => Promise<void> }) {
  const write = catalogWriter(db, changed, (err) => {
    // Two saves of one service and place at once: the unique index refuses the second.
    if (uniqueViolation(err)) throw taken();
  });

  const one = async <T>(rows: Promise<T[]>): Promise<T> => {
    const [row] = await rows;
    if (!row) throw new HttpError(404, "not_found");
    return row;
  };

  const createService = (actor: Actor, body: ServiceBody) =>
    write(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO entrega_servicos (descricao_pt, descricao_es, usa_pontos, ativo)
            VALUES (${body.descricao_pt}, ${body.descricao_es}, ${body.usa_pontos}, ${body.ativo}) RETURNING id`,
      );
      const created = await one(readServices(tx, row!.id));
      await audited(tx, actor, { acao: "criar", entidade: "entrega_servico", entidade_id: created.id, depois: created });
      return created;
    });

  const updateService = (actor: Actor, id: number, body: ServiceBody) =>
    write(async (tx) => {
      await lockRow(tx, "entrega_servicos", id);
      const before = await one(readServices(tx, id));
      await tx.execute(sql`UPDATE entrega_servicos SET descricao_pt = ${body.descricao_pt}, descricao_es = ${body.descricao_es},
          usa_pontos = ${body.usa_pontos}, ativo = ${body.ativo} WHERE id = ${id}`);
      const after = await one(readServices(tx, id));
      await audited(tx, actor, { acao: "editar", entidade: "entrega_servico", entidade_id: id, antes: before, depois: after });
      return after;
    });

  /** Whether another rate already has this service and place (the index's answer, said before it is asked). */
  const clash = async (tx: Tx, body: RateBody, id: number | null) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM entrega_tarifas WHERE servico_id = ${body.servico_id} AND estado_id = ${body.estado_id}
          AND coalesce(cidade_id, 0) = ${body.cidade_id ?? 0} AND id <> ${id ?? 0}`,
    );
    if (rows.length > 0) throw taken();
  };

  const createRate = (actor: Actor, body: RateBody) =>
    write(async (tx) => {
      await checkService(tx, body.servico_id);
      await checkPlace(tx, body.estado_id, body.cidade_id);
      await clash(tx, body, null);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO entrega_tarifas (servico_id, estado_id, cidade_id, moeda_id, valor, prazo)
            VALUES (${body.servico_id}, ${body.estado_id}, ${body.cidade_id}, ${body.moeda_id}, ${body.valor}, ${body.prazo}) RETURNING id`,
      );
      const created = await one(readRates(tx, { id: row!.id }));
      await audited(tx, actor, { acao: "criar", entidade: "entrega_tarifa", entidade_id: created.id, depois: created });
      return created;
    });

  const updateRate = (actor: Actor, id: number, body: RateBody) =>
    write(async (tx) => {
      await lockRow(tx, "entrega_tarifas", id);
      const before = await one(readRates(tx, { id }));
      await checkService(tx, body.servico_id);
      await checkPlace(tx, body.estado_id, body.cidade_id);
      await clash(tx, body, id);
      await tx.execute(sql`UPDATE entrega_tarifas SET servico_id = ${body.servico_id}, estado_id = ${body.estado_id}, cidade_id = ${body.cidade_id},
          moeda_id = ${body.moeda_id}, valor = ${body.valor}, prazo = ${body.prazo} WHERE id = ${id}`);
      const after = await one(readRates(tx, { id }));
      await audited(tx, actor, { acao: "editar", entidade: "entrega_tarifa", entidade_id: id, antes: before, depois: after });
      return after;
    });

  const deleteRate = (actor: Actor, id: number) =>
    write(async (tx) => {
      await lockRow(tx, "entrega_tarifas", id);
      const before = await one(readRates(tx, { id }));
      await tx.execute(sql`DELETE FROM entrega_tarifas WHERE id = ${id}`);
      await audited(tx, actor, { acao: "excluir", entidade: "entrega_tarifa", entidade_id: id, antes: before });
    });

  const pointColumns = async (tx: Tx, body: PointBody) => {
    if (body.servico_id !== null) await checkService(tx, body.servico_id, true);
    await checkPlace(tx, body.estado_id, body.cidade_id);
  };

  const createPoint = (actor: Actor, body: PointBody) =>
    write(async (tx) => {
      await pointColumns(tx, body);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO pontos_entrega (servico_id, nome, endereco, estado_id, cidade_id, horario_atendimento, ativo)
            VALUES (${body.servico_id}, ${body.nome}, ${body.endereco}, ${body.estado_id}, ${body.cidade_id}, ${body.horario_atendimento}, ${body.ativo})
            RETURNING id`,
      );
      const created = await one(readPoints(tx, row!.id));
      await audited(tx, actor, { acao: "criar", entidade: "ponto_entrega", entidade_id: created.id, depois: created });
      return created;
    });

  const updatePoint = (actor: Actor, id: number, body: PointBody) =>
    write(async (tx) => {
      await lockRow(tx, "pontos_entrega", id);
      const before = await one(readPoints(tx, id));
      await pointColumns(tx, body);
      await tx.execute(sql`UPDATE pontos_entrega SET servico_id = ${body.servico_id}, nome = ${body.nome}, endereco = ${body.endereco},
          estado_id = ${body.estado_id}, cidade_id = ${body.cidade_id}, horario_atendimento = ${body.horario_atendimento}, ativo = ${body.ativo}
          WHERE id = ${id}`);
      const after = await one(readPoints(tx, id));
      await audited(tx, actor, { acao: "editar", entidade: "ponto_entrega", entidade_id: id, antes: before, depois: after });
      return after;
    });

  return {
    places: () => readPlaces(db),
    services: () => readServices(db),
    rates: (query: { servico_id?: number; estado_id?: number }) => readRates(db, query),
    points: () => readPoints(db),
    createService,
    updateService,
    createRate,
    updateRate,
    deleteRate,
    createPoint,
    updatePoint,
  };
}
