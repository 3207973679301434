import { openDatabase } from "#db/client.ts";
import { dashboardFigures } from "#server/modules/admin/dashboard/figures.ts";
const database = await openDatabase(process.env.URL ? { url: process.env.URL } : { dataDir: "data-bench/db" });
await database.migrate();
const times: number[] = [];
for (let i = 0; i < 30; i++) { const t = performance.now(); await dashboardFigures(database.db); times.push(performance.now() - t); }
times.sort((a, b) => a - b);
console.log("median", times[15].toFixed(1), "max", times[29].toFixed(1), "min", times[0].toFixed(1));
await database.close();
