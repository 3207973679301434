import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { desc, eq, sql } from "drizzle-orm";
import { IMPORT_MAX_BYTES, type AdminImport, type ImportRefusal, type ImportState } from "#contract/api/admin/imports.ts";
import type { Locale } from "#contract/locale.ts";
import { apiMessage } from "#contract/messages.ts";
import type { Db, DbOrTx } from "#db/client.ts";
import { imports } from "#db/schema/staff.ts";
import { HttpError } from "../../../lib/errors.ts";
import type { Actor, KeyActor } from "../audit.ts";
import { newCounts, planFile, tally, type Progress, type Sender } from "./batches.ts";
import { exportFile } from "./export.ts";
import { countLines, fileFormat, removeOlderThan } from "./file.ts";
import type { RowPlan } from "./plan.ts";
import { planSpill } from "./spill.ts";
import { writePlan } from "./apply.ts";
import { workbookEntries, zipRefusal } from "./xlsx.ts";
import { ZipRefused } from "./zip.ts";
import { record } from "../../../observability/metrics.ts";

/** An import whose process stopped answering (no progress for this long) counts as interrupted. */
const STALE_MS = 5 * 60 * 1000;
/** Files of imports left unapplied this long are removed (the row and its counts stay). */
const DAY_MS = 24 * 60 * 60 * 1000;

type ImportRow = typeof imports.$inferSelect;

/** A key's file is bounded by its scope; a member's is not. */
const senderOf = (actor: Actor | KeyActor): Sender => (actor.staffId === null ? { keyScope: actor.escopo } : {});
/** An audit sample: the first thousand rows written. */
const SAMPLE = 1000;

/**
 * Product imports and the catalogue's export (docs/decisions/020, bounded by 024). An upload is kept under
 * DATA_DIR/imports and checked in the background (the dry run: counts and every refused row, nothing
 * written); applying it plans the file again and writes the plan in one transaction, so it lands whole
 * or not at all. Unchanged rows write nothing: importing a file twice changes nothing the second time.
 */
