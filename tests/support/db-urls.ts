import { randomBytes } from "node:crypto";
import pg from "pg";

/** Swaps the database name of a postgres:// URL (tests create one database per file). */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = "/" + name;
  return u.toString();
}

/** Runs one statement (CREATE or DROP DATABASE …) on the PostgreSQL server of `adminUrl`. */
export async function adminStatement(adminUrl: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  /**
   * Drops it. Connections that are closing are waited for (PostgreSQL gives them a few seconds); only
   * sessions still open after that are terminated, so a pool that has just ended never sees its
   * connections killed under it.
   */
  drop(): Promise<void>;
}

/** A new database named `<prefix>_<random>` on the server of `adminUrl`: empty, or a copy of `template`. */
export async function scratchDatabase(adminUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await adminStatement(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  return {
    name,
    url: withDatabase(adminUrl, name),
    async drop() {
      try {
        await adminStatement(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
      } catch (err) {
        // 55006 object_in_use: "database … is being accessed by other users".
        if ((err as { code?: string }).code !== "55006") throw err;
        await adminStatement(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
  };
}
