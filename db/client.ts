import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The same Drizzle API over PGlite or node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding a PostgreSQL session advisory lock, so of several processes starting
   * together only one migrates and seeds at a time. PGlite belongs to one process: it just runs.
   */
  exclusive<T>(lockKey: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Advisory lock of migrations and the first seed (the payment-expiry sweep has its own). */
export const SCHEMA_LOCK = 7_301_002;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string;
  /** A PGlite data dump to start from (tests share one seeded database this way). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      async exclusive(lockKey, fn) {
        const client = await pool.connect();
        try {
          await client.query("SELECT pg_advisory_lock($1)", [lockKey]);
          try {
            return await fn();
          } finally {
            await client.query("SELECT pg_advisory_unlock($1)", [lockKey]);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm, unaccent },
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusive: (_lockKey, fn) => fn(),
    close: () => client.close(),
  };
}

/** The PGlite client behind a database, for dumps in tests. */
export function pgliteOf(database: Database): PGlite | undefined {
  if (database.kind !== "pglite") return undefined;
  return (database.db as unknown as { $client: PGlite }).$client;
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
