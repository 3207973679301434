import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { queryRows } from "#db/client.ts";
import { call, newCustomer } from "../../../tests/support/customers.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let productIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  productIds = (await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM produtos WHERE ativo ORDER BY id LIMIT 3`)).map((r) => r.id);
  expect(productIds).toHaveLength(3);
});
afterAll(() => t.close());

interface Favourite {
  id: number;
  produto_id: number;
  produto: ProductSummary | null;
}
type Added = { message: string; data: Favourite; errors?: Record<string, string[]> };

const customer = () => newCustomer(t.app, t.database.db, "py");
const add = (token: string | undefined, produto_id: unknown) => call<Added>(t.app, "POST", "/ecom/favoritos", { token, body: { produto_id } });
const list = (token: string | undefined, query = "") => call<{ data: Favourite[] }>(t.app, "GET", `/ecom/favoritos${query}`, { token });
const remove = (token: string | undefined, id: number | string) => call(t.app, "DELETE", `/ecom/favoritos/${id}`, { token });

describe("POST /ecom/favoritos", () => {
  it("adds a product (201) and answers the same favourite when it is added again", async () => {
    const { token } = await customer();
    const first = await add(token, productIds[0]);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe("Produto adicionado aos favoritos.");
    expect(first.body.data).toMatchObject({ produto_id: productIds[0] });
    const again = await add(token, String(productIds[0]));
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await list(token)).body.data).toHaveLength(1);
  });

  it("answers 404 for an unknown or withdrawn product and 422 for a bad id", async () => {
    const { token } = await customer();
    const unknown = await add(token, 99_999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Produto não encontrado");
    const [withdrawn] = await queryRows<{ id: number }>(
      t.database.db,
      sql`UPDATE produtos SET ativo = false WHERE id = (SELECT max(id) FROM produtos) RETURNING id`,
    );
    expect((await add(token, withdrawn!.id)).status).toBe(404);
    for (const bad of ["abc", 0, -3, 1.5, null]) {
      const res = await add(token, bad);
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.errors).toHaveProperty("produto_id");
    }
    expect((await list(token)).body.data).toEqual([]);
  });
});

describe("GET /ecom/favoritos", () => {
  it("lists the newest first with product summaries in the asked language and currency", async () => {
    const { token } = await customer();
    for (const id of productIds) expect((await add(token, id)).status).toBe(201);
    const pt = await list(token);
    expect(pt.status).toBe(200);
    expect(pt.body.data.map((f) => f.produto_id)).toEqual([...productIds].reverse());
    for (const f of pt.body.data) {
      expect(f.produto).toMatchObject({ id: f.produto_id, nome: expect.any(String), slug: expect.any(String) });
    }
    const es = await list(token, "?lang=es&moeda_id=3");
    expect(es.body.data.map((f) => f.produto_id)).toEqual(pt.body.data.map((f) => f.produto_id));
    expect(es.body.data.map((f) => f.produto!.preco_atual!.moeda.id)).toEqual([3, 3, 3]);
    expect(es.body.data[0]!.produto!.preco_atual!.formatado).toMatch(/^G\$/);
    expect(es.body.data.some((f, i) => f.produto!.nome !== pt.body.data[i]!.produto!.nome)).toBe(true);
    expect((await list(token, "?moeda_id=9")).status).toBe(422);
  });

  it("shows each customer only their own list", async () => {
    const a = await customer();
    const b = await customer();
    await add(a.token, productIds[0]);
    expect((await list(b.token)).body.data).toEqual([]);
  });
});

describe("DELETE /ecom/favoritos/{id}", () => {
  it("removes a favourite once; a second delete is a 404", async () => {
    const { token } = await customer();
    const fav = (await add(token, productIds[1])).body.data;
    const res = await remove(token, fav.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Produto removido dos favoritos.");
    expect((await list(token)).body.data).toEqual([]);
    expect((await remove(token, fav.id)).status).toBe(404);
    expect((await remove(token, "abc")).status).toBe(422);
  });

  it("never removes another customer's favourite", async () => {
    const owner = await customer();
    const intruder = await customer();
    const fav = (await add(owner.token, productIds[2])).body.data;
    const res = await remove(intruder.token, fav.id);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("O Recurso que está tentando acessar não existe");
    expect((await list(owner.token)).body.data.map((f) => f.id)).toEqual([fav.id]);
  });
});

describe("guests", () => {
  it("get 401 on every favourites call", async () => {
    for (const res of [await add(undefined, productIds[0]), await list(undefined), await remove(undefined, 1)]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: "Sessão expirada. Faça login novamente." });
    }
    const forged = await list("token-forjado");
    expect(forged.status).toBe(401);
  });
});
