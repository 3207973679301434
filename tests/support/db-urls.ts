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
  /** Drops it, closing whatever connections are still open to it. */
  drop(): Promise<void>;
}

/** A new database named `<prefix>_<random>` on the server of `adminUrl`: empty, or a copy of `template`. */
export async function scratchDatabase(adminUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await adminStatement(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: () => adminStatement(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
