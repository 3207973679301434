import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { desc, eq, sql } from "drizzle-orm";
import {
  IMPORT_COLUMNS,
  IMPORT_ERRORS_KEPT,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  PRICE_STOCK_COLUMNS,
  type AdminImport,
  type ImportRefusal,
  type ImportState,
} from "#contract/api/admin/imports.ts";
import type { Locale } from "#contract/locale.ts";
import { apiMessage } from "#contract/messages.ts";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { imports } from "#db/schema/staff.ts";
import { HttpError } from "../../lib/errors.ts";
import { audited, type Actor, type KeyActor } from "./audit.ts";
import { fileFormat, fileRows, writeRows } from "./import-file.ts";
import { createPlanner, FIELD_TYPES, readHeader, readLookups, type Field, type Header, type RowPlan } from "./import-plan.ts";

/** Rows read, checked and written together. */
const BATCH = 1000;
/** An import whose process stopped answering (no progress for this long) counts as interrupted. */
const STALE_MS = 5 * 60 * 1000;

type ImportRow = typeof imports.$inferSelect;

interface Progress {
  processadas: number;
  linhas: number;
}

interface Counts {
  criadas: number;
  atualizadas: number;
  inalteradas: number;
  recusadas: number;
  erros: ImportRefusal[];
}

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

  /** Files of imports left unapplied for a day are removed (the row and its counts stay). */
  async function sweep() {
    const names = await readdir(folder).catch(() => [] as string[]);
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
    for (const name of names) {
      const file = path.join(folder, name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < dayAgo) await rm(file, { force: true });
    }
  }

  /** A CSV's lines, counted before the check so the progress bar knows its end (a workbook's is known once read). */
  async function countLines(file: string): Promise<number> {
    let lines = 0;
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    return Math.max(0, lines);
  }

  async function setRow(id: number, values: Partial<typeof imports.$inferInsert>) {
    await db
      .update(imports)
      .set({ ...values, updated_at: new Date() })
      .where(eq(imports.id, id));
  }

  /**
   * Reads the file and plans it in batches: `onBatch` gets each batch's plan (the dry run counts it, the
   * apply keeps it). A header the store cannot read refuses the whole file.
   */
  async function planFile(
    row: ImportRow,
    reader: Db | Tx,
    progress: Progress,
    onBatch: (plans: RowPlan[], header: Header) => Promise<void>,
  ): Promise<{ header: Header } | { falha: string }> {
    const lang = row.lang as Locale;
    const rows = fileRows(fileOf(row), row.formato as "csv" | "xlsx");
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

  const newCounts = (): Counts => ({ criadas: 0, atualizadas: 0, inalteradas: 0, recusadas: 0, erros: [] });
  function tally(counts: Counts, plans: RowPlan[]) {
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
      const result = await planFile(row, db, progress, async (plans) => {
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
    await sweep();
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

  const recordset = (fields: readonly Field[]) => sql.raw(fields.map((f) => `${f} ${FIELD_TYPES[f]}`).join(", "));

  /** Writes one batch's plan on the import's transaction. */
  async function writeBatch(tx: Tx, plans: RowPlan[], header: Header) {
    const creates = plans.filter((p) => p.kind === "create");
    const updates = plans.filter((p) => p.kind === "update");
    if (creates.length > 0) {
      const fields = Object.keys(FIELD_TYPES) as Field[];
      const columns = sql.raw(fields.join(", "));
      let created: { id: number; codigo: string }[];
      try {
        created = await queryRows<{ id: number; codigo: string }>(
          tx,
          sql`INSERT INTO produtos (${columns})
              SELECT ${columns} FROM jsonb_to_recordset(${JSON.stringify(creates.map((c) => c.values))}::jsonb) AS v(${recordset(fields)})
              RETURNING id, codigo`,
        );
      } catch (err) {
        // Another product took one of these codes or addresses since the check.
        if ((err as { code?: string }).code === "23505" || (err as { cause?: { code?: string } }).cause?.code === "23505") {
          throw new HttpError(409, "import_changed");
        }
        throw err;
      }
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
        try {
          await tx.execute(sql`UPDATE produtos p SET ${set}
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id int, ${recordset(fields)})
            WHERE p.id = v.id AND (${mine}) IS DISTINCT FROM (${theirs})`);
        } catch (err) {
          if ((err as { code?: string }).code === "23505" || (err as { cause?: { code?: string } }).cause?.code === "23505") {
            throw new HttpError(409, "import_changed");
          }
          throw err;
        }
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
      const result = await planFile(claimed, db, progress, async (plans, header) => {
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

  /** The catalogue as a file of the import's columns (all of them, or the price-and-stock ones), streamed in pages by id. */
  function exportFile(formato: "csv" | "xlsx", colunas: "todas" | "preco_estoque"): Readable {
    const header = colunas === "todas" ? [...IMPORT_COLUMNS] : [...PRICE_STOCK_COLUMNS];
    async function* rows(): AsyncGenerator<string[]> {
      for (let after = 0; ;) {
        const page = await queryRows<Record<string, unknown> & { id: number }>(
          db,
          sql`SELECT p.id, p.codigo, p.slug, p.nome_pt, p.nome_es, m.slug AS marca, c.slug AS categoria, d.slug AS departamento,
                     CASE p.moeda_id WHEN 3 THEN 'PYG' ELSE 'USD' END AS moeda,
                     CASE p.moeda_id WHEN 3 THEN trunc(p.valor_venda)::text ELSE p.valor_venda::text END AS preco,
                     p.mostrar_preco, p.qtde_disponivel AS estoque, p.qtde_fisica AS estoque_fisico, p.especial, p.ativo,
                     p.descritivo_pt, p.descritivo_es, p.caracteristica_pt, p.caracteristica_es,
                     ${
                       colunas === "todas"
                         ? sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('nome_pt', s.nome_pt, 'nome_es', s.nome_es, 'valor_pt', s.valor_pt, 'valor_es', s.valor_es) ORDER BY s.ordem, s.id), '[]'::jsonb)::text
                               FROM produto_especificacoes s WHERE s.product_id = p.id)`
                         : sql`NULL`
                     } AS especificacoes
              FROM produtos p
              LEFT JOIN marcas m ON m.id = p.brand_id
              LEFT JOIN categorias c ON c.id = p.category_id
              LEFT JOIN departamentos d ON d.id = p.department_id
              WHERE p.id > ${after} ORDER BY p.id LIMIT ${BATCH}`,
        );
        for (const r of page) {
          yield header.map((h) => {
            const v = r[h];
            if (typeof v === "boolean") return v ? "sim" : "nao";
            return v === null || v === undefined ? "" : String(v);
          });
        }
        if (page.length < BATCH) return;
        after = page[page.length - 1]!.id;
      }
    }
    const out = new PassThrough();
    writeRows(out, formato, header, rows()).catch((err: unknown) => {
      log.error({ err }, "export failed");
      out.destroy(err as Error);
    });
    return out;
  }

  return { start, get, list, apply, exportFile, maxBytes: IMPORT_MAX_BYTES };
}

export type AdminImports = ReturnType<typeof createAdminImports>;
