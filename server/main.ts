import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { openDatabase } from "#db/client.ts";
import { seedIfEmpty } from "#db/seed/index.ts";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, "db") });
await database.migrate();
const seeded = await seedIfEmpty(database, {
  products: config.seedProducts,
  mediaDir: path.join(config.dataDir, "media"),
  log: (msg) => console.log(msg),
});
// Fresh statistics and visibility maps let the planner use the sort indexes and index-only counts.
if (seeded) await database.db.execute(sql`VACUUM ANALYZE`);

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const serverBuild = path.join(buildDir, "server", "index.js");
if (!existsSync(serverBuild)) {
  console.error("The storefront is not built: run `npm run build` (npm start does it for you).");
  process.exit(1);
}
const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;

const app = await buildApp({ config, database, web: { build, clientDir: path.join(buildDir, "client") } });

// Unpaid orders give their stock back once the reservation runs out; one process at a time does it.
const sweep = setInterval(() => {
  app.payments.releaseExpired().catch((err) => app.log.error({ err }, "reservation sweep failed"));
}, 30_000);
sweep.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  clearInterval(sweep);
  app.log.info({ signal }, "shutting down");
  // close() stops accepting connections and waits for in-flight requests before the database goes.
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
