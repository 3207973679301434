import type { ProductSortField } from "#contract/api/catalog.ts";
import type { ApiLang } from "#contract/locale.ts";
import type { Entry } from "./entries.ts";
import type { Sort } from "./types.ts";

type Compare = (a: Entry, b: Entry) => number;

/** Scopes' orders kept at most (a category or department in one sort, in stock or not, some brands ticked). */
const MAX_SCOPE_ORDERS = 400;
const LANGS = ["pt", "es"] as const;

/** The storefront's sorts (list-query.ts), built when the catalogue is loaded so no visitor waits for one. */
const STOREFRONT_SORTS: Sort[] = [
  [
    { field: "tem_estoque", direction: "desc" },
    { field: "id", direction: "desc" },
  ],
  ...(["valor_venda", "nome", "codigo"] as const).flatMap((field) =>
    (["asc", "desc"] as const).map((direction): Sort => [
      { field: "tem_estoque", direction: "desc" },
      { field, direction },
    ]),
  ),
];

export const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const fieldOrder: Record<ProductSortField, (lang: ApiLang) => Compare> = {
  id: () => (a, b) => a.id - b.id,
  valor_venda: () => byShownPrice("asc"),
  nome: (lang) => (lang === "pt" ? (a, b) => byString(a.nomeOrdemPt, b.nomeOrdemPt) : (a, b) => byString(a.nomeOrdemEs, b.nomeOrdemEs)),
  tem_estoque: () => (a, b) => a.stock - b.stock,
  codigo: () => (a, b) => byString(a.codigo, b.codigo),
};

/**
 * By price, a hidden price (mostrar_preco false) sorts as no price: after every shown one in either direction,
 * as repo.ts's `NULLS LAST` does. Were it sorted by its value, its neighbours' prices would bracket it.
 */
function byShownPrice(direction: "asc" | "desc"): Compare {
  const sign = direction === "asc" ? 1 : -1;
  return (a, b) => {
    if (!a.mostrarPreco || !b.mostrarPreco) return Number(!a.mostrarPreco) - Number(!b.mostrarPreco);
    return sign * (a.valorUsd - b.valorUsd);
  };
}

/** The list order as the SQL list gives it: the fields asked, then the id in the last field's direction. */
export function comparatorOf(sort: Sort, lang: ApiLang): Compare {
  const steps: Compare[] = [];
  for (const s of sort) {
    if (s.field === "valor_venda") {
      steps.push(byShownPrice(s.direction));
      continue;
    }
    const order = fieldOrder[s.field](lang);
    steps.push(s.direction === "asc" ? order : (a, b) => order(b, a));
  }
  const last = sort[sort.length - 1];
  if (last?.field !== "id") steps.push(last?.direction === "asc" ? (a, b) => a.id - b.id : (a, b) => b.id - a.id);
  return (a, b) => {
    for (const step of steps) {
      const c = step(a, b);
      if (c !== 0) return c;
    }
    return 0;
  };
}

/** One sort's name: its fields and directions, and the language when names are sorted. */
export function orderKey(sort: Sort, lang: ApiLang): string {
  const usesName = sort.some((s) => s.field === "nome");
  return `${usesName ? lang : ""}:${sort.map((s) => `${s.field} ${s.direction}`).join(",")}`;
}

/** The first `count` entries of `items` in `compare` order, without sorting all of them. */
export function firstInOrder(items: Entry[], count: number, compare: Compare): Entry[] {
  if (count <= 0) return [];
  if (items.length <= count * 4) return items.sort(compare).slice(0, count);
  const best: Entry[] = [];
  for (const item of items) {
    if (best.length === count && compare(item, best[count - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compare(best[mid]!, item) <= 0) low = mid + 1;
      else high = mid;
    }
    best.splice(low, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}

interface Order {
  entries: Entry[];
  compare: Compare;
}

/** Where `e` is or would be in a sorted order (ties cannot happen: the id breaks them). */
function position(order: Order, e: Entry): number {
  let low = 0;
  let high = order.entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (order.compare(order.entries[mid]!, e) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

export type Orders = ReturnType<typeof createOrders>;

/**
 * Every product in each sort asked so far, kept in order as products change (a changed product is
 * taken out and put back by binary search), and scopes' lists in one order each, picked from those
 * once and kept until something changes (a crawler walking a category's last pages walks it once).
 */
export function createOrders(everything: () => Iterable<Entry>) {
  const orders = new Map<string, Order>();
  /** Scopes' lists, oldest first. */
  const scopeOrders = new Map<string, Entry[]>();

  function sorted(sort: Sort, lang: ApiLang): Entry[] {
    const key = orderKey(sort, lang);
    let order = orders.get(key);
    if (!order) {
      const compare = comparatorOf(sort, lang);
      order = { entries: [...everything()].sort(compare), compare };
      orders.set(key, order);
    }
    return order.entries;
  }

  return {
    sorted,
    /** A scope's products in one order (`key` names both), if kept. */
    scoped: (key: string) => scopeOrders.get(key),
    /** Keeps a scope's products in one order until something changes. */
    keepScoped(key: string, scoped: Entry[]): Entry[] {
      scopeOrders.set(key, scoped);
      // The oldest out first, so a crawler of many scopes keeps memory bounded.
      for (const oldKey of scopeOrders.keys()) {
        if (scopeOrders.size <= MAX_SCOPE_ORDERS) break;
        scopeOrders.delete(oldKey);
      }
      return scoped;
    },
    add(e: Entry) {
      for (const order of orders.values()) order.entries.splice(position(order, e), 0, e);
    },
    remove(old: Entry) {
      for (const order of orders.values()) {
        const at = position(order, old);
        if (order.entries[at] === old) order.entries.splice(at, 1);
      }
    },
    /** Builds the storefront's orders (after a full load), so no visitor waits for one. */
    prepare() {
      for (const sort of STOREFRONT_SORTS) for (const lang of LANGS) sorted(sort, lang);
    },
    /** Drops the scopes' lists (on any change). */
    forgetScopes() {
      scopeOrders.clear();
    },
    clear() {
      orders.clear();
      scopeOrders.clear();
    },
  };
}
