import { sql } from "drizzle-orm";
import { cpuUsage } from "node:process";
import { openDatabase } from "#db/client.ts";
import { ClosedDays } from "./server/modules/admin/dashboard/closed-days.ts";
import { closedDayFigures } from "./server/modules/admin/dashboard/day-queries.ts";
import { dashboardFigures } from "./server/modules/admin/dashboard/figures.ts";
const database = await openDatabase({ dataDir: "data-bench/db" });
const db = database.db;
const closed = new ClosedDays(closedDayFigures);
await dashboardFigures(db, new Date(), closed);
const orig = db.execute.bind(db);
let captured: any;
(db as any).execute = async (q: any) => {
  const first = JSON.stringify(q.queryChunks?.[0]?.value ?? "");
  if (first.includes("WITH s AS")) captured = q;
  return orig(q);
};
await dashboardFigures(db, new Date(), closed);
const r: any = await orig(sql`EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON) ${captured}`);
console.log(r.rows.map((x: any) => Object.values(x)[0]).filter((l: string) => /InitPlan|Time|actual rows=[0-9]{3,}/.test(l)).join("\n"));
for (let k = 0; k < 3; k++) { const c0 = cpuUsage(); const t0 = performance.now(); for (let i = 0; i < 10; i++) await orig(captured); const c = cpuUsage(c0); console.log("bundle cpu", ((c.user + c.system) / 10000).toFixed(1), "wall", ((performance.now() - t0) / 10).toFixed(1)); }
await database.close();
