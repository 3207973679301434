import { IMPORT_ERRORS_KEPT, IMPORT_MAX_ROWS, type ImportRefusal } from "#contract/api/admin/imports.ts";
import type { Locale } from "#contract/locale.ts";
import { apiMessage } from "#contract/messages.ts";
import type { DbOrTx } from "#db/client.ts";
import { fileRows } from "./file.ts";
import { readHeader, readLookups, type Header } from "./columns.ts";
import { createPlanner, type RowPlan } from "./plan.ts";

/** Rows read, checked and written together. */
export const BATCH = 1000;

export interface Progress {
  processadas: number;
  linhas: number;
}

export interface Counts {
  criadas: number;
  atualizadas: number;
  inalteradas: number;
  recusadas: number;
  erros: ImportRefusal[];
}

/**
 * Reads the file and plans it in batches: `onBatch` gets each batch's plan (the dry run counts it, the
 * apply keeps it). A header the store cannot read refuses the whole file.
 */
export async function planFile(
  file: { path: string; formato: "csv" | "xlsx"; lang: Locale },
  reader: DbOrTx,
  progress: Progress,
  onBatch: (plans: RowPlan[], header: Header) => Promise<void>,
): Promise<{ header: Header } | { falha: string }> {
  const { lang } = file;
  const rows = fileRows(file.path, file.formato);
  const first = await rows.next();
  if (first.done) return { falha: apiMessage(lang, "import_empty") };
  const header = readHeader(first.value.cells, lang);
  if ("falha" in header) return header;
  const planner = createPlanner(reader, header, lang, await readLookups(reader));
  let batch: { linha: number; cells: string[] }[] = [];
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await onBatch(await planner.plan(batch), header);
    progress.processadas += batch.length;
    batch = [];
  };
  for await (const r of rows) {
    if (++count > IMPORT_MAX_ROWS) return { falha: apiMessage(lang, "import_too_many_rows", { max: IMPORT_MAX_ROWS }) };
    batch.push(r);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { header };
}

export const newCounts = (): Counts => ({ criadas: 0, atualizadas: 0, inalteradas: 0, recusadas: 0, erros: [] });

export function tally(counts: Counts, plans: RowPlan[]) {
  for (const p of plans) {
    if (p.kind === "create") counts.criadas++;
    else if (p.kind === "update") counts.atualizadas++;
    else if (p.kind === "unchanged") counts.inalteradas++;
    else {
      counts.recusadas++;
      if (counts.erros.length < IMPORT_ERRORS_KEPT) counts.erros.push(p.refusal);
    }
  }
}
