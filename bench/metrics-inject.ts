import path from "node:path";
import type { ServerBuild } from "react-router";
import { loadConfig } from "#config/config.ts";
import { openDatabase } from "#db/client.ts";
import { buildApp } from "#server/app.ts";
import { enableMetrics } from "#server/observability/metrics.ts";

/**
 * One side of the in-process measurement of bench/metrics-cost.ts: the store built in this process with
 * metrics on or off, each target's paths sent through app.inject, and the CPU time this process spent per
 * request printed as JSON. CPU time, not wall time: other processes' load on a shared machine barely moves it.
 *
 *   node --import tsx bench/metrics-inject.ts on|off <data dir> <requests> "<name>=<path> <path> …" …
 */
const [side, dataDir, count, ...targets] = process.argv.slice(2);
if (side === "on") enableMetrics({ version: "bench", commit: "bench" });
const config = loadConfig({
  NODE_ENV: "production",
  TEST_SHOP: "1",
  APP_SECRET: "bench-app-secret-0123456789abcdef0123456789",
  SANDBOX_WEBHOOK_SECRET: "bench-webhook-secret-0123456789abcdef01234",
  DATA_DIR: dataDir!,
  RATE_LIMITS: "0",
  LOG_LEVEL: "warn",
});
const database = await openDatabase({ dataDir: path.join(dataDir!, "db") });
const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
const app = await buildApp({ config, database, web: { build, clientDir: path.resolve("build/client") } });
await app.ready();
const n = Number(count);
const results: Record<string, number> = {};
for (const target of targets) {
  const at = target.indexOf("=");
  const name = target.slice(0, at);
  const paths = target.slice(at + 1).split(" ");
  const send = async (i: number) => {
    const res = await app.inject({ url: paths[i % paths.length]!, headers: { host: "127.0.0.1" } });
    if (res.statusCode >= 400) throw new Error(`${paths[i % paths.length]} answered ${res.statusCode}`);
  };
  for (let i = 0; i < Math.min(n, 500); i++) await send(i);
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) await send(i);
  const used = process.cpuUsage(before);
  results[name] = (used.user + used.system) / 1000 / n;
}
console.log(JSON.stringify(results));
await app.close();
await database.close();
process.exit(0);
