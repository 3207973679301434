import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductsPage } from "#contract/api/catalog.ts";
import { queryRows } from "#db/client.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { editDistance, normaliseSearch, typosAllowed, wordParts } from "./search.ts";

describe("search words", () => {
  it("are unaccented, lower-cased and cut into letters and digits as the database cuts the catalogue", () => {
    expect(normaliseSearch("  Serra  CIRCULAR Elétrica ")).toEqual(["serra", "circular", "eletrica"]);
    expect(normaliseSearch("a b c d e f g h")).toHaveLength(6);
    expect(wordParts("kst-rph500")).toEqual(["kst", "rph500"]);
    expect(wordParts("d'agua")).toEqual(["d", "agua"]);
    expect(wordParts("%_")).toEqual([]);
  });

  it("tolerate no typo up to three letters, one from four, two from eight", () => {
    expect([3, 4, 5, 7, 8, 9].map(typosAllowed)).toEqual([0, 1, 1, 1, 2, 2]);
  });

  it("count a swap of neighbouring letters as one edit", () => {
    expect(editDistance("fruadeira", "furadeira", 2)).toBe(1);
    expect(editDistance("morca", "morsa", 1)).toBe(1);
    expect(editDistance("esqadro", "esquadro", 1)).toBe(1);
    expect(editDistance("parafuzu", "parafuso", 2)).toBe(2);
    expect(editDistance("lixa", "serra", 1)).toBe(2);
  });
});

describe("the search index", () => {
  let t: TestApp;
  let visitor = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function found(text: string, lang: "pt" | "es" = "pt"): Promise<string[]> {
    visitor++;
    const query = new URLSearchParams({ text, all_products: "1", per_page: "20", moeda_id: "2", ...(lang === "es" ? { lang } : {}) });
    const res = await t.app.inject({ method: "GET", url: `/api/public/products?${query}`, remoteAddress: `10.78.0.${visitor}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductsPage>().data.map((p) => p.nome);
  }

  it("finds a renamed product by its new name, whole, begun or misspelt, in either language", async () => {
    const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM produtos WHERE ativo ORDER BY id LIMIT 1`);
    await t.database.db.execute(sql`UPDATE produtos SET nome_pt = 'Xilografia Artesanal', nome_es = 'Xilógrafo Artesanal' WHERE id = ${row!.id}`);
    expect(await found("xilografia")).toEqual(["Xilografia Artesanal"]);
    expect(await found("XILOG")).toEqual(["Xilografia Artesanal"]);
    expect(await found("xilogarfia")).toEqual(["Xilografia Artesanal"]);
    expect(await found("xilografo", "es")).toEqual(["Xilógrafo Artesanal"]);
  });

  it("finds a new product, and a product by its brand's new name", async () => {
    await t.database.db.execute(sql`INSERT INTO produtos (slug, codigo, nome_pt, nome_es, moeda_id, valor_venda, valor_usd, qtde_disponivel)
      VALUES ('zarabatana-teste', 'ZB-901', 'Zarabatana de Bambu', 'Cerbatana de Bambú', 2, 10, 10, 3)`);
    expect(await found("zarabatana")).toEqual(["Zarabatana de Bambu"]);
    expect(await found("zb-901")).toEqual(["Zarabatana de Bambu"]);
    expect(await found("zarabatnaa")).toEqual(["Zarabatana de Bambu"]);

    const [brand] = await queryRows<{ id: number }>(t.database.db, sql`SELECT brand_id AS id FROM produtos WHERE brand_id IS NOT NULL LIMIT 1`);
    await t.database.db.execute(sql`UPDATE marcas SET nome = 'Quetzalcoatl' WHERE id = ${brand!.id}`);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM produtos WHERE ativo AND brand_id = ${brand!.id}`,
    )) as [{ n: number }];
    const res = await t.app.inject({
      method: "GET",
      url: "/api/public/products?text=quetzalcoatl&all_products=1&per_page=1&moeda_id=2",
      remoteAddress: "10.78.1.1",
    });
    expect(res.json<ProductsPage>().total).toBe(n);
  });

  it("finds nothing for punctuation alone", async () => {
    expect(await found("%%% ---")).toEqual([]);
  });
});
