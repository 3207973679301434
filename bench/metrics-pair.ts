import path from "node:path";
import type { ServerBuild } from "react-router";
import { loadConfig } from "#config/config.ts";
import { openDatabase } from "#db/client.ts";
import { buildApp } from "#server/app.ts";
import { enableMetrics, switchMetrics, type StoreMetrics } from "#server/observability/metrics.ts";
import { buildInfo, serveMetrics } from "#server/observability/metrics-server.ts";

/**
 * The one-process part of bench/metrics-cost.ts: one store process holding two apps on one database, one
 * built without metrics and one with them, each on a port of its own. The bench loads them in turns and
 * tells this process, over IPC, which one is about to be loaded: while the one without answers, the
 * metrics are switched off (the store's parts count nothing); while the one with them answers, they are on.
 * Both apps run the same compiled code in the same heap, so the difference between two processes of the
 * same code (10 % and more, docs/benchmarks.md) is not in the comparison. With `aa`, neither has metrics.
 *
 *   node --import tsx bench/metrics-pair.ts <data dir> on|aa        (started by bench/metrics-cost.ts, with IPC)
 */
const [dataDir, mode] = process.argv.slice(2);
if (!process.send || !dataDir) throw new Error("bench/metrics-pair.ts is started by bench/metrics-cost.ts (npm run bench -- --metrics)");
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
const build = (await import(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js"))) as ServerBuild;
const web = { build, clientDir: path.resolve(process.env.BUILD_DIR ?? "build", "client") };

// The app without metrics is built before they exist, so none of its parts holds them.
const off = await buildApp({ config, database, web });
let metrics: StoreMetrics | undefined;
let metricsPort: number | undefined;
if (mode !== "aa") {
  metrics = enableMetrics(buildInfo());
  metricsPort = (await serveMetrics(metrics, 0, "127.0.0.1")).port;
}
const on = await buildApp({ config, database, web });
switchMetrics(undefined);
const [offAddress, onAddress] = [await off.listen({ port: 0, host: "127.0.0.1" }), await on.listen({ port: 0, host: "127.0.0.1" })];

process.on("message", (message: { side: "off" | "on" }) => {
  switchMetrics(message.side === "on" ? metrics : undefined);
  process.send!({ switched: message.side });
});
process.on("SIGTERM", () => {
  void Promise.all([off.close(), on.close()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
process.send({ off: offAddress, on: onAddress, metricsPort });
