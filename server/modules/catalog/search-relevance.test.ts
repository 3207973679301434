import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductsPage, ProductSummary } from "#contract/api/catalog.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { SEARCH_CASES, type SearchCase } from "./search-cases.ts";
import { insertSearchFixture } from "./search-fixture.ts";

/**
 * The search's relevance, as the search box's suggestions and the search results page ask for it,
 * on the seeded demo catalogue plus a few known products. Cases marked `todo` are what the search
 * does not meet yet; they run as expected failures (`it.fails`) and turn red once it does, to be
 * moved to plain cases then. `SEARCH_CASES_PLAIN=1` runs them as plain cases, to see which of them
 * a changed search now meets. (The full-text search of docs/decisions/012-search.md meets them all.)
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertSearchFixture(t.database.db);
});
afterAll(() => t.close());

let visitor = 0;
/** Each search from an address of its own: the per-address search limit is not what is tested here. */
async function search(query: URLSearchParams): Promise<ProductSummary[]> {
  visitor++;
  const res = await t.app.inject({ method: "GET", url: `/api/public/products?${query}`, remoteAddress: `10.77.${visitor >> 8}.${visitor & 255}` });
  expect(res.statusCode).toBe(200);
  return res.json<ProductsPage>().data;
}

/** The search box's call (app/features/layout/search-box.tsx): five products from the whole catalogue. */
const suggestions = (c: SearchCase) =>
  search(new URLSearchParams({ text: c.q, all_products: "1", page: "1", per_page: "5", moeda_id: "2", ...(c.lang === "es" ? { lang: "es" } : {}) }));

/** The search results page's call (app/features/catalog/list-query.ts), default order. */
const resultsPage = (c: SearchCase) =>
  search(
    new URLSearchParams({
      moeda_id: "2",
      ...(c.lang === "es" ? { lang: "es" } : {}),
      text: c.q,
      all_products: "1",
      page: "1",
      per_page: "20",
      order_by: "tem_estoque,id",
      order: "desc,desc",
    }),
  );

const label = (p: ProductSummary) => `${p.codigo} ${p.nome} (${p.marca?.nome ?? "-"})`;
const plain = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

function expectRelevant(c: SearchCase, found: ProductSummary[], stockFirst: boolean) {
  const seen = found.map(label);
  if (c.none) {
    expect(seen).toEqual([]);
    return;
  }
  expect(seen.length, "something is found").toBeGreaterThan(0);
  if (c.first)
    expect(
      found
        .slice(0, c.first.length)
        .map((p) => p.codigo)
        .sort(),
      seen.join("\n"),
    ).toEqual([...c.first].sort());
  if (c.top) expect(plain(found[0]!.nome), seen.join("\n")).toMatch(c.top);
  if (c.every) {
    for (const p of found) expect(plain(`${p.nome} ${p.codigo} ${p.marca?.nome ?? ""}`), seen.join("\n")).toMatch(c.every);
  }
  if (c.tiers) {
    const tiers = c.tiers;
    const tierOf = (p: ProductSummary) => {
      const i = tiers.findIndex((re) => re.test(plain(p.nome)));
      return i < 0 ? tiers.length : i;
    };
    // The results page shows products in stock first (spec §7), so tiers are compared within each group.
    for (const inStock of [true, false]) {
      const order = found.filter((p) => !stockFirst || p.tem_estoque === inStock).map(tierOf);
      expect(order, seen.join("\n")).toEqual([...order].sort((a, b) => a - b));
      if (!stockFirst) break;
    }
  }
}

const title = (c: SearchCase) => `'${c.q}' (${c.lang})${c.todo ? ` — not yet: ${c.todo}` : ""}`;

describe.each([
  ["search box suggestions", suggestions, false],
  ["search results page", resultsPage, true],
])("%s", (_name, ask, stockFirst) => {
  for (const c of SEARCH_CASES) {
    (process.env.SEARCH_CASES_PLAIN ? it : c.todo ? it.fails : it)(title(c), async () => expectRelevant(c, await ask(c), stockFirst));
  }
});

it("holds at least forty cases in both languages, from every kind the search must handle", () => {
  expect(SEARCH_CASES.length).toBeGreaterThanOrEqual(40);
  expect(SEARCH_CASES.filter((c) => c.lang === "es").length).toBeGreaterThanOrEqual(10);
  // Most of the target is met today; the rest waits for the reworked search.
  expect(SEARCH_CASES.filter((c) => c.todo).length).toBeLessThan(SEARCH_CASES.length / 4);
});
