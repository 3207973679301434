import { sql } from "drizzle-orm";
import { cpuUsage } from "node:process";
import { openDatabase } from "#db/client.ts";
import { ClosedHours } from "./server/modules/admin/dashboard/closed-hours.ts";
import { closedHourFigures } from "./server/modules/admin/dashboard/queries.ts";
import { dashboardFigures } from "./server/modules/admin/dashboard/figures.ts";
const database = await openDatabase({ dataDir: "data-bench/db" });
const db = database.db;
const closed = new ClosedHours(closedHourFigures);
await dashboardFigures(db, new Date(), closed);
const orig = db.execute.bind(db);
let captured: any;
(db as any).execute = async (q: any) => {
  const first = JSON.stringify(q.queryChunks?.[0]?.value ?? "");
  if (first.includes("WITH s AS")) captured = q;
  return orig(q);
};
await dashboardFigures(db, new Date(), closed);
const r: any = await orig(sql`EXPLAIN (ANALYZE, TIMING ON, SUMMARY ON) ${captured}`);
console.log(r.rows.map((x: any) => Object.values(x)[0]).filter((l: string) => /InitPlan|Time|actual/.test(l)).map((l: string) => l.slice(0, 200)).join("\n"));
for (let k = 0; k < 3; k++) { const c0 = cpuUsage(); const t0 = performance.now(); for (let i = 0; i < 10; i++) await orig(captured); const c = cpuUsage(c0); console.log("bundle cpu", ((c.user + c.system) / 10000).toFixed(1), "wall", ((performance.now() - t0) / 10).toFixed(1)); }
const c0 = cpuUsage(); for (let i = 0; i < 10; i++) await dashboardFigures(db, new Date(), closed); const c = cpuUsage(c0); console.log("whole", ((c.user + c.system) / 10000).toFixed(1));
await database.close();
