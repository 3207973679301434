import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { openDatabase, SCHEMA_LOCK } from "#db/client.ts";
import { seedIfEmpty } from "#db/seed/index.ts";
import { buildApp, type AppOptions } from "./app.ts";
import { assertProductionReady, loadConfigOrExit } from "./config.ts";

/** How long in-flight requests get to finish after SIGTERM before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 25_000;

const config = loadConfigOrExit(assertProductionReady);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, "db"),
  poolSize: config.databasePoolSize,
});
// Several processes may start at once on one PostgreSQL: one migrates and seeds, the others then find it done.
const seeded = await database.exclusive(SCHEMA_LOCK, async () => {
  if (config.migrateOnStart) await database.migrate();
  return seedIfEmpty(database, {
    products: config.seedProducts,
    mediaDir: path.join(config.dataDir, "media"),
    log: (msg) => console.log(msg),
  });
});
// Fresh statistics and visibility maps let the planner use the sort indexes and index-only counts.
if (seeded) await database.db.execute(sql`VACUUM ANALYZE`);

const app = await buildApp({ config, database, web: await loadWeb() });

/** The storefront build, or nothing for an API-only process (API_ONLY=1). */
async function loadWeb(): Promise<AppOptions["web"]> {
  if (config.apiOnly) return undefined;
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const serverBuild = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverBuild)) {
    console.error("The storefront is not built: run `npm run build` (npm start does it for you), or set API_ONLY=1 to serve the API alone.");
    process.exit(1);
  }
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  return { build, clientDir: path.join(buildDir, "client") };
}

// Unpaid orders give their stock back once the reservation runs out; an advisory lock lets one process at a time do it.
let sweeping: Promise<unknown> = Promise.resolve();
const sweep = setInterval(() => {
  sweeping = app.payments
    .releaseExpired()
    .then((released) => {
      if (released > 0) app.log.info({ released }, "expired reservations released");
    })
    .catch((err) => app.log.error({ err }, "reservation sweep failed"));
}, config.reservationSweepSeconds * 1000);
sweep.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  const force = setTimeout(() => {
    app.log.error("in-flight requests did not finish in time; exiting");
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  clearInterval(sweep);
  app.drain();
  // A kept-alive connection whose last answer left before draining began would otherwise wait for its timeout.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 250);
  try {
    // Stop accepting connections and let the requests in flight finish with the app still whole (a page's
    // render calls the API in-process, which app.close() would refuse); then close the app, Redis and the database.
    await new Promise<void>((resolve) => app.server.close(() => resolve()));
    clearInterval(reaper);
    await app.close();
    await sweeping;
    await database.close();
  } catch (err) {
    app.log.error({ err }, "shutdown failed");
    process.exit(1);
  }
  app.log.info("stopped");
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
