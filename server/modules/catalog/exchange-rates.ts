import type { ExchangeRate } from "#contract/api/catalog.ts";
import type { Db } from "#db/client.ts";
import type { ChangeFeed } from "./catalog-index/change-feed.ts";
import { listRates } from "./repo.ts";

/**
 * The exchange rates (spec §9) every price conversion reads: lists, product pages, cart, checkout and
 * shipping. They follow the catalogue's change feed (the triggers on `cotacoes` and `moedas` write a
 * change without a product), so a new rate is used at once on every process, with no cache between,
 * and is as current as the products it converts.
 */
export function createExchangeRates(db: Db, feed: ChangeFeed) {
  let rates: ExchangeRate[] = [];
  feed.follow(async (change) => {
    if (!change.all && !change.names) return undefined;
    const read = await listRates(db);
    return () => {
      rates = read;
    };
  });
  return { current: () => rates };
}
