import { createReadStream, createWriteStream } from "node:fs";
import { open } from "node:fs/promises";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { queryRows, SCHEMA_LOCK, type Database, type DbOrTx } from "./client.ts";
import { hasPgTools, pgDump, pgRestore } from "./backup-pg.ts";

/**
 * Backups of the whole store. `json` is our logical dump (gzipped JSON lines, one snapshot): it
 * works on PGlite and PostgreSQL alike, so an embedded shop can move to a server with it. On
 * PostgreSQL with pg_dump on the PATH the default is pg_dump's custom format instead.
 */
export type DumpFormat = "json" | "pg_dump";

export interface BackupTarget {
  database: Database;
  /** The postgres:// URL behind `database`, for pg_dump and pg_restore. */
  url?: string;
}

export interface DumpSummary {
  format: DumpFormat;
  tables: number;
  rows: number;
}

const FORMAT = "store-dump";
const VERSION = 1;
const BATCH = 500;

interface Header {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  source: Database["kind"];
  /** When the newest migration applied to the source was written (drizzle's folderMillis). */
  migration: number;
  tables: number;
  sequences: { name: string; last_value: string; is_called: boolean }[];
}

interface TableHeader {
  table: string;
  columns: string[];
  rows: number;
}

export async function dumpDatabase(target: BackupTarget, file: string, format?: DumpFormat): Promise<DumpSummary> {
  const chosen = format ?? (target.url && (await hasPgTools()) ? "pg_dump" : "json");
  if (chosen === "pg_dump") {
    if (!target.url) throw new Error("pg_dump needs a PostgreSQL database (DATABASE_URL)");
    await pgDump(target.url, file);
    const tables = await userTables(target.database.db);
    return { format: "pg_dump", tables: tables.length, rows: await countRows(target.database.db, tables) };
  }
  return dumpJson(target.database, file);
}

/** Restores a dump of either format into a fresh database (one with no rows in the store's tables). */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<DumpSummary> {
  if (await isPgDump(file)) {
    if (!target.url) throw new Error("this is a pg_dump file: restore it into PostgreSQL (DATABASE_URL), or dump again with --format json");
    // pg_restore creates the schema itself: the database must not even be migrated.
    if ((await userTables(target.database.db)).length > 0) throw notFresh();
    await pgRestore(target.url, file);
    const restored = await userTables(target.database.db);
    return { format: "pg_dump", tables: restored.length, rows: await countRows(target.database.db, restored) };
  }
  return restoreJson(target.database, file);
}

async function dumpJson(database: Database, file: string): Promise<DumpSummary> {
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(file, { mode: 0o600 }));
  const write = async (line: string) => {
    if (!gzip.write(line + "\n")) await once(gzip, "drain");
  };
  let rows = 0;
  let tableCount = 0;
  // One read-only snapshot: orders written while the dump runs are either wholly in it or not at all.
  await database.db.transaction(
    async (tx) => {
      const db = tx;
      const tables = dependencyOrder(
        (await userTables(db)).filter((t) => !DERIVED_TABLES.has(t)),
        await foreignKeys(db),
      );
      tableCount = tables.length;
      const header: Header = {
        format: FORMAT,
        version: VERSION,
        created_at: new Date().toISOString(),
        source: database.kind,
        migration: await lastMigration(db),
        tables: tables.length,
        sequences: await sequences(db),
      };
      await write(JSON.stringify(header));
      for (const table of tables) {
        const columns = await storedColumns(db, table);
        const [{ n }] = (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)) as [{ n: number }];
        await write(JSON.stringify({ table, columns, rows: n } satisfies TableHeader));
        const list = sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        );
        await db.execute(
          sql`DECLARE dump_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS j FROM (SELECT ${list} FROM ${sql.identifier(table)}) r`,
        );
        for (;;) {
          // Rows stay text from the database to the file: numerics keep every digit.
          const batch = await queryRows<{ j: string }>(db, sql`FETCH ${sql.raw(String(BATCH))} FROM dump_rows`);
          for (const r of batch) await write(r.j);
          if (batch.length < BATCH) break;
        }
        await db.execute(sql`CLOSE dump_rows`);
        rows += n;
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  gzip.end();
  await done;
  return { format: "json", tables: tableCount, rows };
}

