import type { FastifyInstance } from "fastify";
import type { CatalogIndex } from "../modules/catalog/catalog-index/index.ts";
import { collectedGauge, storeMetrics } from "./metrics.ts";

/** How long a scrape waits for the catalogue to catch up before it reports the lag as it is. */
const CATCH_UP_MS = 2000;

/**
 * The in-memory catalogue's product count and how far it lags the database. The index reads new changes
 * before it answers (docs/decisions/018); a scrape asks it to catch up too, so an idle process reports its
 * true lag: the seconds since the start of the last catch-up that succeeded. A few milliseconds while the
 * change feed is read; it grows while the database cannot be read.
 */
export function watchCatalogue(app: FastifyInstance, index: CatalogIndex) {
  const metrics = storeMetrics();
  if (!metrics) return;
  let caughtUpFrom = Date.now();
  const catchUp = async () => {
    const from = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, CATCH_UP_MS)));
    await Promise.race([index.fresh().then(() => (caughtUpFrom = Math.max(caughtUpFrom, from))), bound]).catch(() => {});
    clearTimeout(timer);
  };
  const products = collectedGauge(metrics, {
    name: "store_catalogue_index_products",
    help: "Active products in this process's in-memory catalogue.",
    collect() {
      this.set(index.size);
    },
  });
  const lag = collectedGauge(metrics, {
    name: "store_catalogue_index_lag_seconds",
    help: "How far this process's in-memory catalogue lags the database: seconds since its last successful catch-up began.",
    async collect() {
      await catchUp();
      this.set((Date.now() - caughtUpFrom) / 1000);
    },
  });
  app.addHook("onClose", async () => {
    products.close();
    lag.close();
  });
}
