import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { imports } from "#db/schema/staff.ts";
import { audited, type Actor, type KeyActor } from "../audit.ts";
import type { Counts, Progress } from "./batches.ts";
import type { Header } from "./columns.ts";
import type { RowPlan } from "./plan.ts";
import { writeBatch } from "./writes.ts";

/** The refused rows an import's audit record keeps (the import itself keeps IMPORT_ERRORS_KEPT). */
const AUDITED_REFUSALS = 20;

/**
 * An apply's second step: its plan, read back a batch at a time (spill.ts), written in one transaction
 * with one audit record (the counts and a sample of the values), and the import marked applied.
 */
export async function writePlan(
  db: Db,
  plan: {
    actor: Actor | KeyActor;
    claimed: typeof imports.$inferSelect;
    header: Header;
    counts: Counts;
    /** The first rows written, for the audit record. */
    sample: RowPlan[];
    batches: AsyncIterable<RowPlan[]>;
    progress: Progress;
    concurrentWrites: boolean;
  },
  /** PostgreSQL: the progress is written from another connection while the transaction runs. */
  onProgress: (processadas: number) => Promise<void>,
) {
  const { actor, claimed, header, counts, sample, progress, concurrentWrites } = plan;
  await db.transaction(async (tx) => {
    if (concurrentWrites) await tx.execute(sql`SET LOCAL statement_timeout = '300s'`);
    for await (const plans of plan.batches) {
      await writeBatch(tx, plans, header);
      progress.processadas += plans.length;
      if (concurrentWrites) await onProgress(progress.processadas);
    }
    // The currency always, so the log can show a price in its own currency when the file had no `moeda` column.
    const pick = (values: object) => Object.fromEntries(["moeda_id", ...header.fields].map((f) => [f, (values as Record<string, unknown>)[f]]));
    const { erros: _erros, ...numbers } = counts;
    await audited(tx, actor, {
      acao: "importar",
      entidade: "importacao",
      entidade_id: claimed.id,
      antes: {
        arquivo: claimed.arquivo_nome,
        valores: sample.map((p) => (p.kind === "update" ? { codigo: p.before.codigo, ...pick(p.before) } : null)),
      },
      depois: {
        ...numbers,
        colunas: header.columns,
        recusas: counts.erros.slice(0, AUDITED_REFUSALS),
        valores: sample.map((p) => (p.kind === "create" || p.kind === "update" ? { codigo: p.values.codigo, ...pick(p.values) } : null)),
      },
    });
    await tx
      .update(imports)
      .set({ estado: "applied", applied_at: new Date(), updated_at: new Date(), processadas: progress.processadas, ...numbers, erros: counts.erros })
      .where(eq(imports.id, claimed.id));
  });
}
