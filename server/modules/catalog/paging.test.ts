import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductsPage } from "#contract/api/catalog.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => (await t.app.inject({ method: "GET", url })).json<ProductsPage>();

describe("a page number past the last page (spec §4)", () => {
  it("answers the last page, saying which page it is", async () => {
    const first = await get("/api/public/products?text=furadeira&all_products=1&per_page=5");
    expect(first.last_page).toBeGreaterThan(1);
    const last = await get(`/api/public/products?text=furadeira&all_products=1&per_page=5&page=${first.last_page}`);
    const past = await get("/api/public/products?text=furadeira&all_products=1&per_page=5&page=999");
    expect(past.page).toBe(first.last_page);
    expect(past.data.length).toBeGreaterThan(0);
    expect(past.data.map((p) => p.id)).toEqual(last.data.map((p) => p.id));
    expect(past.total).toBe(first.total);
  });

  it("answers page 1, empty, when nothing matches", async () => {
    const none = await get("/api/public/products?text=qqzzxxwwkk&page=7");
    expect(none).toMatchObject({ page: 1, last_page: 1, total: 0, data: [] });
  });
});
