/**
 * `npm run seed [-- --products N] [--orders N] [--reset]`
 *
 * Seeds an empty database with the demo shop, or grows an existing catalogue to N products
 * (new products continue the deterministic sequence). `--reset` empties the catalogue first.
 * `--orders N` then adds N historic orders with their buyers and payments (db/seed/orders.ts).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { loadConfigOrExit } from "#config/config.ts";
import { openDatabase } from "../client.ts";
import { countProducts, growCatalogue, resetCatalogue, seedDemo } from "./index.ts";
import { seedOrders } from "./orders.ts";

const { values } = parseArgs({
  options: {
    products: { type: "string" },
    orders: { type: "string" },
    reset: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log("usage: npm run seed -- [--products N] [--orders N] [--reset]");
  process.exit(0);
}

const config = loadConfigOrExit();
const target = values.products === undefined ? config.seedProducts : Number(values.products);
if (!Number.isInteger(target) || target < 0) {
  console.error(`--products needs a whole number, got ${values.products}`);
  process.exit(2);
}
const orders = values.orders === undefined ? 0 : Number(values.orders);
if (!Number.isInteger(orders) || orders < 0 || orders > 10_000_000) {
  console.error(`--orders needs a whole number up to 10,000,000, got ${values.orders}`);
  process.exit(2);
}

const mediaDir = path.join(config.dataDir, "media");
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, "db") });
const bar = new cliProgress.SingleBar(
  { format: "{what} [{bar}] {percentage}% {value}/{total} {eta_formatted} left", hideCursor: true },
  cliProgress.Presets.shades_classic,
);
let barRunning = false;
let what = "products";
const onProgress = (done: number, total: number) => {
  if (total === 0) return;
  if (!barRunning) {
    bar.start(total, done, { what });
    barRunning = true;
  } else bar.update(done);
  if (done >= total) {
    bar.stop();
    barRunning = false;
  }
};
const log = (msg: string) => {
  if (!barRunning) console.log(msg);
};

try {
  const started = Date.now();
  await database.migrate();
  if (values.reset) {
    await resetCatalogue(database);
    console.log("seed: catalogue emptied (carts, orders and favourites pointing at it too)");
  }
  const seeded = await seedDemo(database, { products: target, mediaDir, log, onProgress });
  if (!seeded) {
    const before = await countProducts(database.db);
    if (before >= target) console.log(`seed: the catalogue already has ${before} products (asked for ${target}); nothing to do`);
    else {
      const added = await growCatalogue(database, { products: target, mediaDir, log, onProgress });
      console.log(`seed: added ${added} products (${before} -> ${before + added})`);
    }
  }
  if (orders > 0) {
    const ordersStarted = Date.now();
    what = "orders";
    await seedOrders(database, orders, { onProgress });
    console.log(`seed: added ${orders} orders in ${((Date.now() - ordersStarted) / 1000).toFixed(1)} s`);
  }
  console.log(`seed: ${await countProducts(database.db)} products, media in ${mediaDir}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  if (barRunning) bar.stop();
  console.error(err);
  process.exitCode = 1;
} finally {
  await database.close();
}
