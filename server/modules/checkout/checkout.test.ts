import { randomUUID } from "node:crypto";
import Big from "big.js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart, DeliveryOption } from "#contract/api/cart.ts";
import { queryRows } from "#db/client.ts";
import { call, type ApiError } from "../../../tests/support/customers.ts";
import {
  cartBody,
  checkout,
  createCart,
  manyResidents,
  pickProducts,
  quote,
  readyCart,
  setStock,
  shopper,
  stockOf,
  storePickup,
  type CheckoutReply,
  type Product,
} from "../../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
let p: Product;
let q: Product;
let resident: Awaited<ReturnType<typeof shopper>>;
beforeAll(async () => {
  t = await createTestApp();
  [p, q] = await pickProducts(t.database.db, 2, 30);
  resident = await shopper(t.app, t.database.db, "py");
});
afterAll(() => t.close());

const db = () => t.database.db;
const count = async (table: "pedidos" | "pagamentos" | "gateway_sandbox", where = sql`true`) =>
  Number((await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`))[0]!.n);
const courier = (options: DeliveryOption[]) => options.find((o) => o.descricao.startsWith("Motoboy"))!;

describe("POST /ecom/venda/carrinho/{external_id}/iniciar-checkout", () => {
  it("creates the order and its payment for store pickup, reserves the stock and closes the cart", async () => {
    const before = await stockOf(db(), p.id);
    const { cart, pickup } = await readyCart(t.app, resident.token, [{ produto_id: p.id, qtde: 2 }]);
    const res = await checkout(t.app, cart.external_id, resident.token, pickup);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.link_pagamento).toHaveLength(1);
    expect(res.body.link_pagamento[0]).toMatch(/\/pagamento\/sandbox\/sbx_[0-9a-f]+$/);
    const order = res.body.pedido;
    expect(order).toMatchObject({ status: "PAGAMENTO", moeda_id: 3, valor_frete: "0.00", link_pagamento: res.body.link_pagamento[0] });
    expect(order.pedido).toMatch(/^\d+$/);
    expect(order.external_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.codigo_retirada).toMatch(/^[A-Z2-9]{6}$/);
    expect(new Big(order.valor_total).eq(cart.valor_total)).toBe(true);
    expect(order.itens).toMatchObject([{ produto_id: p.id, qtde: 2 }]);
    expect(order.pagamentos).toMatchObject([{ status: "AGUARDANDO", valor_total: order.valor_total }]);
    expect(new Date(order.reserva_expira_em!).getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(await stockOf(db(), p.id)).toBe(before - 2);
    expect((await call(t.app, "GET", `/ecom/venda/carrinho/${cart.external_id}`, { token: resident.token })).status).toBe(404);
  });

  it("charges the courier to the customer's address and records the service", async () => {
    const cart = await createCart(t.app, [{ produto_id: p.id, qtde: 1 }], { token: resident.token });
    const options = (await quote(t.app, cart, { cliente_endereco_id: resident.addressId }, resident.token)).body.data;
    const noAddress = await checkout(t.app, cart.external_id, resident.token, courier(options));
    expect([noAddress.status, noAddress.body.errors?.cliente_endereco_id]).toEqual([422, ["Selecione um endereço de entrega."]]);
    const foreign = await shopper(t.app, t.database.db, "py");
    for (const cliente_endereco_id of [foreign.addressId, 2_147_483_648]) {
      expect((await checkout(t.app, cart.external_id, resident.token, courier(options), { cliente_endereco_id })).status).toBe(422);
    }
    const res = await checkout(t.app, cart.external_id, resident.token, courier(options), { cliente_endereco_id: resident.addressId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pedido).toMatchObject({ valor_frete: "15000.00", entrega_descricao: "Motoboy Alto Paraná (mesmo dia)" });
    expect(new Big(res.body.pedido.valor_total).eq(new Big(cart.valor_total).plus(15000))).toBe(true);
  });

  it("needs a chosen pickup point for the pickup network", async () => {
    const cart = await createCart(t.app, [{ produto_id: p.id, qtde: 1 }], { token: resident.token });
    const open = (await quote(t.app, cart, { cidade_id: resident.cidadeId }, resident.token)).body.data;
    const network = open.find((o) => o.opcionais.pontos_entrega.length > 0)!;
    const none = await checkout(t.app, cart.external_id, resident.token, network);
    expect([none.status, none.body.message]).toEqual([422, "Selecione um ponto de retirada."]);
    const point = network.opcionais.pontos_entrega[0]!;
    const chosen = (await quote(t.app, cart, { cidade_id: resident.cidadeId, id_ponto_entrega: point.id }, resident.token)).body.data;
    const option = chosen.find((o) => o.entrega_servico_id === network.entrega_servico_id)!;
    const res = await checkout(t.app, cart.external_id, resident.token, option, { id_ponto_entrega: point.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pedido.entrega_descricao).toBe("Retirada em ponto parceiro");
  });

  it("makes one order and one charge however often, and however concurrently, it is called", async () => {
    const { cart, pickup } = await readyCart(t.app, resident.token, [{ produto_id: q.id, qtde: 1 }]);
    const before = await stockOf(db(), q.id);
    const replies = await Promise.all(Array.from({ length: 6 }, () => checkout(t.app, cart.external_id, resident.token, pickup)));
    expect(replies.map((r) => r.status)).toEqual(Array(6).fill(200));
    const again = await checkout(t.app, cart.external_id, resident.token, pickup);
    const orders = new Set([...replies, again].map((r) => r.body.pedido.external_id));
    const links = new Set([...replies, again].map((r) => r.body.link_pagamento[0]));
    expect([orders.size, links.size]).toEqual([1, 1]);
    const orderId = replies[0]!.body.pedido.id;
    expect(await count("pedidos", sql`cart_id = ${cart.id}`)).toBe(1);
    expect(await count("pagamentos", sql`order_id = ${orderId}`)).toBe(1);
    // The gateway may have been asked twice in the race, but only one payment there is payable.
    const payable = sql`descricao = ${`Pedido ${replies[0]!.body.pedido.pedido}`} AND status <> 'expired'`;
    expect(await count("gateway_sandbox", payable)).toBe(1);
    expect(await stockOf(db(), q.id)).toBe(before - 1);
  });

  it("refuses forged, tampered, foreign or expired delivery tokens and a changed valor_frete", async () => {
    const cart = await createCart(t.app, [{ produto_id: p.id, qtde: 1 }], { token: resident.token });
    const options = (await quote(t.app, cart, { cidade_id: resident.cidadeId }, resident.token)).body.data;
    const c = courier(options);
    const [body, mac] = c.token.split(".") as [string, string];
    const claim = JSON.parse(Buffer.from(body, "base64url").toString()) as Record<string, unknown>;
    const forge = (patch: Record<string, unknown>) => `${Buffer.from(JSON.stringify({ ...claim, ...patch })).toString("base64url")}.${mac}`;
    const other = await readyCart(t.app, resident.token, [{ produto_id: p.id, qtde: 1 }]);
    const bad: Partial<DeliveryOption>[] = [
      { ...c, token: "forged" },
      { ...c, token: `${body}.${"A".repeat(mac.length)}` },
      { ...c, token: forge({ valor: "0" }), valor: "0" },
      { ...c, token: forge({ exp: Date.now() - 1 }) },
      { ...c, valor: "1" },
      { ...c, valor: "abc" },
      { ...c, valor: "-15000" },
      { ...c, entrega_servico_id: null },
      { ...other.pickup },
    ];
    for (const option of bad) {
      const res = await checkout(t.app, cart.external_id, resident.token, option as DeliveryOption, { cliente_endereco_id: resident.addressId });
      expect(res.status, JSON.stringify(option)).toBe(422);
      expect(res.body.errors?.token_entrega).toEqual(["A opção de entrega expirou ou não confere. Calcule o frete novamente."]);
    }
    const missing = await call<ApiError>(t.app, "POST", `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`, {
      token: resident.token,
      body: {},
    });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors ?? {})).toEqual(expect.arrayContaining(["token_entrega", "valor_frete"]));
    expect(await count("pedidos", sql`cart_id = ${cart.id}`)).toBe(0);
  });

  it("refuses guests (401), other customers' and unknown carts (404), and an empty cart (422)", async () => {
    const { cart, pickup } = await readyCart(t.app, resident.token, [{ produto_id: p.id, qtde: 1 }]);
    expect((await checkout(t.app, cart.external_id, undefined, pickup)).status).toBe(401);
    expect((await checkout(t.app, cart.external_id, "not-a-session", pickup)).status).toBe(401);
    const other = await shopper(t.app, t.database.db, "py");
    expect((await checkout(t.app, cart.external_id, other.token, pickup)).status).toBe(404);
    expect((await checkout(t.app, randomUUID(), resident.token, pickup)).status).toBe(404);
    expect((await checkout(t.app, "abc", resident.token, pickup)).status).toBe(422);

    await call(t.app, "PUT", `/ecom/venda/carrinho/${cart.id}`, {
      token: resident.token,
      body: cartBody([{ produto_id: p.id, qtde: 1, ativo: false }], 3, cart.external_id),
    });
    const empty = await checkout(t.app, cart.external_id, resident.token, pickup);
    expect([empty.status, empty.body.message]).toEqual([422, "Seu carrinho está vazio."]);
  });

  it("refuses a delivery service to a foreign customer, even with a token quoted as a guest", async () => {
    const guest = await createCart(t.app, [{ produto_id: p.id, qtde: 1 }], { moeda_id: 2 });
    const options = (await quote(t.app, guest, { cidade_id: resident.cidadeId })).body.data;
    const foreigner = await shopper(t.app, t.database.db, "br");
    expect((await call(t.app, "GET", `/ecom/venda/carrinho/${guest.external_id}?moeda_id=2`, { token: foreigner.token })).status).toBe(200);
    const res = await checkout(t.app, guest.external_id, foreigner.token, courier(options), { cliente_endereco_id: foreigner.addressId });
    expect([res.status, res.body.errors?.entrega_servico_id]).toEqual([422, ["Para clientes estrangeiros a retirada é somente na loja."]]);
    const ok = await checkout(t.app, guest.external_id, foreigner.token, storePickup(options));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.pedido.moeda_id).toBe(2);
  });

  it("answers 409 'Estoque insuficiente' when the stock ran out after the cart was filled", async () => {
    const [r] = await pickProducts(db(), 1, 5);
    const { cart, pickup } = await readyCart(t.app, resident.token, [{ produto_id: r!.id, qtde: 3 }]);
    await setStock(db(), r!.id, 2);
    const res = await checkout(t.app, cart.external_id, resident.token, pickup);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Estoque insuficiente");
    expect(res.body.errors?.["itens.0.qtde"]).toEqual(["Quantidade máxima disponível: 2"]);
    expect(await stockOf(db(), r!.id)).toBe(2);
    expect(await count("pedidos", sql`cart_id = ${cart.id}`)).toBe(0);
  });
});

describe("concurrency", () => {
  it("sells exactly the stock when 50 customers check out the last 10 units at once", { timeout: 120_000 }, async () => {
    const [hot] = await pickProducts(db(), 1, 50);
    const buyers = await manyResidents(t.app, db(), 50);
    const carts: { cart: Cart; pickup: DeliveryOption; token: string }[] = [];
    for (const b of buyers) carts.push({ ...(await readyCart(t.app, b.token, [{ produto_id: hot!.id, qtde: 1 }])), token: b.token });
    await setStock(db(), hot!.id, 10);
    // The product is drawn at random, so an earlier test of this file may have sold it: count only what this one sells.
    const [before] = await queryRows<{ last: number }>(db(), sql`SELECT coalesce(max(id), 0)::int AS last FROM pedidos`);

    const replies: { status: number; body: CheckoutReply }[] = await Promise.all(
      carts.map((c) => checkout(t.app, c.cart.external_id, c.token, c.pickup)),
    );
    const won = replies.filter((r) => r.status === 200);
    const lost = replies.filter((r) => r.status !== 200);
    expect(won).toHaveLength(10);
    expect(lost.every((r) => r.status === 409 && r.body.message === "Estoque insuficiente")).toBe(true);
    expect(lost[0]!.body.errors?.["itens.0.qtde"]).toEqual(["Quantidade máxima disponível: 0"]);
    expect(await stockOf(db(), hot!.id)).toBe(0);
    const sold = await queryRows<{ n: number; q: number }>(
      db(),
      sql`SELECT count(DISTINCT order_id)::int AS n, sum(qtde)::int AS q FROM pedido_itens WHERE produto_id = ${hot!.id} AND order_id > ${before!.last}`,
    );
    expect(sold[0]).toEqual({ n: 10, q: 10 });
    expect(new Set(won.map((r) => r.body.pedido.pedido)).size).toBe(10);
  });
});
