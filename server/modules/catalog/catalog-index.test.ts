import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductsPage } from "#contract/api/catalog.ts";
import { queryRows } from "#db/client.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { createCatalogIndex } from "./catalog-index/index.ts";

/** Hidden prices after shown ones, as repo.ts's SHOWN_PRICE sorts them, written apart so the two are checked against each other. */
const HIDDEN_LAST = "id IN (SELECT id FROM produtos WHERE NOT mostrar_preco),";

/** Lists and searches come from memory (catalog-index/): what the database holds must show at once. */
describe("the in-memory catalogue", () => {
  let t: TestApp;
  let visitor = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function list(params: Record<string, string>): Promise<ProductsPage> {
    visitor++;
    const query = new URLSearchParams({ moeda_id: "2", per_page: "12", ...params });
    const res = await t.app.inject({ method: "GET", url: `/api/public/products?${query}`, remoteAddress: `10.79.0.${visitor % 250}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductsPage>();
  }

  it("pages every sort as the database orders it, deep pages and the last one too", async () => {
    const sorts: [string, string, string][] = [
      ["tem_estoque,id", "desc,desc", "tem_estoque DESC, id DESC"],
      // A hidden price sorts as none, last either way (hidden-price.test.ts).
      ["tem_estoque,valor_venda", "desc,asc", `tem_estoque DESC, ${HIDDEN_LAST} valor_usd ASC, id ASC`],
      ["tem_estoque,valor_venda", "desc,desc", `tem_estoque DESC, ${HIDDEN_LAST} valor_usd DESC, id DESC`],
      ["tem_estoque,nome", "desc,asc", "tem_estoque DESC, nome_pt_ordem ASC, id ASC"],
      ["tem_estoque,codigo", "desc,desc", "tem_estoque DESC, codigo DESC, id DESC"],
      ["id", "asc", "id ASC"],
    ];
    const [{ n }] = (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM produtos_lista WHERE ativo`)) as [
      { n: number },
    ];
    const lastPage = Math.ceil(n / 12);
    for (const [orderBy, order, sqlOrder] of sorts) {
      for (const page of [1, 3, lastPage]) {
        const expected = await queryRows<{ id: number }>(
          t.database.db,
          sql`SELECT id FROM produtos_lista WHERE ativo ORDER BY ${sql.raw(sqlOrder)} LIMIT 12 OFFSET ${(page - 1) * 12}`,
        );
        const answer = await list({ order_by: orderBy, order, page: String(page) });
        expect(
          answer.data.map((p) => p.id),
          `${orderBy} ${order} page ${page}`,
        ).toEqual(expected.map((r) => r.id));
        expect(answer.total).toBe(n);
      }
    }
    // Past the end: the last page (spec §4).
    const past = await list({ page: String(lastPage + 5) });
    expect(past.page).toBe(lastPage);
  });

  it("shows a new price and stock at once, and drops a hidden product from lists and searches", async () => {
    const [row] = await queryRows<{ id: number; nome_pt: string; codigo: string; category_id: number }>(
      t.database.db,
      sql`SELECT id, nome_pt, codigo, category_id FROM produtos WHERE ativo AND mostrar_preco AND moeda_id = 2 ORDER BY id DESC LIMIT 1`,
    );
    const { id, codigo, category_id } = row!;
    await t.database.db.execute(sql`UPDATE produtos SET valor_venda = 1234.5, qtde_disponivel = 0, qtde_fisica = 0 WHERE id = ${id}`);
    const inCategory = await list({ category_id: String(category_id), order_by: "id", order: "desc", per_page: "100" });
    const shown = inCategory.data.find((p) => p.id === id);
    expect(shown?.valor_venda).toBe("1234.50");
    expect(shown?.qtde_disponivel).toBe(0);

    await t.database.db.execute(sql`UPDATE produtos SET ativo = false WHERE id = ${id}`);
    expect((await list({ category_id: String(category_id), per_page: "100" })).data.map((p) => p.id)).not.toContain(id);
    expect((await list({ text: codigo, all_products: "1" })).data.map((p) => p.id)).not.toContain(id);
    await t.database.db.execute(sql`UPDATE produtos SET ativo = true, qtde_disponivel = 5, qtde_fisica = 5 WHERE id = ${id}`);
    expect((await list({ text: codigo, all_products: "1" })).data.map((p) => p.id)).toContain(id);
  });

  it("shows a renamed category's name on its products", async () => {
    const [row] = await queryRows<{ id: number; category_id: number }>(
      t.database.db,
      sql`SELECT id, category_id FROM produtos WHERE ativo AND category_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    await t.database.db.execute(sql`UPDATE categorias SET name_pt = 'Oficina Renomeada' WHERE id = ${row!.category_id}`);
    const answer = await list({ category_id: String(row!.category_id) });
    expect(answer.data[0]?.categoria?.name).toBe("Oficina Renomeada");
  });

  it("is kept current for another process that shares the database (it reads the change feed)", async () => {
    // A second index on the same database, told of nothing: it sees changes by reading catalogo_alteracoes.
    const other = createCatalogIndex(t.database.db);
    await other.fresh();
    const before = other.size;
    const [row] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM produtos WHERE ativo ORDER BY id LIMIT 1`);
    await t.database.db.execute(sql`UPDATE produtos SET ativo = false WHERE id = ${row!.id}`);
    await other.fresh();
    expect(other.size).toBe(before - 1);
    await t.database.db.execute(sql`UPDATE produtos SET ativo = true, nome_pt = 'Zimbório Novo' WHERE id = ${row!.id}`);
    await other.fresh();
    expect(other.size).toBe(before);
    const page = other.list({
      lang: "pt",
      words: ["zimborio"],
      brandIds: [],
      inStockOnly: false,
      sort: [{ field: "id", direction: "desc" }],
      limit: 5,
      offset: 0,
    });
    expect(page.rows.map((r) => r.nome)).toEqual(["Zimbório Novo"]);
  });

  it("finds a product page's product by id and by slug, a new slug at once and the old one no more", async () => {
    const index = createCatalogIndex(t.database.db);
    await index.fresh();
    const [row] = await queryRows<{ id: number; slug: string }>(
      t.database.db,
      sql`SELECT id, slug FROM produtos WHERE ativo ORDER BY id DESC LIMIT 1`,
    );
    const { id, slug } = row!;
    expect(index.product(String(id), "pt")?.slug).toBe(slug);
    expect(index.product(slug, "es")?.id).toBe(id);
    expect(index.product("99999999999", "pt")).toBeUndefined();

    await t.database.db.execute(sql`UPDATE produtos SET slug = ${`${slug}-novo`} WHERE id = ${id}`);
    await index.fresh();
    expect(index.product(slug, "pt")).toBeUndefined();
    expect(index.product(`${slug}-novo`, "pt")?.id).toBe(id);

    // The details answer follows: the old address is unknown, a hidden product too.
    const details = (url: string) => t.app.inject({ method: "GET", url: `/api/public/products/${url}/details` });
    expect((await details(`${slug}-novo`)).json<{ data: { id: number } }>().data.id).toBe(id);
    expect((await details(slug)).statusCode).toBe(404);
    await t.database.db.execute(sql`UPDATE produtos SET ativo = false WHERE id = ${id}`);
    await index.fresh();
    expect(index.product(String(id), "pt")).toBeUndefined();
    expect((await details(String(id))).statusCode).toBe(404);
    await t.database.db.execute(sql`UPDATE produtos SET ativo = true, slug = ${slug} WHERE id = ${id}`);
  });

  it("converts with a new exchange rate at once, here and on another process", async () => {
    const other = createCatalogIndex(t.database.db);
    await other.fresh();
    const [rate] = await queryRows<{ tax: string }>(
      t.database.db,
      sql`SELECT tax::text AS tax FROM cotacoes WHERE source_currency_id = 2 AND target_currency_id = 3`,
    );
    const [product] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM produtos WHERE ativo AND mostrar_preco AND moeda_id = 2 AND valor_venda > 0 ORDER BY id LIMIT 1`,
    );
    const priceIn = async (moeda: string) =>
      (await list({ text: "", moeda_id: moeda, order_by: "id", order: "asc", per_page: "100" })).data.find((p) => p.id === product!.id)!;
    const before = await priceIn("3");
    await t.database.db.execute(sql`UPDATE cotacoes SET tax = tax * 2 WHERE source_currency_id = 2 AND target_currency_id = 3`);
    try {
      const after = await priceIn("3");
      expect(Number(after.preco_atual!.valor_venda)).toBeCloseTo(Number(before.preco_atual!.valor_venda) * 2, -1);
      await other.fresh();
      const doubled = other.rates().find((r) => r.source_currency.id === 2 && r.target_currency.id === 3)!;
      expect(Number(doubled.tax)).toBeCloseTo(Number(rate!.tax) * 2, 6);
    } finally {
      await t.database.db.execute(sql`UPDATE cotacoes SET tax = ${rate!.tax}::numeric WHERE source_currency_id = 2 AND target_currency_id = 3`);
    }
  });
});
