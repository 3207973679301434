import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminFaq, FaqBodySchema } from "#contract/api/admin/pages.ts";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { HttpError } from "../../../lib/errors.ts";
import { audited, type Actor } from "../audit.ts";
import { catalogWriter } from "../catalogue/write.ts";

type FaqBody = z.output<typeof FaqBodySchema>;

const read = (tx: Db | Tx, id?: number) =>
  queryRows<AdminFaq>(
    tx,
    sql`SELECT id, pergunta_pt, pergunta_es, resposta_pt, resposta_es, ordem FROM faq
        WHERE ${id === undefined ? sql`true` : sql`id = ${id}`} ORDER BY ordem, id`,
  );

async function one(tx: Tx, id: number, lock = false): Promise<AdminFaq> {
  if (lock) await tx.execute(sql`SELECT id FROM faq WHERE id = ${id} FOR UPDATE`);
  const [row] = await read(tx, id);
  if (!row) throw new HttpError(404, "not_found");
  return row;
}

/**
 * The FAQ the how-to-buy page shows (spec §7 start data `faq`): questions and answers in both
 * languages, in the order staff give. Each write is audited on its transaction, then the storefront's
 * cached answers and pages are dropped, so the next visitor reads it (docs/decisions/033).
 */
export function createAdminFaq({ db, changed }: { db: Db; changed: () => Promise<void> }) {
  const write = catalogWriter(db, changed);

  const create = (actor: Actor, body: FaqBody) =>
    write(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO faq (pergunta_pt, pergunta_es, resposta_pt, resposta_es, ordem)
            VALUES (${body.pergunta_pt}, ${body.pergunta_es}, ${body.resposta_pt}, ${body.resposta_es}, ${body.ordem}) RETURNING id`,
      );
      const created = await one(tx, row!.id);
      await audited(tx, actor, { acao: "criar", entidade: "faq", entidade_id: created.id, depois: created });
      return created;
    });

  const update = (actor: Actor, id: number, body: FaqBody) =>
    write(async (tx) => {
      const before = await one(tx, id, true);
      await tx.execute(sql`UPDATE faq SET pergunta_pt = ${body.pergunta_pt}, pergunta_es = ${body.pergunta_es},
          resposta_pt = ${body.resposta_pt}, resposta_es = ${body.resposta_es}, ordem = ${body.ordem} WHERE id = ${id}`);
      const after = await one(tx, id);
      await audited(tx, actor, { acao: "editar", entidade: "faq", entidade_id: id, antes: before, depois: after });
      return after;
    });

  const remove = (actor: Actor, id: number) =>
    write(async (tx) => {
      const before = await one(tx, id, true);
      await tx.execute(sql`DELETE FROM faq WHERE id = ${id}`);
      await audited(tx, actor, { acao: "excluir", entidade: "faq", entidade_id: id, antes: before });
    });

  return { list: () => read(db), create, update, remove };
}