async function restoreJson(database: Database, file: string): Promise<DumpSummary> {
  await database.exclusive(SCHEMA_LOCK, () => database.migrate());
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error("the dump ends early: it is truncated");
    return value as string;
  };
  const header = JSON.parse(await next()) as Header;
  if (header.format !== FORMAT || header.version !== VERSION) throw new Error("not a store dump (or one of a newer version)");
  let rows = 0;
  await database.db.transaction(async (tx) => {
    const db = tx;
    if (header.migration > (await lastMigration(db))) throw new Error("the dump comes from a newer version of the store: upgrade the code first");
    const existing = await userTables(db);
    if ((await countRows(db, existing)) > 0) throw notFresh();
    for (let t = 0; t < header.tables; t++) {
      const { table, columns, rows: count } = JSON.parse(await next()) as TableHeader;
      const known = new Set(await storedColumns(db, table));
      const missing = columns.filter((c) => !known.has(c));
      if (missing.length > 0) throw new Error(`table ${table} has no column ${missing.join(", ")}`);
      const list = sql.join(
        columns.map((c) => sql.identifier(c)),
        sql`, `,
      );
      for (let done = 0; done < count;) {
        const batch: string[] = [];
        while (batch.length < BATCH && done + batch.length < count) batch.push(await next());
        // Columns the dump does not name keep their defaults, so a dump restores into a newer schema too.
        await db.execute(sql`INSERT INTO ${sql.identifier(table)} (${list}) OVERRIDING SYSTEM VALUE
          SELECT ${list} FROM json_populate_recordset(null::${sql.identifier(table)}, ${`[${batch.join(",")}]`}::json)`);
        done += batch.length;
      }
      rows += count;
    }
    for (const s of header.sequences) {
      await db.execute(sql`SELECT setval(${`public.${quoteIdent(s.name)}`}::regclass, ${s.last_value}::bigint, ${s.is_called})`);
    }
  });
  return { format: "json", tables: header.tables, rows };
}

/**
 * Tables that triggers fill from others (docs/decisions/012-search-and-lists.md, 018): a JSON dump leaves
 * them out, and restoring produtos and marcas fills them again. The change feed of the in-memory
 * catalogue only says what changed lately; a restore writes its own.
 */
const DERIVED_TABLES = new Set(["produtos_lista", "palavras_busca", "catalogo_alteracoes"]);

async function isPgDump(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    return bytesRead === 5 && buffer.toString("latin1") === "PGDMP";
  } finally {
    await handle.close();
  }
}

const notFresh = () =>
  new Error("the target database is not fresh: restore into a new DATA_DIR, or a PostgreSQL database just made with CREATE DATABASE");

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function userTables(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

async function countRows(db: DbOrTx, tables: string[]): Promise<number> {
  let total = 0;
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
    total += Number(row!.n);
  }
  return total;
}

/** Columns that hold data: generated ones are computed again on insert. */
async function storedColumns(db: DbOrTx, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER' ORDER BY ordinal_position`,
  );
  return rows.map((r) => r.name);
}

async function foreignKeys(db: DbOrTx): Promise<{ child: string; parent: string }[]> {
  return queryRows(
    db,
    sql`SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
        JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = k.connamespace
        WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
}

/** Parents before children, so every row's references exist when it is inserted. */
export function dependencyOrder(tables: string[], keys: { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of keys) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p) || !parents.has(p)));
    if (ready.length === 0) throw new Error("circular foreign keys between tables");
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

async function sequences(db: DbOrTx): Promise<Header["sequences"]> {
  const names = await queryRows<{ name: string }>(db, sql`SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`);
  const out: Header["sequences"] = [];
  for (const { name } of names) {
    const [row] = await queryRows<{ last_value: string; is_called: boolean }>(
      db,
      sql`SELECT last_value::text AS last_value, is_called FROM ${sql.identifier(name)}`,
    );
    out.push({ name, last_value: row!.last_value, is_called: row!.is_called });
  }
  return out;
}

async function lastMigration(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ at: string | null }>(db, sql`SELECT max(created_at)::text AS at FROM drizzle.__drizzle_migrations`);
  return Number(row?.at ?? 0);
}
