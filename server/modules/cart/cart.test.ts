import { randomUUID } from "node:crypto";
import Big from "big.js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "#contract/api/cart.ts";
import { convertPrice, type ExchangeRate } from "#contract/money.ts";
import { queryRows } from "#db/client.ts";
import { call, type ApiError } from "../../../tests/support/customers.ts";
import { cartBody, createCart, pickProducts, setStock, shopper, type Product } from "../../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let rates: ExchangeRate[];
let resident: Awaited<ReturnType<typeof shopper>>;
let foreigner: Awaited<ReturnType<typeof shopper>>;
let a: Product;
let b: Product;
beforeAll(async () => {
  t = await createTestApp();
  [a, b] = await pickProducts(t.database.db, 2, 20);
  resident = await shopper(t.app, t.database.db, "py");
  foreigner = await shopper(t.app, t.database.db, "br");
  const start = await t.app.inject({ method: "GET", url: "/api/public/start" });
  rates = start.json<{ exchange_rates: ExchangeRate[] }>().exchange_rates;
});
afterAll(() => t.close());

type CartReply = { data: Cart } & ApiError;
const post = (body: unknown, token?: string) => call<CartReply>(t.app, "POST", "/ecom/venda/carrinho", { body, token });
const put = (id: number | string, body: unknown, token?: string) => call<CartReply>(t.app, "PUT", `/ecom/venda/carrinho/${id}`, { body, token });
const get = (externalId: string, token?: string, moeda = "") =>
  call<CartReply>(t.app, "GET", `/ecom/venda/carrinho/${externalId}${moeda ? `?moeda_id=${moeda}` : ""}`, { token });
const claim = (externalId: string, token?: string, moeda = "") =>
  call<CartReply>(t.app, "POST", `/ecom/venda/carrinho/${externalId}/vincular${moeda ? `?moeda_id=${moeda}` : ""}`, { token });
const ownerOf = async (id: number) =>
  (await queryRows<{ customer_id: number | null }>(t.database.db, sql`SELECT customer_id FROM carrinhos WHERE id = ${id}`))[0]!.customer_id;
const price = (p: Product, moeda: number) => convertPrice(p.valor_venda, p.moeda_id, moeda, rates);

