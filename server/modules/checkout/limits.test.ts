import Big from "big.js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "#contract/api/cart.ts";
import { convertPrice, type ExchangeRate } from "#contract/money.ts";
import { queryRows } from "#db/client.ts";
import { call, type ApiError } from "../../../tests/support/customers.ts";
import {
  cartBody,
  checkout,
  createCart,
  pickProducts,
  quote,
  readyCart,
  setStock,
  shopper,
  stockOf,
  storePickup,
  type Product,
} from "../../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

/** Stock hoarding caps, the customer's currency at checkout and each line's own maximum. */

let t: TestApp;
let p: Product;
let q: Product;
beforeAll(async () => {
  t = await createTestApp({ MAX_OPEN_ORDERS_PER_CUSTOMER: "2", MAX_OPEN_ORDERS_PER_ADDRESS: "3", MAX_UNITS_PER_PRODUCT: "10" });
  [p, q] = await pickProducts(t.database.db, 2, 60);
});
afterAll(() => t.close());

const db = () => t.database.db;
type CartReply = { data: Cart } & ApiError & { qtde_maxima?: Record<string, number> };

describe("stock held by unpaid orders", () => {
  it("caps the open unpaid orders of one customer, and counts again once a reservation ran out", async () => {
    const buyer = await shopper(t.app, db(), "py");
    for (let i = 0; i < 2; i++) {
      const { cart, pickup } = await readyCart(t.app, buyer.token, [{ produto_id: p.id, qtde: 1 }]);
      expect((await checkout(t.app, cart.external_id, buyer.token, pickup)).status).toBe(200);
    }
    const before = await stockOf(db(), p.id);
    const { cart, pickup } = await readyCart(t.app, buyer.token, [{ produto_id: p.id, qtde: 1 }]);
    const third = await checkout(t.app, cart.external_id, buyer.token, pickup);
    expect([third.status, third.body.message]).toEqual([
      409,
      "Você já tem 2 pedidos aguardando pagamento. Pague um deles ou espere a reserva expirar para fazer um novo pedido.",
    ]);
    expect(await stockOf(db(), p.id)).toBe(before);
    const spanish = await call<ApiError>(t.app, "POST", `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout?lang=es-PY`, {
      token: buyer.token,
      body: { token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: null },
    });
    expect([spanish.status, spanish.body.message]).toEqual([
      409,
      "Ya tiene 2 pedidos esperando el pago. Pague uno de ellos o espere que venza la reserva para hacer un nuevo pedido.",
    ]);

    await db().execute(sql`UPDATE pedidos SET reserva_expira_em = now() - interval '1 minute' WHERE customer_id = ${buyer.id}`);
    const again = await checkout(t.app, cart.external_id, buyer.token, pickup);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("counts checkouts that run at the same time: exactly the cap of them win", async () => {
    const buyer = await shopper(t.app, db(), "py");
    const ready = [];
    for (let i = 0; i < 5; i++) ready.push(await readyCart(t.app, buyer.token, [{ produto_id: q.id, qtde: 1 }]));
    const replies = await Promise.all(ready.map(({ cart, pickup }) => checkout(t.app, cart.external_id, buyer.token, pickup)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409]);
  });

  it("caps the open unpaid orders placed from one client address, whoever places them", async () => {
    const ip = "198.51.100.77";
    const place = async () => {
      const buyer = await shopper(t.app, db(), "py");
      const { cart, pickup } = await readyCart(t.app, buyer.token, [{ produto_id: q.id, qtde: 1 }]);
      return call<ApiError>(t.app, "POST", `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`, {
        token: buyer.token,
        ip,
        body: { token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: null },
      });
    };
    for (let i = 0; i < 3; i++) expect((await place()).status).toBe(200);
    const fourth = await place();
    expect([fourth.status, fourth.body.message]).toEqual([
      409,
      "Há muitos pedidos aguardando pagamento feitos desta conexão. Tente novamente mais tarde.",
    ]);
    const rows = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM pedidos WHERE cliente_ip = ${ip}`);
    expect(rows[0]!.n).toBe(3);
  });

  it("caps the units of one product an order may reserve, naming each line over the cap", async () => {
    const buyer = await shopper(t.app, db(), "py");
    // The cart keeps the spec's 99 per line; the order is what reserves stock.
    const { cart, pickup } = await readyCart(t.app, buyer.token, [
      { produto_id: p.id, qtde: 11 },
      { produto_id: q.id, qtde: 10 },
    ]);
    const before = await stockOf(db(), p.id);
    const order = await checkout(t.app, cart.external_id, buyer.token, pickup);
    expect([order.status, order.body.message]).toEqual([422, "Máximo de 10 unidades deste produto por pedido"]);
    expect(order.body.errors).toEqual({ "itens.0.qtde": ["Máximo de 10 unidades deste produto por pedido"] });
    expect((order.body as { qtde_maxima?: unknown }).qtde_maxima).toEqual({ [p.id]: 10 });
    expect(await stockOf(db(), p.id)).toBe(before);
    await call(t.app, "PUT", `/ecom/venda/carrinho/${cart.id}`, {
      token: buyer.token,
      body: cartBody(
        [
          { produto_id: p.id, qtde: 10 },
          { produto_id: q.id, qtde: 10 },
        ],
        3,
        cart.external_id,
      ),
    });
    const again = await checkout(t.app, cart.external_id, buyer.token, pickup);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});

describe("currency at checkout (spec §9)", () => {
  const rates = async () => (await call<{ exchange_rates: ExchangeRate[] }>(t.app, "GET", "/api/public/start")).body.exchange_rates;

  it("charges a resident in guaraníes for a cart filled as a guest in reais, shipping included", async () => {
    const buyer = await shopper(t.app, db(), "py");
    const guest = await createCart(t.app, [{ produto_id: q.id, qtde: 2 }], { moeda_id: 1 });
    expect(guest.moeda_id).toBe(1);
    // Quoted as the guest (in reais), then checked out once signed in.
    const asGuest = (await quote(t.app, guest, { cidade_id: buyer.cidadeId })).body.data;
    const courier = asGuest.find((o) => o.entrega_servico_id !== null && o.opcionais.pontos_entrega.length === 0)!;
    expect(courier.moeda.id).toBe(1);
    const res = await checkout(t.app, guest.external_id, buyer.token, courier, { cliente_endereco_id: buyer.addressId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = await rates();
    const unit = convertPrice(q.valor_venda, q.moeda_id, 3, r);
    const frete = convertPrice(courier.valor, 1, 3, r);
    expect(res.body.pedido).toMatchObject({ moeda_id: 3, moeda: { simbolo: "G$" }, valor_frete: new Big(frete).toFixed(2) });
    expect(res.body.pedido.itens[0]).toMatchObject({ valor_unitario: new Big(unit).toFixed(2) });
    expect(new Big(res.body.pedido.valor_total).eq(new Big(unit).times(2).plus(frete))).toBe(true);
  });

  it("charges a foreign customer in dollars for a guest cart in pesos, and quotes them in dollars", async () => {
    const buyer = await shopper(t.app, db(), "br");
    const guest = await createCart(t.app, [{ produto_id: q.id, qtde: 1 }], { moeda_id: 4 });
    const options = (await quote(t.app, guest, { cidade_id: buyer.cidadeId }, buyer.token)).body.data;
    expect(options.map((o) => o.moeda.id)).toEqual([2]);
    const res = await checkout(t.app, guest.external_id, buyer.token, storePickup(options));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pedido).toMatchObject({ moeda_id: 2, valor_total: new Big(q.valor_venda).toFixed(2) });
    expect(res.body.pedido.pagamentos[0]).toMatchObject({ valor_total: new Big(q.valor_venda).toFixed(2) });
  });
});

describe("each line over stock names its own maximum", () => {
  it("in the cart's 422", async () => {
    const buyer = await shopper(t.app, db(), "py");
    const [a, b] = await pickProducts(db(), 2, 8);
    const cart = await createCart(
      t.app,
      [
        { produto_id: a!.id, qtde: 1 },
        { produto_id: b!.id, qtde: 1 },
      ],
      { token: buyer.token, moeda_id: 3 },
    );
    await setStock(db(), a!.id, 2);
    await setStock(db(), b!.id, 5);
    const res = await call<CartReply>(t.app, "PUT", `/ecom/venda/carrinho/${cart.id}`, {
      token: buyer.token,
      body: cartBody(
        [
          { produto_id: a!.id, qtde: 3 },
          { produto_id: b!.id, qtde: 7 },
        ],
        3,
        cart.external_id,
      ),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "itens.0.qtde": ["Quantidade máxima disponível: 2"], "itens.1.qtde": ["Quantidade máxima disponível: 5"] });
    expect(res.body.qtde_maxima).toEqual({ [a!.id]: 2, [b!.id]: 5 });
  });

  it("in checkout's 409, indexed like the cart's lines", async () => {
    const buyer = await shopper(t.app, db(), "py");
    const [a, b, c] = await pickProducts(db(), 3, 8);
    const { cart, pickup } = await readyCart(t.app, buyer.token, [
      { produto_id: c!.id, qtde: 1, ativo: false },
      { produto_id: a!.id, qtde: 4 },
      { produto_id: b!.id, qtde: 6 },
    ]);
    expect(cart.itens.map((l) => l.produto_id)).toEqual([c!.id, a!.id, b!.id]);
    await setStock(db(), a!.id, 1);
    await setStock(db(), b!.id, 3);
    const res = await checkout(t.app, cart.external_id, buyer.token, pickup);
    expect([res.status, res.body.message]).toEqual([409, "Estoque insuficiente"]);
    expect(res.body.errors).toEqual({ "itens.1.qtde": ["Quantidade máxima disponível: 1"], "itens.2.qtde": ["Quantidade máxima disponível: 3"] });
    expect((res.body as { qtde_maxima?: unknown }).qtde_maxima).toEqual({ [a!.id]: 1, [b!.id]: 3 });
  });
});