export function createAdminImports({
  db,
  dataDir,
  concurrentWrites,
  changed,
  log,
}: {
  db: Db;
  dataDir: string;
  /** PostgreSQL: other connections may write progress while the import's transaction runs. */
  concurrentWrites: boolean;
  changed: () => Promise<void>;
  log: { error(obj: unknown, msg?: string): void };
}) {
  const folder = path.join(dataDir, "imports");
  /**
   * The imports this process is running: the row as it started and the progress (the row is written as
   * the work goes). A poll is answered from here without the database, which an apply's transaction may hold.
   */
  const running = new Map<number, { row: ImportRow; progress: Progress }>();
  /** Uploads past their idle check and not yet running: a second one is refused at once. */
  let pending = 0;

  /**
   * Whether an unfinished import no process is running any more: on the embedded database this is the
   * only process (store.lock), so one it is not running was cut short; on PostgreSQL another process may
   * be running it, until its progress stops for STALE_MS.
   */
  const abandoned = (updatedAt: Date) => !concurrentWrites || Date.now() - updatedAt.getTime() > STALE_MS;

  const fileOf = (row: Pick<ImportRow, "arquivo">) => path.join(folder, row.arquivo);
  const planOf = (row: ImportRow, sender: Sender, progress: Progress, onBatch: Parameters<typeof planFile>[4]) =>
    planFile({ path: fileOf(row), formato: row.formato as "csv" | "xlsx", lang: row.lang as Locale }, sender, db, progress, onBatch);

  /**
   * One check or apply at a time in the shop (docs/decisions/024): each reads a whole file, and the
   * storefront shares the process. `except` is the import being applied.
   */
  const busy = () => new HttpError(409, "import_busy");

  /** Whether the database holds an import, other than `except`, that some process is still running. */
  async function othersRunning(except: number | undefined, tx: DbOrTx) {
    const others = await tx
      .select({ id: imports.id, updated_at: imports.updated_at })
      .from(imports)
      .where(sql`${imports.estado} IN ('checking', 'applying') AND ${imports.id} <> ${except ?? 0}`);
    return others.some((o) => running.has(o.id) || !abandoned(o.updated_at));
  }

  async function ensureIdle(except?: number) {
    if (pending > 0 || [...running.keys()].some((id) => id !== except)) throw busy();
    if (await othersRunning(except, db)) throw busy();
    // Checked again after the query: another request may have started meanwhile.
    if (pending > 0 || [...running.keys()].some((id) => id !== except)) throw busy();
  }

  /**
   * The last idle check and the write that starts an import, as one step for every process on the
   * database: another process's upload waits for this transaction, then finds this import running.
   */
  const startingAlone = <T>(except: number | undefined, write: (tx: DbOrTx) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('admin-imports'))`);
      if (await othersRunning(except, tx)) throw busy();
      return write(tx);
    });

  function view(row: ImportRow): AdminImport {
    const live = running.get(row.id)?.progress;
    const stale = !live && (row.estado === "checking" || row.estado === "applying") && abandoned(row.updated_at);
    return {
      id: row.id,
      arquivo_nome: row.arquivo_nome,
      formato: row.formato as AdminImport["formato"],
      estado: stale ? "failed" : (row.estado as ImportState),
      colunas: row.colunas,
      linhas: live?.linhas ?? row.linhas,
      processadas: live?.processadas ?? row.processadas,
      criadas: row.criadas,
      atualizadas: row.atualizadas,
      inalteradas: row.inalteradas,
      recusadas: row.recusadas,
      fora_limite: row.fora_limite,
      erros: row.erros as ImportRefusal[],
      falha: stale ? apiMessage(row.lang as Locale, "import_interrupted") : row.falha,
      autor: row.autor,
      created_at: row.created_at.toISOString(),
      applied_at: row.applied_at?.toISOString() ?? null,
    };
  }

  async function load(id: number): Promise<ImportRow> {
    const [row] = await db.select().from(imports).where(eq(imports.id, id)).limit(1);
    if (!row) throw new HttpError(404, "not_found");
    return row;
  }

  const get = async (id: number) => {
    const live = running.get(id);
    return view(live ? live.row : await load(id));
  };

  async function list(): Promise<AdminImport[]> {
    const rows = await db.select().from(imports).orderBy(desc(imports.created_at), desc(imports.id)).limit(20);
    return rows.map((r) => ({ ...view(r), erros: [] }));
  }

  async function setRow(id: number, values: Partial<typeof imports.$inferInsert>) {
    await db
      .update(imports)
      .set({ ...values, updated_at: new Date() })
      .where(eq(imports.id, id));
  }

  /** Runs a step of an import in the background; a failure is recorded on the row in the importer's language. */
  function background(row: ImportRow, progress: Progress, work: () => Promise<void>) {
    running.set(row.id, { row, progress });
    void work()
      .catch(async (err: unknown) => {
        // A refusal of the file (its limits, a row cap, a changed catalogue) is the importer's to read; anything else is ours.
        const refused = err instanceof HttpError && err.statusCode < 500;
        if (!refused) log.error({ err, importacao: row.id }, "import failed");
        if (row.estado === "applying") record.importApplied("failed");
        const falha = refused ? apiMessage(row.lang as Locale, err.messageKey, err.vars) : apiMessage(row.lang as Locale, "import_failed");
        await setRow(row.id, { estado: "failed", falha }).catch(() => {});
        await rm(fileOf(row), { force: true });
      })
      .finally(() => running.delete(row.id));
  }

  /** The dry run: counts and refusals, nothing written to the catalogue. */
  function check(row: ImportRow, sender: Sender) {
    const progress: Progress = { processadas: 0, linhas: row.linhas };
    background(row, progress, async () => {
      const counts = newCounts();
      const result = await planOf(row, sender, progress, async (plans) => {
        tally(counts, plans);
        await setRow(row.id, { processadas: progress.processadas + plans.length });
      });
      if ("falha" in result) {
        await setRow(row.id, { estado: "failed", falha: result.falha, processadas: progress.processadas });
        await rm(fileOf(row), { force: true });
        return;
      }
      const { erros, ...numbers } = counts;
      await setRow(row.id, {
        estado: "checked",
        colunas: result.header.columns,
        linhas: progress.processadas,
        processadas: progress.processadas,
        ...numbers,
        erros,
      });
    });
  }

  /**
   * Takes an upload: the file is written under DATA_DIR/imports (at most 100 MB), recognised by its
   * bytes (an XLSX workbook, or text read as CSV), and its dry run starts.
   */
  async function start(actor: Actor | KeyActor, lang: Locale, upload: { filename: string; file: Readable & { truncated?: boolean } }) {
    await ensureIdle();
    await mkdir(folder, { recursive: true });
    await removeOlderThan(folder, DAY_MS);
    const temp = path.join(folder, `upload-${randomBytes(12).toString("hex")}`);
    try {
      // A multipart body cut short or malformed fails here: the sender's fault (a disk's error stays the server's).
      await pipeline(upload.file, createWriteStream(temp)).catch((err: unknown) => {
        const { statusCode, syscall } = err as { statusCode?: unknown; syscall?: unknown };
        if (typeof statusCode === "number" || typeof syscall === "string") throw err;
        throw new HttpError(400, "bad_request");
      });
      if (upload.file.truncated) throw new HttpError(413, "import_too_large", { errors: { arquivo: ["import_too_large"] } });
      if ((await stat(temp)).size === 0) throw new HttpError(422, "validation_failed", { errors: { arquivo: ["import_file_required"] } });
      const formato = await fileFormat(temp);
      // A workbook declaring more than it may inflate to is refused before a byte of it is inflated.
      if (formato === "xlsx") {
        await workbookEntries(temp).catch((err: unknown) => {
          throw err instanceof ZipRefused ? zipRefusal(err) : err;
        });
      }
      await ensureIdle();
      pending++;
      try {
        return await register(actor, lang, upload.filename, formato, temp);
      } finally {
        pending--;
      }
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** The import's row, its file moved in place, and its dry run started. */
  async function register(actor: Actor | KeyActor, lang: Locale, filename: string, formato: "csv" | "xlsx", temp: string) {
    const linhas = formato === "csv" ? Math.max(0, (await countLines(temp)) - 1) : 0;
    const [row] = await startingAlone(undefined, (tx) =>
      tx
        .insert(imports)
        .values({
          funcionario_id: actor.staffId,
          chave_api_id: actor.staffId === null ? actor.apiKeyId : null,
          autor: actor.email,
          lang,
          arquivo_nome: (filename || `produtos.${formato}`).slice(0, 200),
          formato,
          arquivo: `${randomBytes(12).toString("hex")}.${formato}`,
          estado: "checking",
          linhas,
        })
        .returning(),
    );
    await rename(temp, fileOf(row!));
    check(row!, senderOf(actor));
    return view(row!);
  }

  /**
   * Applies a checked import: the file is planned again (the catalogue may have moved since the dry
   * run), the plan kept on disk a batch a line, then every create and update is written in one
   * transaction with one audit record. Refused rows stay out; the counts of the apply replace the dry
   * run's. An API key must confirm prices moved past the bulk change's limits (`confirmar`).
   */
  async function apply(actor: Actor | KeyActor, id: number, confirmar = false): Promise<AdminImport> {
    const row = await load(id);
    // A check left unapplied for a day lost its file (sweep): it must be sent again.
    if (row.estado === "checked" && !(await stat(fileOf(row)).catch(() => undefined))) {
      await setRow(id, { estado: "failed", falha: apiMessage(row.lang as Locale, "import_expired") });
      throw new HttpError(409, "import_expired");
    }
    const sender = senderOf(actor);
    const mustConfirm = sender.keyScope !== undefined && !confirmar;
    if (mustConfirm && row.estado === "checked" && row.fora_limite > 0) {
      throw new HttpError(409, "import_needs_confirmation", { vars: { count: row.fora_limite } });
    }
    await ensureIdle(id);
    const [claimed] = await startingAlone(id, (tx) =>
      tx
        .update(imports)
        .set({ estado: "applying", processadas: 0, updated_at: new Date() })
        .where(sql`${imports.id} = ${id} AND ${imports.estado} = 'checked'`)
        .returning(),
    );
    if (!claimed) throw new HttpError(409, "import_not_ready");
    const progress: Progress = { processadas: 0, linhas: claimed.linhas * 2 };
    const spillPath = `${fileOf(claimed)}.plan`;
    background(claimed, progress, async () => {
      try {
        await applyPlanned(actor, claimed, sender, mustConfirm, progress, spillPath);
      } finally {
        await rm(spillPath, { force: true });
      }
    });
    return view({ ...claimed });
  }

  async function applyPlanned(
    actor: Actor | KeyActor,
    claimed: ImportRow,
    sender: Sender,
    mustConfirm: boolean,
    progress: Progress,
    spillPath: string,
  ) {
    const id = claimed.id;
    // First the plan, outside the transaction (the store keeps answering); then its writes, all at once.
    const counts = newCounts();
    const spill = planSpill(spillPath);
    const sample: RowPlan[] = [];
    const result = await planOf(claimed, sender, progress, async (plans) => {
      tally(counts, plans);
      const kept = plans.filter((p) => p.kind === "create" || p.kind === "update");
      if (kept.length > 0) await spill.write(kept);
      sample.push(...kept.slice(0, SAMPLE - sample.length));
      await setRow(id, { processadas: progress.processadas + plans.length });
    });
    await spill.close();
    if (!("falha" in result) && mustConfirm && counts.fora_limite > 0) {
      throw new HttpError(409, "import_needs_confirmation", { vars: { count: counts.fora_limite } });
    }
    if ("falha" in result) {
      record.importApplied("failed");
      await setRow(id, { estado: "failed", falha: result.falha });
      await rm(fileOf(claimed), { force: true });
      return;
    }
    progress.linhas = progress.processadas + counts.criadas + counts.atualizadas;
    await writePlan(
      db,
      { actor, claimed, header: result.header, counts, sample, batches: spill.batches(), progress, concurrentWrites },
      (processadas) => setRow(id, { processadas }),
    );
    record.importApplied("applied", counts.criadas + counts.atualizadas);
    await rm(fileOf(claimed), { force: true });
    if (counts.criadas + counts.atualizadas > 0) await changed();
  }

  return {
    start,
    get,
    list,
    apply,
    exportFile: (formato: "csv" | "xlsx", colunas: "todas" | "preco_estoque") => exportFile(db, log, formato, colunas),
    maxBytes: IMPORT_MAX_BYTES,
  };
}