describe("POST /ecom/venda/carrinho", () => {
  it("creates a guest cart in the asked currency, priced by the server whatever the client sent", async () => {
    const body = cartBody(
      [
        { produto_id: a.id, qtde: 2, valor_unitario: "0.01" },
        { produto_id: b.id, qtde: 1, valor_unitario: "999999" },
      ],
      3,
    );
    const res = await post(body);
    expect(res.status).toBe(200);
    const cart = res.body.data;
    expect(cart).toMatchObject({ external_id: body.external_id, moeda_id: 3, filial_id: 1 });
    expect(cart.moeda).toEqual({ id: 3, simbolo: "G$", casas_decimais: 0 });
    const line = cart.itens.find((l) => l.produto_id === a.id)!;
    expect(line.valor_unitario).not.toBe("0.01");
    expect(new Big(line.valor_unitario).eq(price(a, 3))).toBe(true);
    const total = new Big(price(a, 3)).times(2).plus(price(b, 3));
    expect(new Big(cart.valor_total).eq(total)).toBe(true);
    expect(cart.itens.every((l) => typeof l.qtde === "number" && l.produto?.id === l.produto_id)).toBe(true);

    const usd = await createCart(t.app, [{ produto_id: a.id, qtde: 1 }], { moeda_id: 2 });
    expect(usd.moeda_id).toBe(2);
    expect(new Big(usd.valor_total).eq(a.valor_venda)).toBe(true);
  });

  it("gives a foreign customer's cart dollars and a resident's guaraníes, whatever was asked", async () => {
    expect((await createCart(t.app, [{ produto_id: a.id, qtde: 1 }], { token: foreigner.token, moeda_id: 3 })).moeda_id).toBe(2);
    expect((await createCart(t.app, [{ produto_id: a.id, qtde: 1 }], { token: resident.token, moeda_id: 2 })).moeda_id).toBe(3);
  });

  it("answers 409 with errors.external_id for a used external_id, and the update path then works", async () => {
    const body = cartBody([{ produto_id: a.id, qtde: 1 }]);
    const first = await post(body);
    const again = await post({ ...body, itens: cartBody([{ produto_id: a.id, qtde: 3 }]).itens });
    expect(again.status).toBe(409);
    expect(again.body.errors?.external_id).toEqual(["External ID já utilizado em outro carrinho."]);
    const updated = await put(first.body.data.id, { ...body, id: first.body.data.id, itens: cartBody([{ produto_id: a.id, qtde: 3 }]).itens });
    expect(updated.status).toBe(200);
    expect(updated.body.data.itens[0]!.qtde).toBe(3);
  });

  it("refuses a quantity above the stock or 99, zero stock and unknown products, with the §8 texts", async () => {
    await setStock(t.database.db, b.id, 4);
    const over = await post(cartBody([{ produto_id: b.id, qtde: 5 }]));
    expect(over.status).toBe(422);
    expect(over.body.message).toBe("Quantidade máxima disponível: 4");
    expect(over.body.errors?.["itens.0.qtde"]).toEqual(["Quantidade máxima disponível: 4"]);

    await setStock(t.database.db, b.id, 500);
    const ninetyNine = await post(cartBody([{ produto_id: b.id, qtde: 100 }]));
    expect([ninetyNine.status, ninetyNine.body.message]).toEqual([422, "Quantidade máxima disponível: 99"]);
    expect((await post(cartBody([{ produto_id: b.id, qtde: 99 }]))).status).toBe(200);

    await setStock(t.database.db, b.id, 0);
    const out = await post(cartBody([{ produto_id: b.id, qtde: 1 }]));
    expect([out.status, out.body.message]).toEqual([422, "Produto indisponível"]);
    const unknown = await post(cartBody([{ produto_id: 99_999_999, qtde: 1 }]));
    expect([unknown.status, unknown.body.message]).toEqual([422, "Produto indisponível"]);
    await setStock(t.database.db, b.id, 20);
  });

  it("refuses malformed bodies with field errors", async () => {
    const cases: [unknown, string][] = [
      [{ ...cartBody([{ produto_id: a.id, qtde: 1 }]), external_id: "not-a-uuid" }, "external_id"],
      [{ ...cartBody([{ produto_id: a.id, qtde: 1 }]), moeda_id: "9" }, "moeda_id"],
      [cartBody([{ produto_id: a.id, qtde: 1.5 }]), "itens.0.qtde"],
      [{ ...cartBody([]), itens: [{ produto_id: "abc", qtde: "1" }] }, "itens.0.produto_id"],
      [{ external_id: randomUUID() }, "moeda_id"],
      [cartBody([{ produto_id: 2_147_483_648, qtde: 1 }]), "itens.0.produto_id"],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    expect((await call(t.app, "POST", "/ecom/venda/carrinho", { body: "{oops", headers: { "content-type": "application/json" } })).status).toBe(400);
  });

  it("keeps removed lines inactive (ativo false, or qtde 0) and out of the total", async () => {
    const body = cartBody([
      { produto_id: a.id, qtde: 2 },
      { produto_id: b.id, qtde: 1 },
    ]);
    const cart = (await post(body)).body.data;
    const removed = await put(cart.id, {
      ...cartBody(
        [
          { produto_id: a.id, qtde: 2 },
          { produto_id: b.id, qtde: 1, ativo: false },
        ],
        2,
        cart.external_id,
      ),
      id: cart.id,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.itens.find((l) => l.produto_id === b.id)).toMatchObject({ ativo: false, valor_subtotal: "0.00" });
    expect(new Big(removed.body.data.valor_total).eq(new Big(a.valor_venda).times(2))).toBe(true);
    // An inactive line of an out-of-stock product does not block the cart.
    await setStock(t.database.db, b.id, 0);
    const zero = await put(
      cart.id,
      cartBody(
        [
          { produto_id: a.id, qtde: 0 },
          { produto_id: b.id, qtde: 3, ativo: false },
        ],
        2,
        cart.external_id,
      ),
    );
    expect(zero.status).toBe(200);
    expect(zero.body.data.itens.every((l) => !l.ativo)).toBe(true);
    expect(new Big(zero.body.data.valor_total).eq(0)).toBe(true);
    await setStock(t.database.db, b.id, 20);
    // A product taken out of the catalogue: its removed line is no obstacle, an active one is refused.
    await t.database.db.execute(sql`UPDATE produtos SET ativo = false WHERE id = ${b.id}`);
    const gone = await put(
      cart.id,
      cartBody(
        [
          { produto_id: a.id, qtde: 1 },
          { produto_id: b.id, qtde: 1, ativo: false },
        ],
        2,
        cart.external_id,
      ),
    );
    expect(gone.status).toBe(200);
    expect(gone.body.data.itens.filter((l) => l.ativo).map((l) => l.produto_id)).toEqual([a.id]);
    const active = await put(cart.id, cartBody([{ produto_id: b.id, qtde: 1 }], 2, cart.external_id));
    expect([active.status, active.body.message]).toEqual([422, "Produto indisponível"]);
    await t.database.db.execute(sql`UPDATE produtos SET ativo = true WHERE id = ${b.id}`);
  });
});

describe("PUT and GET /ecom/venda/carrinho", () => {
  it("reads a cart by external id, re-priced in the asked currency; 404 when unknown", async () => {
    const cart = await createCart(t.app, [{ produto_id: a.id, qtde: 2 }]);
    const same = await get(cart.external_id);
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ id: cart.id, moeda_id: 2, valor_total: cart.valor_total });
    const pyg = await get(cart.external_id, undefined, "3");
    expect(pyg.body.data.moeda_id).toBe(3);
    expect(new Big(pyg.body.data.valor_total).eq(new Big(price(a, 3)).times(2))).toBe(true);
    expect((await get(randomUUID())).status).toBe(404);
    expect((await get("nope")).status).toBe(422);
    expect((await get(cart.external_id, undefined, "7")).status).toBe(422);
  });

  it("keeps a customer's cart theirs alone: another customer and guests get 404 on GET and PUT", async () => {
    const mine = await createCart(t.app, [{ produto_id: a.id, qtde: 1 }], { token: resident.token });
    const other = await shopper(t.app, t.database.db, "py");
    expect((await get(mine.external_id, other.token)).status).toBe(404);
    expect((await get(mine.external_id)).status).toBe(404);
    const body = { ...cartBody([{ produto_id: a.id, qtde: 5 }], 3, mine.external_id), id: mine.id };
    expect((await put(mine.id, body, other.token)).status).toBe(404);
    expect((await put(mine.id, body)).status).toBe(404);
    const stolen = await post(cartBody([{ produto_id: a.id, qtde: 1 }], 3, mine.external_id), other.token);
    expect(stolen.status).toBe(409);
    const still = await get(mine.external_id, resident.token);
    expect(still.body.data.itens[0]!.qtde).toBe(1);
  });

  it("tells a customer whose session ended 401 'Sessão expirada' for their cart, not 404, and keeps it theirs", async () => {
    const owner = await shopper(t.app, t.database.db, "py");
    const mine = await createCart(t.app, [{ produto_id: a.id, qtde: 1 }], { token: owner.token });
    expect((await call(t.app, "POST", "/ecom/logout", { token: owner.token })).status).toBe(200);
    const body = { ...cartBody([{ produto_id: a.id, qtde: 2 }], 3, mine.external_id), id: mine.id };
    for (const res of [await put(mine.id, body, owner.token), await get(mine.external_id, owner.token)]) {
      expect([res.status, res.body.message]).toEqual([401, "Sessão expirada. Faça login novamente."]);
    }
    const spanish = await call<ApiError>(t.app, "GET", `/ecom/venda/carrinho/${mine.external_id}`, {
      token: owner.token,
      headers: { "accept-language": "es-PY" },
    });
    expect([spanish.status, spanish.body.message]).toEqual([401, "Sesión expirada. Inicie sesión nuevamente."]);
    // Nothing changed, and a guest without a token still finds nothing there.
    expect((await get(mine.external_id)).status).toBe(404);
    const [row] = await queryRows<{ customer_id: number; qtde: number }>(
      t.database.db,
      sql`SELECT c.customer_id, i.qtde FROM carrinhos c JOIN carrinho_itens i ON i.cart_id = c.id WHERE c.id = ${mine.id}`,
    );
    expect(row).toEqual({ customer_id: owner.id, qtde: 1 });
  });

  it("answers 404 when the path id and the body's external id name different carts", async () => {
    const one = await createCart(t.app, [{ produto_id: a.id, qtde: 1 }]);
    const two = await createCart(t.app, [{ produto_id: a.id, qtde: 1 }]);
    expect((await put(one.id, cartBody([{ produto_id: a.id, qtde: 2 }], 2, two.external_id))).status).toBe(404);
    for (const id of [0, 2_147_483_648]) expect((await put(id, cartBody([{ produto_id: a.id, qtde: 2 }], 2, one.external_id))).status).toBe(422);
  });

  it("lets a customer claim a guest cart at login with a POST, re-priced in their currency", async () => {
    const guest = await createCart(t.app, [{ produto_id: a.id, qtde: 2 }], { moeda_id: 2 });
    const who = await shopper(t.app, t.database.db, "py");
    const claimed = await claim(guest.external_id, who.token, "2");
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.moeda_id).toBe(3);
    expect(await ownerOf(guest.id)).toBe(who.id);
    expect((await get(guest.external_id)).status).toBe(404);
    expect((await get(guest.external_id, resident.token)).status).toBe(404);
    // Claiming again is harmless for the owner; another customer cannot take it.
    expect((await claim(guest.external_id, who.token)).status).toBe(200);
    expect((await claim(guest.external_id, resident.token)).status).toBe(404);
    expect((await claim(guest.external_id)).status).toBe(401);
  });

  it("never hands a guest cart to a signed-in visitor on a GET (a link on another site can make the browser send one)", async () => {
    const guest = await createCart(t.app, [{ produto_id: a.id, qtde: 1 }], { moeda_id: 2 });
    const who = await shopper(t.app, t.database.db, "py");
    const read = await call<CartReply>(t.app, "GET", `/ecom/venda/carrinho/${guest.external_id}`, { headers: { cookie: `sid=${who.token}` } });
    expect(read.status).toBe(200);
    expect(await ownerOf(guest.id)).toBeNull();
    // The guest still has their cart.
    expect((await get(guest.external_id)).status).toBe(200);
  });

  it("ignores the session cookie on a claim sent from another site", async () => {
    const guest = await createCart(t.app, [{ produto_id: a.id, qtde: 1 }], { moeda_id: 2 });
    const who = await shopper(t.app, t.database.db, "py");
    const url = `/ecom/venda/carrinho/${guest.external_id}/vincular`;
    const cookie = `sid=${who.token}`;
    const foreign = await call(t.app, "POST", url, { headers: { cookie, host: "shop.example", origin: "https://evil.example" } });
    expect(foreign.status).toBe(401);
    expect(await ownerOf(guest.id)).toBeNull();
    const own = await call<CartReply>(t.app, "POST", url, { headers: { cookie, host: "shop.example", origin: "https://shop.example" } });
    expect(own.status).toBe(200);
    expect(await ownerOf(guest.id)).toBe(who.id);
  });

  it("re-prices on update: a foreign customer's PUT in guaraníes still answers dollars", async () => {
    const cart = await createCart(t.app, [{ produto_id: a.id, qtde: 1 }], { token: foreigner.token });
    const res = await put(
      cart.id,
      { ...cartBody([{ produto_id: a.id, qtde: 3, valor_unitario: "1" }], 3, cart.external_id), id: cart.id },
      foreigner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.moeda_id).toBe(2);
    expect(new Big(res.body.data.valor_total).eq(new Big(a.valor_venda).times(3))).toBe(true);
  });
});
