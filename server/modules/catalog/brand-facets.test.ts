import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandFacet, ProductsPage } from "#contract/api/catalog.ts";
import { queryRows } from "#db/client.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe("GET /api/public/products/brands (the brand filter)", () => {
  it("counts every brand of the whole result, not of its first page", async () => {
    // The brand of the oldest product: far past the first 100 products of the newest-first list.
    const [oldest] = await queryRows<{ brand_id: number }>(
      t.database.db,
      sql`SELECT brand_id FROM produtos WHERE ativo AND brand_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    await t.database.db.execute(sql`UPDATE produtos SET brand_id = NULL WHERE brand_id = ${oldest!.brand_id}
      AND id <> (SELECT min(id) FROM produtos WHERE ativo AND brand_id = ${oldest!.brand_id})`);
    const facets = (await get<{ data: BrandFacet[] }>("/api/public/products/brands?lang=pt")).data;
    expect(facets.find((b) => b.id === oldest!.brand_id)?.total).toBe(1);

    const list = await get<ProductsPage>("/api/public/products?per_page=1");
    const [{ unbranded }] = (await queryRows<{ unbranded: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS unbranded FROM produtos WHERE ativo AND brand_id IS NULL`,
    )) as [{ unbranded: number }];
    expect(facets.reduce((sum, b) => sum + b.total, 0) + unbranded).toBe(list.total);
    const names = facets.map((b) => b.nome.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("counts a search's brands whatever brands are ticked, each as the list would", async () => {
    const facets = (await get<{ data: BrandFacet[] }>("/api/public/products/brands?text=serra&all_products=1")).data;
    expect(facets.length).toBeGreaterThan(1);
    const [first, second] = facets as [BrandFacet, BrandFacet];
    const ticked = (await get<{ data: BrandFacet[] }>(`/api/public/products/brands?text=serra&all_products=1&brands_ids=${first.id}`)).data;
    expect(ticked).toEqual(facets);
    for (const brand of [first, second]) {
      const list = await get<ProductsPage>(`/api/public/products?text=serra&all_products=1&brands_ids=${brand.id}&per_page=1`);
      expect(list.total).toBe(brand.total);
    }
    const both = await get<ProductsPage>(`/api/public/products?text=serra&all_products=1&brands_ids=${first.id},${second.id}&per_page=1`);
    expect(both.total).toBe(first.total + second.total);
  });

  it("follows the category and availability filters, and refuses bad filters", async () => {
    const inStock = (await get<{ data: BrandFacet[] }>("/api/public/products/brands?tem_estoque=1&category_id=1")).data;
    const list = await get<ProductsPage>("/api/public/products?tem_estoque=1&category_id=1&per_page=100");
    expect(inStock.reduce((sum, b) => sum + b.total, 0)).toBe(list.data.filter((p) => p.marca).length);
    expect((await t.app.inject({ method: "GET", url: "/api/public/products/brands?order_by=nope" })).statusCode).toBe(422);
  });
});
