import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, ProductsPage, ProductSummary } from "#contract/api/catalog.ts";
import { priceListCodeWidth, priceListLine } from "#contract/price-list.ts";
import { ProductsQuerySchema } from "#contract/api/catalog.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { memoryCache } from "../../lib/cache.ts";
import { createCatalogService } from "./service.ts";

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
    // Spec §9 header: date and notice, then a blank line, then the rows.
    const [generated, notice, blank, ...rows] = txt.body.split("\n");
    expect(generated).toMatch(/^Lista de preços gerada em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
    expect(notice).toBe("Os preços podem sofrer alterações sem aviso prévio.");
    expect(blank).toBe("");
    const width = priceListCodeWidth(Math.max(...json.map((p) => p.codigo.length)));
    expect(rows.join("\n")).toBe(json.map((p) => `${priceListLine(p, width)}\n`).join(""));
  });

  it("answers an empty list when nothing is in stock, and 4xx for a bad format", async () => {
    expect((await get("/api/public/products/export?text=qqzzxxwwkk&format=json")).json()).toEqual([]);
    expect((await get("/api/public/products/export?text=qqzzxxwwkk&format=txt")).body).toBe("");
    expect((await get("/api/public/products/export?format=pdf")).statusCode).toBeGreaterThanOrEqual(400);
  });

  it("writes the TXT price list in the visitor's sort when one is given", async () => {
    const txt = (await get("/api/public/products/export?format=txt&order_by=nome&order=asc&moeda_id=2")).body.split("\n").slice(3).filter(Boolean);
    const byName = (await get("/api/public/products?tem_estoque=1&order_by=nome&order=asc&per_page=2&moeda_id=2")).json<ProductsPage>();
    expect(txt).toHaveLength(byName.total);
    expect(txt[0]!.replace(/ +/, " ")).toBe(priceListLine(byName.data[0]!).replace(/ +/, " "));
    expect(txt[1]!.replace(/ +/, " ")).toBe(priceListLine(byName.data[1]!).replace(/ +/, " "));
  });

  it("walks the whole list batch by batch without skipping or repeating a product", async () => {
    const catalog = createCatalogService(t.database.db, memoryCache());
    const query = ProductsQuerySchema.parse({ moeda_id: "3" });
    const walked: number[] = [];
    for await (const batch of catalog.inStockProducts(query, 7)) {
      expect(batch.length).toBeLessThanOrEqual(7);
      walked.push(...batch.map((p) => p.id));
    }
    const all = (await get("/api/public/products/export?moeda_id=3&format=json")).json<ProductSummary[]>();
    expect(walked).toEqual(all.map((p) => p.id));
    expect(new Set(walked).size).toBe(walked.length);
    const inStock = (await get("/api/public/products?tem_estoque=1&per_page=1")).json<ProductsPage>();
    expect(walked).toHaveLength(inStock.total);
  });
});

describe("the TXT price list's layout (spec §9)", () => {
  it("heads the file in the visitor's language", async () => {
    const es = (await get("/api/public/products/export?format=txt&lang=es")).body.split("\n");
    expect(es[0]).toMatch(/^Lista de precios generada el \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
    expect(es[1]).toBe("Los precios pueden sufrir cambios sin previo aviso.");
  });

  it("keeps every price in one column when codes are 12 characters or longer", async () => {
    await t.database.db.execute(sql`UPDATE produtos SET codigo = 'CODIGO-MUITO-LONGO-' || id, busca = busca || ' codigo-muito-longo-' || id
      WHERE id IN (SELECT id FROM produtos WHERE ativo AND tem_estoque ORDER BY id LIMIT 3)`);
    const rows = (await get("/api/public/products/export?format=txt&text=CODIGO-MUITO-LONGO&all_products=1&lang=pt")).body.split("\n").slice(3, -1);
    const all = (await get("/api/public/products/export?format=txt&lang=pt")).body.split("\n").slice(3, -1);
    for (const lines of [rows, all]) {
      expect(lines.length).toBeGreaterThan(2);
      const priceColumns = new Set(lines.map((l) => l.search(/\*|N\/A$/)));
      expect(priceColumns.size).toBe(1);
    }
    expect(rows.every((l) => /^CODIGO-MUITO-LONGO-\d+ +\S/.test(l))).toBe(true);
  });
});

describe("GET /api/public/products/slugs", () => {
  it("answers one sitemap file of slugs in id order, and an empty later file", async () => {
    const res = await get("/api/public/products/slugs?file=1");
    expect(res.statusCode).toBe(200);
    const body = res.json<{ total: number; per_file: number; data: string[] }>();
    expect(body.per_file).toBe(50_000);
    expect(body.data).toHaveLength(body.total);
    const first = (await get("/api/public/products?per_page=1&order_by=id&order=asc")).json<ProductsPage>().data[0]!;
    expect(body.data[0]).toBe(first.slug);
    expect((await get("/api/public/products/slugs?file=2")).json<{ data: string[] }>().data).toEqual([]);
    expect((await get("/api/public/products/slugs?file=0")).statusCode).toBe(422);
    expect((await get("/api/public/products/slugs?file=abc")).statusCode).toBe(422);
  });
});
