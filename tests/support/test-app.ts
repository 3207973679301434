import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { openDatabase, type Database } from "#db/client.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig, type Config } from "#config/config.ts";
import { scratchDatabase } from "./db-urls.ts";

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
  const scratch = await scratchDatabase(source.adminUrl, "store_t", source.template);
  const database = await openDatabase({ url: scratch.url });
  return {
    database,
    url: scratch.url,
    async drop() {
      await database.close();
      await scratch.drop();
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
