import { NONE, type Entries, type Entry } from "./entries.ts";
import type { Names } from "./names.ts";
import { comparatorOf, firstInOrder, orderKey, type Orders } from "./orders.ts";
import type { Found } from "./scoring.ts";
import type { ListAnswer, ListQuery, Sort } from "./types.ts";

/** A search's relevance in its default order's key: 8 bits, so a closer match above this sorts as this. */
const RANK_CEILING = 255;
/** Ids fill 31 bits of the key (stock 1, relevance 8, id 31: exact in a double). */
const ID_CEILING = 2 ** 31 - 1;

/**
 * The default order of a search as one number, higher first: in stock (when sorted by it), relevance,
 * then the id, each in the direction asked.
 */
function relevanceKeyOf(sort: Sort): [number, number, number, number] {
  // Each part is its value (descending) or its maximum less its value (ascending), so the key is one
  // weighted sum: stock × a + rank × b + id × c + k.
  let [a, b, c, k] = [0, 0, 0, 0];
  const add = (width: number, field: "stock" | "rank" | "id", desc: boolean, max: number) => {
    [a, b, c, k] = [a * width, b * width, c * width, k * width];
    const sign = desc ? 1 : -1;
    if (field === "stock") a += sign;
    else if (field === "rank") b += sign;
    else c += sign;
    if (!desc) k += max;
  };
  for (const s of sort) {
    const desc = s.direction === "desc";
    if (s.field === "tem_estoque") add(2, "stock", desc, 1);
    else {
      add(RANK_CEILING + 1, "rank", true, RANK_CEILING);
      add(ID_CEILING + 1, "id", desc, ID_CEILING);
    }
  }
  const last = sort[sort.length - 1];
  if (last?.field !== "id") add(ID_CEILING + 1, "id", last?.direction !== "asc", ID_CEILING);
  return [a, b, c, k];
}

/** The offset asked, or the last page's when it is past the end (spec §4). */
function pageOffset(q: ListQuery, total: number): number {
  return Math.min(q.offset, Math.max(0, Math.ceil(total / q.limit) - 1) * q.limit);
}

/**
 * A list's page, its total and its brands' totals: a search's matches counted and their page picked in
 * one pass by a numeric key; without a search, the scope's products per brand, counted once per scope
 * and kept until something changes, and its page sliced from the order.
 */
