import type { ApiLang } from "#contract/locale.ts";
import { isDbId } from "#contract/api/common.ts";
import type { Db } from "#db/client.ts";
import type { ProductRow } from "../repo.ts";
import { createExchangeRates } from "../exchange-rates.ts";
import { createChangeFeed, type ChangeFeedOptions } from "./change-feed.ts";
import { createEntries, readAllProducts, readProducts, toEntry, type Entry, type LoadedRow } from "./entries.ts";
import { createNames } from "./names.ts";
import { createOrders } from "./orders.ts";
import { createPaging } from "./paging.ts";
import { createScoring } from "./scoring.ts";
import type { CatalogIndex, NamedProduct } from "./types.ts";
import { createWordCache } from "./word-cache.ts";
import { createWordIndex, parseSearchDocument } from "./word-index.ts";

export type { CatalogIndex, ListQuery } from "./types.ts";
export type CatalogIndexOptions = ChangeFeedOptions;

/**
 * The in-memory catalogue (types.ts, docs/decisions/018) put together from parts that each own their
 * state: the change feed, the entries, the word index, scoring, the orders and paging, with the names
 * and the exchange rates that follow the same feed.
 */
export function createCatalogIndex(db: Db, options: CatalogIndexOptions = {}): CatalogIndex {
  const feed = createChangeFeed(db, options);
  const entries = createEntries();
  const words = createWordIndex();
  const wordCache = createWordCache();
  const orders = createOrders(entries.all);
  const names = createNames(db, feed);
  const rates = createExchangeRates(db, feed);
  const scoring = createScoring(entries, words, wordCache);
  const paging = createPaging(entries, orders, names, scoring.search);

  /** The last stock levels worked out, until the next change to the products (a dashboard asks on every call). */
  let stockMemo: { low: number; take: number; levels: ReturnType<typeof stockLevelsNow> } | undefined;

  function unlist(old: Entry) {
    words.remove(old.slot, old.words);
    orders.remove(old);
  }
  function put(r: LoadedRow) {
    const old = entries.get(r.id);
    if (old) unlist(old);
    const slot = old?.slot ?? entries.freeSlot();
    const e = toEntry(r, slot, words.add(slot, parseSearchDocument(r.busca)));
    entries.set(e, old);
    orders.add(e);
  }
  function remove(id: number) {
    const old = entries.get(id);
    if (!old) return;
    unlist(old);
    entries.remove(old);
  }
  /** Drops what was worked out from the products (totals, scopes' orders, words' matches). */
  function forgetAnswers() {
    stockMemo = undefined;
    paging.forget();
    orders.forgetScopes();
    wordCache.clear();
  }

  feed.follow(async (change) => {
    if (change.all) {
      const rows = await readAllProducts(db);
      return () => {
        entries.clear();
        words.clear();
        orders.clear();
        forgetAnswers();
        for (const r of rows) put(r);
        orders.prepare();
      };
    }
    const ids = change.products;
    const rows = ids.length > 0 ? await readProducts(db, ids) : [];
    return () => {
      const found = new Set<number>();
      for (const r of rows) {
        found.add(r.id);
        put(r);
      }
      // Hidden or deleted.
      for (const id of ids) if (!found.has(id)) remove(id);
      forgetAnswers();
    };
  });

  function searchIds(searchWords: readonly string[], lang: ApiLang): number[] {
    const found = scoring.search(searchWords, lang);
    const id = entries.columns.id;
    return Array.from(found.slots.keys())
      .sort((a, b) => found.ranks[b]! - found.ranks[a]! || id[found.slots[b]!]! - id[found.slots[a]!]!)
      .map((i) => id[found.slots[i]!]!);
  }

  /** An active product by id (digits) or slug, as the list's rows are. */
  function product(idOrSlug: string, lang: ApiLang): ProductRow | undefined {
    // As the database is asked (repo.findProduct): digits past the id range are looked up as a slug.
    const e = /^\d+$/.test(idOrSlug) && isDbId(Number(idOrSlug)) ? entries.get(Number(idOrSlug)) : entries.withSlug(idOrSlug);
    return e && names.row(e, lang);
  }

  function stockLevels(low: number, take: number) {
    if (stockMemo?.low !== low || stockMemo.take !== take) stockMemo = { low, take, levels: stockLevelsNow(low, take) };
    return stockMemo.levels;
  }
  function stockLevelsNow(low: number, take: number) {
    let out = 0;
    let few = 0;
    const lowest: Entry[] = [];
    const before = (x: Entry, y: Entry) => x.qtdeDisponivel - y.qtdeDisponivel || x.id - y.id;
    for (const e of entries.all()) {
      const q = e.qtdeDisponivel;
      if (q > low) continue;
      if (q <= 0) {
        out++;
        continue;
      }
      few++;
      if (lowest.length < take || before(e, lowest.at(-1)!) < 0) {
        lowest.push(e);
        lowest.sort(before);
        if (lowest.length > take) lowest.pop();
      }
    }
    return { out, low: few, lowest: lowest.map((e) => ({ ...namedOf(e), qtde: e.qtdeDisponivel })) };
  }
  const namedOf = (e: Entry): NamedProduct => ({ produto_id: e.id, codigo: e.codigo, nome_pt: e.nomePt, nome_es: e.nomeEs });

  return {
    fresh: feed.fresh,
    stockLevels,
    named: (ids) =>
      new Map(
        ids.flatMap((id) => {
          const e = entries.get(id);
          return e ? [[id, namedOf(e)] as const] : [];
        }),
      ),
    list: paging.list,
    searchIds,
    product,
    rates: rates.current,
    get size() {
      return entries.size;
    },
  };
}
