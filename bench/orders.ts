import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "#db/client.ts";
import { seedOrders } from "#db/seed/orders.ts";
import type { Target } from "./server.ts";

/**
 * The back office at 100,000 orders (issue 31): the orders seed brings the bench's database up to the
 * count asked for (a second run adds nothing), and the targets read what a manager's screens read.
 */

/** Adds orders until the database holds `target` (the embedded one in `dataDir`, or PostgreSQL at `url`). */
export async function ensureOrders(target: number, where: { dataDir?: string; url?: string }): Promise<number> {
  const database = await openDatabase(where.url ? { url: where.url } : { dataDir: path.join(where.dataDir!, "db") });
  try {
    await database.migrate();
    const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM pedidos`);
    const missing = target - (row?.n ?? 0);
    if (missing > 0) {
      const started = Date.now();
      console.log(`Adding ${missing.toLocaleString("en")} orders …`);
      await seedOrders(database, missing);
      console.log(`orders seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return Math.max(target, row?.n ?? 0);
  } finally {
    await database.close();
  }
}

/** The dashboard as the manager's home page asks for it: every figure worked out again on each request. */
export function dashboardTargets(headers: Record<string, string>, connections: number): Target[] {
  return [{ name: "back office: dashboard (API)", paths: ["/api/admin/dashboard"], headers, connections }];
}

/**
 * `npm run bench -- --orders-only`: /healthz as the baseline, then the orders' targets alone (a warm-up
 * pass, then the measured one), written to docs/benchmarks.latest-orders.md.
 */
export async function runOrderTargets(
  base: string,
  headers: Record<string, string>,
  opts: { products: number; orders: number; duration: number; write: boolean },
): Promise<void> {
  const { cpus } = await import("node:os");
  const { writeFileSync } = await import("node:fs");
  const { load } = await import("./server.ts");
  const { STAFF_CONNECTIONS } = await import("./import.ts");
  const targets: Target[] = [
    { name: "/healthz (baseline)", paths: ["/healthz"], connections: STAFF_CONNECTIONS },
    ...dashboardTargets(headers, STAFF_CONNECTIONS),
  ];
  const rows: string[] = [];
  for (const t of targets) {
    await load(base, t.paths, t.connections ?? STAFF_CONNECTIONS, opts.duration, t.headers);
    const r = await load(base, t.paths, t.connections ?? STAFF_CONNECTIONS, opts.duration, t.headers);
    console.log(`${t.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, timeouts ${r.timeouts}, errors ${r.errors}`);
    rows.push(`| ${t.name} (${t.connections} connections) | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  }
  const summary = `${opts.products.toLocaleString("en")} products, ${opts.orders.toLocaleString("en")} orders, embedded PGlite, ${cpus().length} cores, ${opts.duration} s per target after a warm-up pass, ${new Date().toISOString().slice(0, 10)}.

| target | req/s | p50 ms | p99 ms | errors |
| --- | ---: | ---: | ---: | ---: |
${rows.join("\n")}
`;
  console.log("\n" + summary);
  if (opts.write) writeFileSync("docs/benchmarks.latest-orders.md", summary);
}
