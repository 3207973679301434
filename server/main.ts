import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { openDatabase, SCHEMA_LOCK } from "#db/client.ts";
import { seedIfEmpty } from "#db/seed/index.ts";
import { addDemoStaffIfNone, countDemoStaff, DEMO_STAFF_DOMAIN } from "#db/staff.ts";
import { acquireStoreLock, StoreLockedError } from "#db/store-lock.ts";
import { buildApp, type AppOptions } from "./app.ts";
import { sweepPublicOriginals } from "./lib/media.ts";
import { storageFor } from "./lib/storage.ts";
import { tracingWanted } from "./observability/tracing-env.ts";
import { flushTraces, tracingActive } from "./observability/tracing-hooks.ts";
import { assertProductionReady, loadConfigOrExit } from "#config/config.ts";
import { record } from "./observability/metrics.ts";
import { startMetrics } from "./observability/metrics-server.ts";

/** How long the requests in flight get to finish once listening has stopped, before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 20_000;
/** How often each process looks for payments whose notification never came. */
const RECONCILE_EVERY_MS = 2 * 60_000;

const config = loadConfigOrExit(assertProductionReady);
// Prometheus metrics on their own listener, before the app is built so that its parts count from the start.
const metrics = config.metrics ? await startMetrics(config.metrics) : undefined;
// The embedded database's folder belongs to this process alone (db/store-lock.ts): a second store, or a
// command such as staff:create, started on it meanwhile stops with a message instead of damaging it.
if (!config.databaseUrl) {
  try {
    acquireStoreLock(config.dataDir);
  } catch (err) {
    if (!(err instanceof StoreLockedError)) throw err;
    console.error(`Another process (pid ${err.pid}, started ${err.since}) is running the store on ${path.resolve(config.dataDir)}.`);
    process.exit(1);
  }
}
const databaseOptions = {
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, "db"),
  poolSize: config.databasePoolSize,
};
// Start-up work (migrations, the first seed, VACUUM) may take minutes: it runs on connections without the
// time bounds that requests get. A database out of reach now ends the process (exit 1): its supervisor retries.
const setup = await openDatabase(databaseOptions);
setup.onConnectionError((err) => console.error("database connection lost while starting:", err.message));
// Several processes may start at once on one PostgreSQL: one migrates and seeds, the others then find it done.
const seeded = await setup.exclusive(SCHEMA_LOCK, async () => {
  if (config.migrateOnStart) await setup.migrate();
  const fresh = await seedIfEmpty(setup, {
    products: config.seedProducts,
    mediaDir: path.join(config.dataDir, "media"),
    log: (msg) => console.log(msg),
  });
  // One back-office member per role on a development machine (README "Back office"); never in production.
  if (config.env !== "production" && (await addDemoStaffIfNone(setup.db))) console.log(`Demo staff added: see README "Back office".`);
  return fresh;
});
// A shop's production database must not hold the demo staff, whose passwords are in the README; a test shop
// (TEST_SHOP=1, like the sandbox gateway) may.
if (config.env === "production" && !config.testShop && (await countDemoStaff(setup.db)) > 0) {
  console.error(
    `The database holds demo staff (@${DEMO_STAFF_DOMAIN}), whose passwords are public: remove them or give them ` +
      "real addresses before starting in production (or set TEST_SHOP=1 if this is a test shop).",
  );
  process.exit(1);
}
// Fresh statistics and visibility maps let the planner use the sort indexes and index-only counts.
if (seeded) await setup.db.execute(sql`VACUUM ANALYZE`);
let database = setup;
if (setup.kind === "postgres") {
  await setup.close();
  database = await openDatabase({ ...databaseOptions, timeoutMs: config.databaseTimeoutSeconds * 1000 });
}

const app = await buildApp({ config, database, web: await loadWeb() });
if (tracingWanted(process.env) && !tracingActive()) {
  app.log.warn("an OTLP endpoint is set but tracing is off: start with --import ./server/observability/tracing-preload.ts (docs/tracing.md)");
}

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

// Originals an earlier version published beside their variants (with the photo's EXIF) move to the private
// store, in the background: meanwhile the media plugin already refuses to serve them (docs/decisions/027).
void sweepPublicOriginals(path.join(config.dataDir, "media"), storageFor(config))
  .then((moved) => {
    if (moved > 0) app.log.info({ moved }, "published image originals moved to the private store");
  })
  .catch((err: unknown) => app.log.error({ err }, "moving published image originals failed"));

// Unpaid orders give their stock back once the reservation runs out; an advisory lock lets one process at a time do it.
let sweeping: Promise<unknown> = Promise.resolve();
const sweep = setInterval(() => {
  sweeping = app.payments
    .releaseExpired()
    .then((released) => {
      record.reservationSweep("ok", released);
      if (released > 0) app.log.info({ released }, "expired reservations released");
    })
    .catch((err) => {
      record.reservationSweep("failed", 0);
      app.log.error({ err }, "reservation sweep failed");
    });
}, config.reservationSweepSeconds * 1000);
sweep.unref();

// Open payments older than a few minutes are read from their gateways, so a lost notification still ends
// in the right state; each payment is claimed by one process at a time (docs/payments.md).
let reconciling: Promise<unknown> = Promise.resolve();
const reconcile = setInterval(() => {
  reconciling = app.payments
    .reconcile()
    .then((changed) => {
      if (changed > 0) app.log.info({ changed }, "payments reconciled with their gateways");
    })
    .catch((err) => app.log.error({ err }, "payment reconciliation failed"));
}, RECONCILE_EVERY_MS);
reconcile.unref();

let closing = false;
/**
 * SIGTERM (docker stop, a rolling restart): /readyz answers 503 at once, but the process keeps accepting
 * and answering for SHUTDOWN_DRAIN_SECONDS, while the load balancer notices and sends new requests
 * elsewhere; requests already on their way are served, not reset. Then it stops listening, finishes what
 * is in flight and exits 0. SIGINT (Ctrl-C) skips the drain window.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const drainMs = signal === "SIGTERM" ? config.shutdownDrainSeconds * 1000 : 0;
  app.drain();
  app.log.info({ signal, drainSeconds: drainMs / 1000 }, "shutting down");
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  app.log.info("no longer accepting connections");
  const force = setTimeout(() => {
    app.log.error("in-flight requests did not finish in time; exiting");
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  clearInterval(sweep);
  clearInterval(reconcile);
  // A kept-alive connection whose last answer left before draining began would otherwise wait for its timeout.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 250);
  try {
    // Stop accepting connections and let the requests in flight finish with the app still whole (a page's
    // render calls the API in-process, which app.close() would refuse); then close the app, Redis and the database.
    await new Promise<void>((resolve) => app.server.close(() => resolve()));
    clearInterval(reaper);
    await app.close();
    await sweeping;
    await reconciling;
    await database.close();
  } catch (err) {
    app.log.error({ err }, "shutdown failed");
    process.exit(1);
  }
  app.log.info("stopped");
  await flushTraces();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
if (metrics) app.log.info({ port: metrics.port }, "metrics listening");
