import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiMessage } from "#contract/messages.ts";
import type { Database, Db } from "#db/client.ts";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#config/config.ts";
import { openSeededDatabase } from "../../../tests/support/test-app.ts";

// The database fails the queries this predicate picks, from when a test arms it.
let failing: ((text: string) => boolean) | null = null;
const dialect = new PgDialect();

/** The same database, whose `execute` throws as a lost connection would for the picked queries. */
function faulty(database: Database): Database {
  const db = new Proxy(database.db, {
    get(target, prop, receiver) {
      if (prop !== "execute") return Reflect.get(target, prop, receiver);
      return async (query: SQL) => {
        if (failing?.(dialect.sqlToQuery(query).sql)) throw new Error("Connection terminated unexpectedly");
        return target.execute(query);
      };
    },
  }) as Db;
  return { ...database, db };
}

let base: string;
let close: () => Promise<void>;
beforeAll(async () => {
  const seeded = await openSeededDatabase();
  // Enough in-stock products for several batches of either export (10,000 price-list rows each).
  await seeded.database.db.execute(sql`INSERT INTO produtos (slug, codigo, nome_pt, nome_es, valor_venda, valor_usd, qtde_disponivel)
    SELECT 'lote-' || g, 'LOTE-' || g, 'Parafuso de teste ' || g, 'Tornillo de prueba ' || g, 9.5, 9.5, 3 FROM generate_series(1, 12000) g`);
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: path.dirname(inject("mediaDir")), LOG_LEVEL: "silent" });
  const app = await buildApp({ config, database: faulty(seeded.database) });
  base = await app.listen({ port: 0, host: "127.0.0.1" });
  close = async () => {
    await app.close();
    await seeded.drop();
  };
}, 120_000);
afterAll(() => close());

const EXPORTS = ["/api/public/products/export?format=txt&lang=pt", "/api/public/products/export?format=json&moeda_id=3"];
// A continuation batch of either walk: its keyset condition.
const laterBatch = (text: string) => /from produtos(_lista)? p\b[\s\S]*?\bwhere/i.test(text) && /p\.id < \$/i.test(text);
const anyProductQuery = (text: string) => /from produtos(_lista)? p/i.test(text);

describe("a price-list export whose database fails", () => {
  for (const url of EXPORTS) {
    for (const encoding of ["identity", "gzip"]) {
      it(`${url} (${encoding}): before the first byte, answers an error status with a message`, async () => {
        failing = anyProductQuery;
        try {
          const res = await fetch(`${base}${url}`, { headers: { "accept-encoding": encoding, "accept-language": "pt-BR" } });
          // A lost database connection is a moment's outage: 503 with the usual message.
          expect(res.status).toBe(503);
          // fetch undoes a gzip encoding: a body labelled gzip that is not would throw here.
          const body = (await res.json()) as { message: string };
          expect(body.message).toBe(apiMessage("pt-BR", "service_unavailable"));
        } finally {
          failing = null;
        }
      });

      it(`${url} (${encoding}): part way, the download is aborted rather than ended cleanly`, async () => {
        failing = laterBatch;
        try {
          const res = await fetch(`${base}${url}`, { headers: { "accept-encoding": encoding } }).catch((error: unknown) => error);
          // Either the connection closes before any answer (compression still held the first rows)…
          if (res instanceof Error) return;
          // …or the answer's body ends in an error, never as a complete file.
          expect((res as Response).status).toBe(200);
          await expect((res as Response).arrayBuffer()).rejects.toThrow();
        } finally {
          failing = null;
        }
      });
    }
  }

  it("sends the whole file, gzip and all, when nothing fails", async () => {
    const res = await fetch(`${base}${EXPORTS[0]}`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split("\n");
    expect(lines.filter((l) => l.startsWith("LOTE-"))).toHaveLength(12_000);
  });
});
