import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "#db/client.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig, type Config } from "#server/config.ts";
import { withDatabase } from "./db-urls.ts";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The postgres:// URL of the copy when the run is on PostgreSQL (pg_dump needs it). */
  url?: string;
  config: Config;
  close(): Promise<void>;
}

/** A fresh copy of the seeded demo database (see unit-setup.ts), private to one test file. */
export async function openSeededDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const source = inject("seeded");
  if (source.kind === "pglite") {
    const database = await openDatabase({ loadDataDir: new Blob([readFileSync(source.dump)]) });
    return { database, drop: () => database.close() };
  }
  const name = `store_t_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: source.adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE ${source.template}`);
  const url = withDatabase(source.adminUrl, name);
  const database = await openDatabase({ url });
  return {
    database,
    url,
    async drop() {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name}`);
    },
  };
}

/** The real API over its own copy of the seeded demo database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, url, drop } = await openSeededDatabase();
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: path.dirname(inject("mediaDir")), ...env });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    url,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}