export function createPaging(entries: Entries, orders: Orders, names: Names, search: (words: readonly string[], lang: ListQuery["lang"]) => Found) {
  /** Per list scope (no search), its products per brand. */
  const scopeTotals = new Map<string, Map<number | null, number>>();

  function finish(q: ListQuery, page: Entry[], total: number, offset: number, perBrand: Map<number | null, number> | undefined): ListAnswer {
    return { rows: page.map((e) => names.row(e, q.lang)), total, offset, brandTotals: names.brandTotals(perBrand) };
  }

  function list(q: ListQuery): ListAnswer {
    const found = q.words.length > 0 ? search(q.words, q.lang) : undefined;
    const { categoryId, departmentId, inStockOnly, special } = q;
    const inScope = (e: Entry) =>
      (categoryId === undefined || e.categoryId === categoryId) &&
      (departmentId === undefined || e.departmentId === departmentId) &&
      (!inStockOnly || e.stock === 1) &&
      (special === undefined || e.especial === (special === "only"));
    const ticked = new Set(q.brandIds);
    const isTicked = (e: Entry) => ticked.size === 0 || (e.brandId !== null && ticked.has(e.brandId));

    let perBrand: Map<number | null, number> | undefined;
    let total = 0;
    let page: Entry[] = [];
    if (found) {
      const { id, stock, special: isSpecial, brand, category, department } = entries.columns;
      const wanted = special === undefined ? -1 : special === "only" ? 1 : 0;
      const byRelevance = q.relevance !== false && q.sort.every((s) => s.field === "id" || s.field === "tem_estoque");
      const [a, b, c, k] = relevanceKeyOf(q.sort);
      const count = q.offset + q.limit;
      // The best `count` so far by key, highest first (the default order), or every match (another order).
      const bestKeys: number[] = [];
      const bestSlots: number[] = [];
      const inOrder: Entry[] = [];
      if (q.brandTotals) perBrand = new Map();
      // Slots follow the ids they were loaded in: walked from the end when newer comes first, most
      // matches then fall short of the best so far at once.
      const n = found.slots.length;
      const backwards = c > 0;
      for (let step = 0; step < n; step++) {
        const i = backwards ? n - 1 - step : step;
        const slot = found.slots[i]!;
        if (categoryId !== undefined && category[slot] !== categoryId) continue;
        if (departmentId !== undefined && department[slot] !== departmentId) continue;
        if (inStockOnly && stock[slot] !== 1) continue;
        if (wanted !== -1 && isSpecial[slot] !== wanted) continue;
        if (perBrand) {
          const brandId = brand[slot] === NONE ? null : brand[slot]!;
          perBrand.set(brandId, (perBrand.get(brandId) ?? 0) + 1);
        }
        if (ticked.size > 0 && !ticked.has(brand[slot]!)) continue;
        total++;
        if (!byRelevance) {
          inOrder.push(entries.at(slot));
          continue;
        }
        const key = a * stock[slot]! + b * Math.min(RANK_CEILING, found.ranks[i]!) + c * id[slot]! + k;
        if (bestKeys.length === count && key <= bestKeys[count - 1]!) continue;
        let low = 0;
        let high = bestKeys.length;
        while (low < high) {
          const mid = (low + high) >> 1;
          if (bestKeys[mid]! >= key) low = mid + 1;
          else high = mid;
        }
        bestKeys.splice(low, 0, key);
        bestSlots.splice(low, 0, slot);
        if (bestKeys.length > count) {
          bestKeys.pop();
          bestSlots.pop();
        }
      }
      const offset = pageOffset(q, total);
      if (byRelevance) {
        // Past the end: the last page, which the buffer may not hold; pick again for it.
        if (offset < q.offset) return list({ ...q, offset });
        page = bestSlots.slice(offset).map((slot) => entries.at(slot));
      } else page = firstInOrder(inOrder, offset + q.limit, comparatorOf(q.sort, q.lang)).slice(offset);
      return finish(q, page, total, offset, perBrand);
    }
    const scopeKey = `${categoryId}:${departmentId}:${inStockOnly}:${special}`;
    perBrand = scopeTotals.get(scopeKey);
    if (!perBrand) {
      perBrand = new Map();
      for (const e of entries.all()) if (inScope(e)) perBrand.set(e.brandId, (perBrand.get(e.brandId) ?? 0) + 1);
      scopeTotals.set(scopeKey, perBrand);
    }
    for (const [brandId, count] of perBrand) if (ticked.size === 0 || (brandId !== null && ticked.has(brandId))) total += count;
    const offset = pageOffset(q, total);
    const order = orders.sorted(q.sort, q.lang);
    const everything = categoryId === undefined && departmentId === undefined && !inStockOnly && special === undefined && ticked.size === 0;
    if (everything) page = order.slice(offset, offset + q.limit);
    else {
      const key = `${scopeKey}:${[...ticked].sort().join(",")}:${orderKey(q.sort, q.lang)}`;
      const scoped =
        orders.scoped(key) ??
        orders.keepScoped(
          key,
          order.filter((e) => inScope(e) && isTicked(e)),
        );
      page = scoped.slice(offset, offset + q.limit);
    }
    return finish(q, page, total, offset, q.brandTotals ? perBrand : undefined);
  }

  return {
    list,
    /** Drops the scopes' totals (on any change). */
    forget() {
      scopeTotals.clear();
    },
  };
}
