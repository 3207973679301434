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
/** A transaction on `Db`: what `db.transaction()` hands its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** The database or a transaction on it: what a query that runs either way takes. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding a PostgreSQL session advisory lock, so of several processes starting
   * together only one migrates and seeds at a time. PGlite belongs to one process: it just runs.
   */
  exclusive<T>(lockKey: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Hears errors of connections no request is using (PostgreSQL restarted, the network reset them). The
   * pool drops such a connection and opens another when one is next needed; without a listener the error
   * would end the process.
   */
  onConnectionError(listener: (err: Error) => void): void;
  /** The PostgreSQL pool's connections now, and requests waiting for one (metrics); PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
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
  /**
   * Bounds, in milliseconds, on connecting, on waiting for a pooled connection and on each statement
   * (PostgreSQL only). A server process sets them so a database gone quiet gives errors (503) rather than
   * requests that wait as long as it does; migrations, seeds and dumps run without them.
   */
  timeoutMs?: number;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const timeoutMs = options.timeoutMs;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      Client: GuardedClient,
      keepAlive: true,
      ...(timeoutMs
        ? {
            // Connecting, and waiting for a free pooled connection (pg-pool uses the same bound for both).
            connectionTimeoutMillis: timeoutMs,
            // The server cancels a statement that runs too long; the client gives up a little later on a
            // connection that stopped answering at all.
            statement_timeout: timeoutMs,
            query_timeout: timeoutMs + 1000,
            lock_timeout: timeoutMs,
            // A transaction left open by a client that gave up (stalled network) releases its row locks.
            idle_in_transaction_session_timeout: timeoutMs * 2,
          }
        : {}),
    });
    const listeners: ((err: Error) => void)[] = [];
    const report = (err: Error) => {
      for (const listener of listeners) listener(err);
    };
    // Idle pooled connections report here; a connection in use reports on itself (below) and its query fails.
    pool.on("error", report);
    pool.on("connect", (client) => client.on("error", report));
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
      onConnectionError: (listener) => void listeners.push(listener),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
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
    onConnectionError: () => {},
    close: () => client.close(),
  };
}

/** The PGlite client behind a database, for dumps in tests. */
export function pgliteOf(database: Database): PGlite | undefined {
  if (database.kind !== "pglite") return undefined;
  return (database.db as unknown as { $client: PGlite }).$client;
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A pg client that closes its connection when a statement gets no answer in time (query_timeout): the
 * statement may still be running or stuck on the wire, so the connection must not go back to the pool
 * for the next request to wait behind it.
 */
class GuardedClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has a dozen overloads; this passes them through.
  override query(...args: any[]): any {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = (super.query as (...a: any[]) => any)(...args);
    if (result && typeof result.catch === "function") {
      return result.catch((err: unknown) => {
        if (err instanceof Error && err.message === "Query read timeout") this.abandon();
        throw err;
      });
    }
    return result;
  }

  private abandon() {
    (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  }
}

/** Error codes and messages of a database that cannot be reached or stopped answering (not of a bad query). */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL: statement or lock timeout, shutting down, cannot connect now, too many connections, connection exceptions.
  "57014",
  "55P03",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Query read timeout|timeout exceeded when trying to connect|not queryable|Client was closed|connection timeout/i;

/** Whether an error (or one it wraps, as Drizzle does) says the database is out of reach rather than the query wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}
