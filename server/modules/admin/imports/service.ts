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
import type { Db } from "#db/client.ts";
import { imports } from "#db/schema/staff.ts";
import { HttpError } from "../../../lib/errors.ts";
import { audited, type Actor, type KeyActor } from "../audit.ts";
import { newCounts, planFile, tally, type Progress } from "./batches.ts";
import type { Header } from "./columns.ts";
import { exportFile } from "./export.ts";
import { countLines, fileFormat, removeOlderThan } from "./file.ts";
import type { RowPlan } from "./plan.ts";
import { writeBatch } from "./writes.ts";

/** An import whose process stopped answering (no progress for this long) counts as interrupted. */
const STALE_MS = 5 * 60 * 1000;
/** Files of imports left unapplied this long are removed (the row and its counts stay). */
const DAY_MS = 24 * 60 * 60 * 1000;

type ImportRow = typeof imports.$inferSelect;

/**
 * Product imports and the catalogue's export (docs/decisions/020). An upload is kept under
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

  /**
   * Whether an unfinished import no process is running any more: on the embedded database this is the
   * only process (store.lock), so one it is not running was cut short; on PostgreSQL another process may
   * be running it, until its progress stops for STALE_MS.
   */
  const abandoned = (updatedAt: Date) => !concurrentWrites || Date.now() - updatedAt.getTime() > STALE_MS;

  const fileOf = (row: Pick<ImportRow, "arquivo">) => path.join(folder, row.arquivo);
  const planOf = (row: ImportRow, progress: Progress, onBatch: Parameters<typeof planFile>[3]) =>
    planFile({ path: fileOf(row), formato: row.formato as "csv" | "xlsx", lang: row.lang as Locale }, db, progress, onBatch);

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
        const key =
          err instanceof HttpError && (err.messageKey === "import_unreadable" || err.messageKey === "import_changed")
            ? err.messageKey
            : "import_failed";
        if (key === "import_failed") log.error({ err, importacao: row.id }, "import failed");
        await setRow(row.id, { estado: "failed", falha: apiMessage(row.lang as Locale, key) }).catch(() => {});
        await rm(fileOf(row), { force: true });
      })
      .finally(() => running.delete(row.id));
  }

  /** The dry run: counts and refusals, nothing written to the catalogue. */
  function check(row: ImportRow) {
    const progress: Progress = { processadas: 0, linhas: row.linhas };
    background(row, progress, async () => {
      const counts = newCounts();
      const result = await planOf(row, progress, async (plans) => {
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
      const [row] = await db
        .insert(imports)
        .values({
          funcionario_id: actor.staffId,
          chave_api_id: actor.staffId === null ? actor.apiKeyId : null,
          autor: actor.email,
          lang,
          arquivo_nome: (upload.filename || `produtos.${formato}`).slice(0, 200),
          formato,
          arquivo: `${randomBytes(12).toString("hex")}.${formato}`,
          estado: "checking",
          linhas: formato === "csv" ? Math.max(0, (await countLines(temp)) - 1) : 0,
        })
        .returning();
      await rename(temp, fileOf(row!));
      check(row!);
      return view(row!);
    } finally {
      await rm(temp, { force: true });
    }
  }

  /**
   * Applies a checked import: the file is planned again (the catalogue may have moved since the dry
   * run), then every create and update is written in one transaction with one audit record. Refused
   * rows stay out; the counts of the apply replace the dry run's.
   */
  async function apply(actor: Actor | KeyActor, id: number): Promise<AdminImport> {
    const row = await load(id);
    // A check left unapplied for a day lost its file (sweep): it must be sent again.
    if (row.estado === "checked" && !(await stat(fileOf(row)).catch(() => undefined))) {
      await setRow(id, { estado: "failed", falha: apiMessage(row.lang as Locale, "import_expired") });
      throw new HttpError(409, "import_expired");
    }
    const [claimed] = await db
      .update(imports)
      .set({ estado: "applying", processadas: 0, updated_at: new Date() })
      .where(sql`${imports.id} = ${id} AND ${imports.estado} = 'checked'`)
      .returning();
    if (!claimed) throw new HttpError(409, "import_not_ready");
    const others = await db
      .select({ id: imports.id, updated_at: imports.updated_at })
      .from(imports)
      .where(sql`${imports.estado} = 'applying' AND ${imports.id} <> ${id}`);
    if (others.some((o) => running.has(o.id) || !abandoned(o.updated_at))) {
      await setRow(id, { estado: "checked" });
      throw new HttpError(409, "import_busy");
    }
    const progress: Progress = { processadas: 0, linhas: claimed.linhas * 2 };
    background(claimed, progress, async () => {
      // First the plan, outside the transaction (the store keeps answering); then its writes, all at once.
      const counts = newCounts();
      const writes: { plans: RowPlan[]; header: Header }[] = [];
      const result = await planOf(claimed, progress, async (plans, header) => {
        tally(counts, plans);
        const kept = plans.filter((p) => p.kind === "create" || p.kind === "update");
        if (kept.length > 0) writes.push({ plans: kept, header });
        await setRow(id, { processadas: progress.processadas + plans.length });
      });
      if ("falha" in result) {
        await setRow(id, { estado: "failed", falha: result.falha });
        await rm(fileOf(claimed), { force: true });
        return;
      }
      progress.linhas = progress.processadas + counts.criadas + counts.atualizadas;
      await db.transaction(async (tx) => {
        if (concurrentWrites) await tx.execute(sql`SET LOCAL statement_timeout = '300s'`);
        for (const { plans, header } of writes) {
          await writeBatch(tx, plans, header);
          progress.processadas += plans.length;
          if (concurrentWrites) await setRow(id, { processadas: progress.processadas });
        }
        const sample = writes.flatMap((w) => w.plans).slice(0, 1000);
        const pick = (values: object) => Object.fromEntries(result.header.fields.map((f) => [f, (values as Record<string, unknown>)[f]]));
        const { erros: _erros, ...numbers } = counts;
        await audited(tx, actor, {
          acao: "importar",
          entidade: "importacao",
          entidade_id: id,
          antes: {
            arquivo: claimed.arquivo_nome,
            valores: sample.map((p) => (p.kind === "update" ? { codigo: p.before.codigo, ...pick(p.before) } : null)),
          },
          depois: {
            ...numbers,
            colunas: result.header.columns,
            valores: sample.map((p) => (p.kind === "create" || p.kind === "update" ? { codigo: p.values.codigo, ...pick(p.values) } : null)),
          },
        });
        await tx
          .update(imports)
          .set({
            estado: "applied",
            applied_at: new Date(),
            updated_at: new Date(),
            processadas: progress.processadas,
            ...numbers,
            erros: counts.erros,
          })
          .where(eq(imports.id, id));
      });
      await rm(fileOf(claimed), { force: true });
      if (counts.criadas + counts.atualizadas > 0) await changed();
    });
    return view({ ...claimed });
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
