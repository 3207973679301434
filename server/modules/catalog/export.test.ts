import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, ProductsPage, ProductSummary } from "#contract/api/catalog.ts";
import { priceListLine } from "#contract/price-list.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => t.app.inject({ method: "GET", url });

describe("GET /api/public/products/export", () => {
  it("streams every in-stock product of the filter, stock then id descending", async () => {
    const categories = (await get("/api/public/categories?lang=pt")).json<{ data: Category[] }>().data;
    const category = categories.find((c) => c.slug === "ferramentas-eletricas")!;
    const res = await get(`/api/public/products/export?category_id=${category.id}&format=json`);
    expect(res.statusCode).toBe(200);
    const rows = res.json<ProductSummary[]>();
    const inStock = (await get(`/api/public/products?category_id=${category.id}&tem_estoque=1&per_page=1`)).json<ProductsPage>();
    expect(rows).toHaveLength(inStock.total);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((p) => p.tem_estoque && p.categoria?.id === category.id)).toBe(true);
    const ids = rows.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("writes the TXT price list with the same rows", async () => {
    const json = (await get("/api/public/products/export?text=furadeira&all_products=1&format=json")).json<ProductSummary[]>();
    const txt = await get("/api/public/products/export?text=furadeira&all_products=1&format=txt");
    expect(txt.headers["content-type"]).toContain("text/plain");
    expect(txt.body).toBe(json.map((p) => `${priceListLine(p)}\n`).join(""));
  });

  it("answers an empty list when nothing is in stock, and 4xx for a bad format", async () => {
    expect((await get("/api/public/products/export?text=qqzzxxwwkk&format=json")).json()).toEqual([]);
    expect((await get("/api/public/products/export?text=qqzzxxwwkk&format=txt")).body).toBe("");
    expect((await get("/api/public/products/export?format=pdf")).statusCode).toBeGreaterThanOrEqual(400);
  });
});
