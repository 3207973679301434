import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { openDatabase, queryRows } from "#db/client.ts";
import { scratchDatabase } from "../support/db-urls.ts";
import { api, startServer, stopServer, type ServerProcess } from "./cluster.ts";
import type { MultiEnv } from "./global-setup.ts";

/**
 * The first deploy: several processes start at the same moment on an empty PostgreSQL database, each
 * with MIGRATE_ON_START=1. One migrates and seeds; the others wait for it and then serve the same shop.
 */

const multi = inject("multi");
const env = multi as Extract<MultiEnv, { available: true }>;

const migrations = (JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] }).entries.length;

describe.skipIf(!multi.available)("three server processes starting together on an empty database", () => {
  it("migrate and seed it exactly once, then all serve the same catalogue", async () => {
    const scratch = await scratchDatabase(env.adminUrl, "store_first");
    const fresh = { ...env, databaseUrl: scratch.url, redisPrefix: `${env.redisPrefix}first:` };
    let servers: ServerProcess[] = [];
    try {
      const starting = ["first-a", "first-b", "first-c"].map((n) => startServer(fresh, n));
      const settled = await Promise.allSettled(starting);
      servers = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
      for (const s of settled) if (s.status === "rejected") throw s.reason;

      // One process logged the seed; the others found it done.
      const seeders = servers.filter((s) => s.lines.some((l) => l.startsWith("seed: done")));
      expect(seeders.map((s) => s.name)).toHaveLength(1);

      const database = await openDatabase({ url: fresh.databaseUrl, poolSize: 1 });
      try {
        const [counts] = await queryRows<{ produtos: number; codigos: number; categorias: number; estados: number; migrations: number }>(
          database.db,
          sql`SELECT (SELECT count(*)::int FROM produtos) AS produtos,
                     (SELECT count(DISTINCT codigo)::int FROM produtos) AS codigos,
                     (SELECT count(*)::int FROM categorias) AS categorias,
                     (SELECT count(*)::int FROM estados) AS estados,
                     (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations`,
        );
        // 27 Brazilian states, 18 Paraguayan departments and 24 Argentine provinces.
        expect(counts).toEqual({ produtos: 60, codigos: 60, categorias: 17, estados: 69, migrations });
      } finally {
        await database.close();
      }

      const lists = await Promise.all(
        servers.map((s) => api<{ total: number; data: { id: number }[] }>(s, "GET", "/api/public/products?per_page=100&moeda_id=2")),
      );
      for (const list of lists) expect(list.status).toBe(200);
      expect(lists[0]!.body.total).toBeGreaterThan(0);
      expect(new Set(lists.map((l) => JSON.stringify([l.body.total, l.body.data.map((p) => p.id)]))).size).toBe(1);
    } finally {
      await Promise.all(servers.map((s) => stopServer(s)));
      await scratch.drop();
    }
  });
});
