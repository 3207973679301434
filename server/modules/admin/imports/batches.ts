import { IMPORT_ERRORS_KEPT, KEY_PRICE_STOCK_COLUMNS, type ApiKeyScope, type ImportRefusal } from "#contract/api/admin/imports.ts";
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
  /** Prices the file moves past the bulk change's limits (a key's apply must confirm them). */
  fora_limite: number;
  erros: ImportRefusal[];
}

/** Who sends the file: a member, or an API key of a scope (which bounds the columns and refuses a price of 0). */
export interface Sender {
  keyScope?: ApiKeyScope;
}

/**
 * Reads the file and plans it in batches: `onBatch` gets each batch's plan (the dry run counts it, the
 * apply writes it). A header the store cannot read refuses the whole file, and so does a column the
 * sender's key may not write. Rows past the cap, or a file past its limits, throw the refusal (file.ts).
 */
export async function planFile(
  file: { path: string; formato: "csv" | "xlsx"; lang: Locale },
  sender: Sender,
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
  if (sender.keyScope === "preco_estoque") {
    const others = header.columns.filter((c) => !(KEY_PRICE_STOCK_COLUMNS as readonly string[]).includes(c));
    if (others.length > 0) {
      return { falha: apiMessage(lang, "import_key_columns", { colunas: others.join(", "), aceitas: KEY_PRICE_STOCK_COLUMNS.join(";") }) };
    }
  }
  const planner = createPlanner(reader, header, lang, await readLookups(reader), { zeroPrice: sender.keyScope === undefined });
  let batch: { linha: number; cells: string[] }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await onBatch(await planner.plan(batch), header);
    progress.processadas += batch.length;
    batch = [];
  };
  for await (const r of rows) {
    batch.push(r);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { header };
}

export const newCounts = (): Counts => ({ criadas: 0, atualizadas: 0, inalteradas: 0, recusadas: 0, fora_limite: 0, erros: [] });

export function tally(counts: Counts, plans: RowPlan[]) {
  for (const p of plans) {
    if (p.kind === "create") counts.criadas++;
    else if (p.kind === "update") {
      counts.atualizadas++;
      if (p.priceJump) counts.fora_limite++;
    } else if (p.kind === "unchanged") counts.inalteradas++;
    else {
      counts.recusadas++;
      if (counts.erros.length < IMPORT_ERRORS_KEPT) counts.erros.push(p.refusal);
    }
  }
}
