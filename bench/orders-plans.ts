/**
 * The orders' targets one request at a time, inside one process, beside the HTTP bench (bench/orders.ts):
 * what each costs the database when nothing else queues in front of it, a figure the shared machine's
 * load inflates far less than the bench's latencies. For each target, over the same drawn requests:
 * the database's own execution and planning time (EXPLAIN ANALYZE) of the list's query, the wall time of
 * the whole call (the list with its pickup points, the counter's lookup with the lines and the buyer, the
 * dashboard's every query), and this process's CPU time for it (on the embedded database that is the
 * database's work too; on PostgreSQL only the driver's).
 *
 *   npm run bench:orders-plans                                  # the embedded database in data-bench/
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:orders-plans
 *   npm run bench:orders-plans -- --requests 50                 # requests per target (default 40)
 *
 * Run it while no server holds the embedded database (PGlite belongs to one process).
 */
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { AdminOrdersQuerySchema } from "#contract/api/admin/orders.ts";
import { openDatabase, queryRows } from "#db/client.ts";
import { findAtCounter } from "../server/modules/admin/counter/lookup.ts";
import { ClosedHours } from "../server/modules/admin/dashboard/closed-hours.ts";
import { closedHourFigures } from "../server/modules/admin/dashboard/queries.ts";
import { dashboardFigures } from "../server/modules/admin/dashboard/figures.ts";
import { listOrders, pageQuery } from "../server/modules/admin/orders/list.ts";
import { counterTargets, orderListTargets, orderSamples } from "./orders.ts";

const { values: args } = parseArgs({
  options: { data: { type: "string", default: "data-bench" }, requests: { type: "string", default: "40" } },
});
const url = process.env.DATABASE_URL;
const dataDir = path.resolve(args.data!);
const requests = Number(args.requests);
const samples = await orderSamples(url ? { url } : { dataDir });
const database = await openDatabase(url ? { url } : { dataDir: path.join(dataDir, "db") });
const db = database.db;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const cell = (xs: number[]) => (xs.length ? `${quantile(xs, 0.5).toFixed(1)} / ${quantile(xs, 0.99).toFixed(1)}` : "");

/** Wall and CPU time of `call`. */
async function timed(call: () => Promise<unknown>) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await call();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

const rows: string[] = [];
const next = (paths: string[] | (() => string)) => (typeof paths === "function" ? paths : () => paths[0]!);
for (const t of orderListTargets(samples, {}, 1)) {
  const draw = next(t.paths);
  const exec: number[] = [];
  const plan: number[] = [];
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < requests + 5; i++) {
    const query = AdminOrdersQuerySchema.parse(Object.fromEntries(new URLSearchParams(draw().split("?")[1])));
    const text = pageQuery(query, query.per_page + 1, (query.page - 1) * query.per_page);
    const explained = await queryRows<Record<string, string>>(db, sql`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`);
    const json = Object.values(explained[0]!)[0] as unknown;
    const [plans] = (typeof json === "string" ? JSON.parse(json) : json) as [{ "Execution Time": number; "Planning Time": number }];
    const run = await timed(() => listOrders(db, query));
    if (i < 5) continue; // the first few warm the caches and the plans
    exec.push(plans["Execution Time"]);
    plan.push(plans["Planning Time"]);
    wall.push(run.wall);
    cpu.push(run.cpu);
  }
  rows.push(`| ${t.name} | ${cell(exec)} | ${cell(plan)} | ${cell(wall)} | ${cell(cpu)} |`);
  console.log(rows.at(-1));
}

const link = () => ({ lado: "frente" as const, mime: "image/jpeg", link: "", expira_em: "" });
for (const t of counterTargets(samples, {}, 1)) {
  const draw = next(t.paths);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < requests + 5; i++) {
    const codigo = decodeURIComponent(draw().split("/").pop()!);
    const run = await timed(() => findAtCounter(db, codigo, "pt-BR", link));
    if (i < 5) continue;
    wall.push(run.wall);
    cpu.push(run.cpu);
  }
  rows.push(`| ${t.name} | | | ${cell(wall)} | ${cell(cpu)} |`);
  console.log(rows.at(-1));
}

{
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < Math.min(requests, 20) + 2; i++) {
    const run = await timed(() => dashboardFigures(db));
    if (i < 2) continue;
    wall.push(run.wall);
    cpu.push(run.cpu);
  }
  rows.push(`| back office: dashboard, every figure worked out | | | ${cell(wall)} | ${cell(cpu)} |`);
  console.log(rows.at(-1));
}

// As the route works it out (docs/decisions/044): the closed hours kept, then with one of them changed
// before each call (a late payment of an order of 10 days ago, set back and forth), which works that hour out again.
{
  const closed = new ClosedHours(closedHourFigures);
  await dashboardFigures(db, new Date(), closed);
  const [late] = await queryRows<{ id: number; status: string }>(
    db,
    sql`SELECT id, status FROM pedidos WHERE created_at < now() - interval '10 days' AND status IN ('PAGO', 'CANCELADO') ORDER BY created_at DESC LIMIT 1`,
  );
  for (const changing of [false, true]) {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < Math.min(requests, 20) + 2; i++) {
      if (changing && late)
        await db.execute(sql`UPDATE pedidos SET status = CASE WHEN status = 'PAGO' THEN 'CANCELADO' ELSE 'PAGO' END WHERE id = ${late.id}`);
      const run = await timed(() => dashboardFigures(db, new Date(), closed));
      if (i < 2) continue;
      wall.push(run.wall);
      cpu.push(run.cpu);
    }
    rows.push(`| back office: dashboard, closed hours kept${changing ? ", one changed before each call" : ""} | | | ${cell(wall)} | ${cell(cpu)} |`);
    console.log(rows.at(-1));
  }
  if (late) await db.execute(sql`UPDATE pedidos SET status = ${late.status} WHERE id = ${late.id}`);
}
await database.close();

console.log(`
${url ? "PostgreSQL" : "Embedded PGlite"}, ${requests} requests per target one at a time in one process, ${new Date().toISOString().slice(0, 16)}Z, load average (1 min) at the end ${loadavg()[0]!.toFixed(1)}; median / p99 in ms.

| target | EXPLAIN ANALYZE execution | planning | wall, whole call | CPU of this process |
| --- | ---: | ---: | ---: | ---: |
${rows.join("\n")}
`);
