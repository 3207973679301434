import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "#db/client.ts";
import { HttpError } from "../../../lib/errors.ts";
import { FIELD_TYPES, type Field, type Header } from "./columns.ts";
import type { RowPlan } from "./plan.ts";

/** The writes of an apply, a batch a statement on the import's transaction (docs/decisions/020, "Import: the writes"). */

const recordset = (fields: readonly Field[]) => sql.raw(fields.map((f) => `${f} ${FIELD_TYPES[f]}`).join(", "));

/** Another product took one of these codes or addresses since the check: the whole apply fails and nothing is written. */
function changedSinceCheck(err: unknown): never {
  if ((err as { code?: string }).code === "23505" || (err as { cause?: { code?: string } }).cause?.code === "23505") {
    throw new HttpError(409, "import_changed");
  }
  throw err;
}

/** Writes one batch's plan on the import's transaction. */
export async function writeBatch(tx: Tx, plans: RowPlan[], header: Header) {
  const creates = plans.filter((p) => p.kind === "create");
  const updates = plans.filter((p) => p.kind === "update");
  if (creates.length > 0) {
    const fields = Object.keys(FIELD_TYPES) as Field[];
    const columns = sql.raw(fields.join(", "));
    const created = await queryRows<{ id: number; codigo: string }>(
      tx,
      sql`INSERT INTO produtos (${columns})
          SELECT ${columns} FROM jsonb_to_recordset(${JSON.stringify(creates.map((c) => c.values))}::jsonb) AS v(${recordset(fields)})
          RETURNING id, codigo`,
    ).catch(changedSinceCheck);
    const ids = new Map(created.map((r) => [r.codigo, r.id]));
    const specs = creates.flatMap((c) => c.especificacoes.map((s, ordem) => ({ ...s, product_id: ids.get(c.values.codigo)!, ordem })));
    if (specs.length > 0) await insertSpecs(tx, specs);
    await tx.execute(sql`DELETE FROM slugs_antigos WHERE entidade = 'produto'
      AND slug = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(creates.map((c) => c.values.slug))}::jsonb)))`);
  }
  if (updates.length > 0) {
    const fields = header.fields;
    if (fields.length > 0) {
      const set = sql.raw([...fields.map((f) => `${f} = v.${f}`), "updated_at = now()"].join(", "));
      const mine = sql.raw(fields.map((f) => `p.${f}`).join(", "));
      const theirs = sql.raw(fields.map((f) => `v.${f}`).join(", "));
      const rows = updates.map((u) => ({ id: u.id, ...Object.fromEntries(fields.map((f) => [f, u.values[f]])) }));
      await tx
        .execute(
          sql`UPDATE produtos p SET ${set}
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id int, ${recordset(fields)})
            WHERE p.id = v.id AND (${mine}) IS DISTINCT FROM (${theirs})`,
        )
        .catch(changedSinceCheck);
    }
    const moved = updates.filter((u) => u.values.slug !== u.before.slug);
    if (moved.length > 0) {
      await tx.execute(sql`DELETE FROM slugs_antigos WHERE entidade = 'produto'
        AND slug = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(moved.map((u) => u.values.slug))}::jsonb)))`);
      await tx.execute(sql`INSERT INTO slugs_antigos (entidade, slug, entidade_id)
        SELECT 'produto', v.slug, v.id FROM jsonb_to_recordset(${JSON.stringify(moved.map((u) => ({ id: u.id, slug: u.before.slug })))}::jsonb)
          AS v(id int, slug varchar)
        ON CONFLICT (entidade, slug) DO UPDATE SET entidade_id = excluded.entidade_id, created_at = now()`);
    }
    const respecced = updates.filter((u) => u.specsChanged);
    if (respecced.length > 0) {
      await tx.execute(sql`DELETE FROM produto_especificacoes
        WHERE product_id = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(respecced.map((u) => u.id))}::jsonb)::int))`);
      // The product counts as changed for the storefront's catalogue even when only its specifications did.
      if (fields.length === 0) {
        await tx.execute(sql`UPDATE produtos SET updated_at = now()
          WHERE id = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(respecced.map((u) => u.id))}::jsonb)::int))`);
      }
      const specs = respecced.flatMap((u) => (u.especificacoes ?? []).map((s, ordem) => ({ ...s, product_id: u.id, ordem })));
      if (specs.length > 0) await insertSpecs(tx, specs);
    }
  }
}

async function insertSpecs(
  tx: Tx,
  specs: { product_id: number; ordem: number; nome_pt: string; nome_es: string; valor_pt: string | null; valor_es: string | null }[],
) {
  await tx.execute(sql`INSERT INTO produto_especificacoes (product_id, nome_pt, nome_es, valor_pt, valor_es, ordem)
    SELECT product_id, nome_pt, nome_es, valor_pt, valor_es, ordem FROM jsonb_to_recordset(${JSON.stringify(specs)}::jsonb)
      AS v(product_id int, nome_pt varchar, nome_es varchar, valor_pt varchar, valor_es varchar, ordem int)`);
}
