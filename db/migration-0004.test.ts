import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "./client.ts";

const migrations = path.join(path.dirname(new URL(import.meta.url).pathname), "migrations");

/** The migrations folder as it was before 0004, so rows can be written the old way first. */
function foldersUpTo(tag: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  cpSync(migrations, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag) + 1);
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  return dir;
}

describe("migration 0004", async () => {
  it("leaves a fresh database empty, so a dump can be restored into it", async () => {
    const fresh = await openDatabase({});
    try {
      await fresh.migrate();
      const [row] = await queryRows<{ n: number }>(fresh.db, sql`SELECT (SELECT count(*) FROM paises) + (SELECT count(*) FROM estados) AS n`);
      expect(Number(row!.n)).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  const database = await openDatabase({});
  const old = foldersUpTo("0003_sort_indexes");
  afterAll(async () => {
    await database.close();
    rmSync(old, { recursive: true, force: true });
  });

  it("stores Cédula with its accent, marks Brazilians, and turns the latest login into the previous one", async () => {
    await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: old });
    // A database in use holds the reference geography the seed wrote.
    await database.db.execute(sql`INSERT INTO paises (id, nome, sigla) VALUES (1, 'Brasil', 'BR'), (2, 'Paraguai', 'PY')`);
    const customer = (email: string, estrangeiro: boolean, tipo: string) => sql`
      INSERT INTO clientes (nome, sobrenome, email, password_hash, estrangeiro, telefone, documento_tipo, lang, data_ultimo_login)
      VALUES ('A', 'B', ${email}, 'x', ${estrangeiro}, '1', ${tipo}, 'es-PY', '2026-11-20T10:00:00Z') RETURNING id`;
    const [py] = await queryRows<{ id: number }>(database.db, customer("py@example.com", false, "Cedula"));
    const [br] = await queryRows<{ id: number }>(database.db, customer("br@example.com", true, "CPF"));
    await database.db.execute(sql`INSERT INTO sessoes (customer_id, token_hash, expires_at, created_at) VALUES
      (${py!.id}, 'a', now(), '2026-11-18T09:00:00Z'), (${py!.id}, 'b', now(), '2026-11-20T10:00:00Z'),
      (${br!.id}, 'c', now(), '2026-11-20T10:00:00Z')`);

    await database.migrate();

    const rows = await queryRows<{
      email: string;
      documento_tipo: string;
      nacionalidade: string;
      data_ultimo_login: string | null;
      data_login_atual: string;
    }>(database.db, sql`SELECT email, documento_tipo, nacionalidade, data_ultimo_login::text, data_login_atual::text FROM clientes ORDER BY email`);
    expect(rows.map((r) => [r.email, r.documento_tipo, r.nacionalidade])).toEqual([
      ["br@example.com", "CPF", "BR"],
      ["py@example.com", "Cédula", "PY"],
    ]);
    expect(new Date(rows[1]!.data_ultimo_login!).toISOString()).toBe("2026-11-18T09:00:00.000Z");
    expect(new Date(rows[1]!.data_login_atual).toISOString()).toBe("2026-11-20T10:00:00.000Z");
    expect(rows[0]!.data_ultimo_login).toBeNull();
    const [argentina] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM estados WHERE pais_id = 3`);
    expect(argentina!.n).toBe(24);
  });
});
