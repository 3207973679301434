import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, pgliteOf } from "#db/client.ts";
import { seedDemo } from "#db/seed/index.ts";
import { withDatabase } from "./db-urls.ts";

export const TEST_PRODUCTS = 150;

export type SeededSource = { kind: "pglite"; dump: string } | { kind: "postgres"; adminUrl: string; template: string };

/**
 * Seeds one database for the whole run and lets every test file start from a copy of it:
 * a PGlite dump by default, a PostgreSQL template database when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "store-unit-"));
  const mediaDir = path.join(dir, "media");
  const adminUrl = process.env.TEST_DATABASE_URL;
  let source: SeededSource;
  let cleanup = async () => {};

  if (adminUrl) {
    const template = `store_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const database = await openDatabase({ url: withDatabase(adminUrl, template) });
    await database.migrate();
    await seedDemo(database, { products: TEST_PRODUCTS, mediaDir });
    await database.close();
    source = { kind: "postgres", adminUrl, template };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${template}`);
      await c.end();
    };
  } else {
    const database = await openDatabase();
    await database.migrate();
    await seedDemo(database, { products: TEST_PRODUCTS, mediaDir });
    const dump = await pgliteOf(database)!.dumpDataDir("none");
    const dumpPath = path.join(dir, "seeded.tar");
    writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    source = { kind: "pglite", dump: dumpPath };
  }
  project.provide("seeded", source);
  project.provide("mediaDir", mediaDir);
  return async () => {
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    seeded: SeededSource;
    mediaDir: string;
  }
}
