import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductDetails, ProductsPage, ProductSummary, StartData } from "#contract/api/catalog.ts";
import type { Cart } from "#contract/api/cart.ts";
import { queryRows } from "#db/client.ts";
import { call, newCustomer } from "../../../tests/support/customers.ts";
import { createCart } from "../../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

// A price no other product has, so its digits can be looked for in any answer.
const SECRET = "4321.87";
const SECRET_FORMS = ["4321.87", "4321,87", "4.321,87", "4,321.87"];

let t: TestApp;
let hidden: { id: number; slug: string; codigo: string; nome: string };
beforeAll(async () => {
  t = await createTestApp();
  // The oldest in-stock product: among the first 20 by id (the home page's most-searched list).
  [hidden] = await queryRows<{ id: number; slug: string; codigo: string; nome: string }>(
    t.database.db,
    sql`SELECT id, slug, codigo, nome_pt AS nome FROM produtos WHERE ativo AND tem_estoque ORDER BY id LIMIT 1`,
  );
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const leaks = (body: string) => SECRET_FORMS.some((form) => body.includes(form));
const expectHidden = (p: ProductSummary | undefined) => {
  expect(p, "the product is in the answer").toBeDefined();
  expect(p!.mostrar_preco).toBe(false);
  expect(p!.valor_venda).toBeNull();
  expect(p!.preco_atual).toBeNull();
};

describe("a product whose price is hidden (mostrar_preco false)", () => {
  it("never sends its price, in any currency, from any catalogue call", async () => {
    const { token } = await newCustomer(t.app, t.database.db, "br");
    // Put it in a cart and in the favourites while its price still shows.
    const cart: Cart = await createCart(t.app, [{ produto_id: hidden.id, qtde: 1 }]);
    expect((await call(t.app, "POST", "/ecom/favoritos", { token, body: { produto_id: hidden.id } })).status).toBe(201);
    await t.database.db.execute(sql`UPDATE produtos SET valor_venda = ${SECRET}, valor_usd = ${SECRET}, moeda_id = 2, mostrar_preco = false
      WHERE id = ${hidden.id}`);

    for (const moeda of [1, 2, 3, 4]) {
      const list = await get(`/api/public/products?moeda_id=${moeda}&order_by=id&order=asc&per_page=5`);
      expectHidden(list.json<ProductsPage>().data.find((p) => p.id === hidden.id));
      const details = await get(`/api/public/products/${hidden.slug}/details?moeda_id=${moeda}`);
      expectHidden(details.json<{ data: ProductDetails }>().data);
      expect(leaks(list.body) || leaks(details.body)).toBe(false);
    }
    // The search box's suggestions are a small list call with text.
    const suggestions = await get(`/api/public/products?text=${encodeURIComponent(hidden.codigo)}&all_products=1&per_page=4`);
    expectHidden(suggestions.json<ProductsPage>().data.find((p) => p.id === hidden.id));
    const start = await get("/api/public/start?moeda_id=2");
    expectHidden(start.json<StartData>().products.find((p) => p.id === hidden.id));
    const favourites = await get("/ecom/favoritos?moeda_id=2", token);
    expectHidden(favourites.json<{ data: { produto: ProductSummary }[] }>().data[0]?.produto);
    const cartNow = await get(`/ecom/venda/carrinho/${cart.external_id}?moeda_id=2`);
    expectHidden(cartNow.json<{ data: Cart }>().data.itens.find((l) => l.produto_id === hidden.id)?.produto ?? undefined);
    const json = await get("/api/public/products/export?format=json&moeda_id=2");
    expectHidden(json.json<ProductSummary[]>().find((p) => p.id === hidden.id));
    const txt = await get("/api/public/products/export?format=txt&moeda_id=2");
    expect(txt.body.split("\n").find((l) => l.startsWith(`${hidden.codigo} `))).toMatch(/N\/A$/);
    for (const res of [suggestions, start, favourites, json, txt]) expect(leaks(res.body)).toBe(false);
  });
});

describe("sorting by price with hidden prices", () => {
  /** Every product of a list, page by page, in the list's order. */
  async function all(params: string): Promise<ProductSummary[]> {
    const out: ProductSummary[] = [];
    for (let page = 1; ; page++) {
      const body = (await get(`/api/public/products?moeda_id=2&per_page=100&page=${page}&${params}`)).json<ProductsPage>();
      out.push(...body.data);
      if (page >= body.last_page) return out;
    }
  }

  it("puts hidden prices after every shown one, whatever the direction, so no neighbour brackets them", async () => {
    // A second hidden price, the cheapest of all: sorted by its price it would come first.
    const [cheap] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM produtos WHERE ativo AND tem_estoque AND mostrar_preco AND id <> ${hidden.id} ORDER BY id DESC LIMIT 1`,
    );
    await t.database.db.execute(sql`UPDATE produtos SET valor_venda = 0.01, valor_usd = 0.01, moeda_id = 2, mostrar_preco = false
      WHERE id = ${cheap!.id}`);
    await t.database.db.execute(sql`UPDATE produtos SET mostrar_preco = false WHERE id = ${hidden.id}`);
    for (const order of ["asc", "desc"]) {
      const list = await all(`order_by=tem_estoque,valor_venda&order=desc,${order}`);
      const inStock = list.filter((p) => p.tem_estoque);
      const firstHidden = inStock.findIndex((p) => !p.mostrar_preco);
      expect(firstHidden, order).toBeGreaterThan(0);
      expect(
        inStock.slice(firstHidden).every((p) => !p.mostrar_preco),
        order,
      ).toBe(true);
      // Among themselves, by id in the sort's direction: nothing of their prices shows.
      const hiddenIds = inStock.slice(firstHidden).map((p) => p.id);
      expect(hiddenIds, order).toEqual([...hiddenIds].sort((a, b) => (order === "asc" ? a - b : b - a)));
      expect(hiddenIds).toEqual(expect.arrayContaining([hidden.id, cheap!.id]));
      // The printed price list, which the database sorts, agrees.
      const txt = (await get(`/api/public/products/export?format=txt&moeda_id=2&order_by=valor_venda&order=${order}`)).body;
      const lines = txt.split("\n").slice(3).filter(Boolean);
      const firstNa = lines.findIndex((l) => l.endsWith("N/A"));
      expect(firstNa, order).toBeGreaterThan(0);
      expect(
        lines.slice(firstNa).every((l) => l.endsWith("N/A")),
        order,
      ).toBe(true);
    }
  });
});
