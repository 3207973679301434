import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Order } from "#contract/api/cart.ts";
import { formatPrice } from "#contract/money.ts";
import { queryRows } from "#db/client.ts";
import { call } from "../../tests/support/customers.ts";
import { pickProducts, placeOrder, setStock, shopper, stockOf, type Product } from "../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { signSandboxBody } from "./providers/sandbox.ts";

let t: TestApp;
let p: Product;
let buyer: Awaited<ReturnType<typeof shopper>>;
beforeAll(async () => {
  t = await createTestApp();
  [p] = await pickProducts(t.database.db, 1, 40);
  buyer = await shopper(t.app, t.database.db, "py");
});
afterAll(() => t.close());

const db = () => t.database.db;
const order = () => placeOrder(t.app, buyer.token, [{ produto_id: p.id, qtde: 1 }]);
const decide = (path: string, decision: string) =>
  call(t.app, "POST", path, {
    form: { payload: Buffer.from(`decision=${decision}`), headers: { "content-type": "application/x-www-form-urlencoded" } },
  });
const payments = (externalId: string) =>
  call<{ status: string; pedido: string; codigo_retirada: string; pagamentos: Order["pagamentos"] }>(
    t.app,
    "GET",
    `/ecom/venda/pedidos/${externalId}/buscar-pagamentos`,
    { token: buyer.token },
  );
const state = async (externalId: string) => {
  const res = await payments(externalId);
  return [res.body.status, res.body.pagamentos[0]!.status];
};
const eventBody = (ref: string, status: string, id = `evt_${randomBytes(10).toString("hex")}`) =>
  JSON.stringify({ id, type: "payment.updated", created: Math.floor(Date.now() / 1000), data: { ref, status } });
const webhook = (body: string, signature?: string, provider = "sandbox") =>
  call<{ received?: boolean; result?: string; message?: string }>(t.app, "POST", `/ecom/pagamentos/webhook/${provider}`, {
    headers: { "content-type": "application/json", ...(signature ? { "x-sandbox-signature": signature } : {}) },
    body,
  });
const signed = (body: string, timestamp?: number) => webhook(body, signSandboxBody(t.config.sandboxSecret, body, timestamp));
const events = async () => Number((await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM pagamento_eventos`))[0]!.n);

describe("the sandbox's hosted page", () => {
  it("shows the order's total and lets the buyer approve: 303 to the return URL, order and payment PAGO", async () => {
    const { order: o, path } = await order();
    const page = await call(t.app, "GET", path);
    expect(page.status).toBe(200);
    expect(String(page.headers["content-type"])).toContain("text/html");
    const html = page.raw.toString();
    expect(html).toContain(formatPrice(o.valor_total, o.moeda_id));
    expect(html).toContain(`Pedido ${o.pedido}`);
    expect(html).toContain('value="approve"');

    const res = await decide(path, "approve");
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`/checkout/payment\\?pedido=${o.external_id}$`));
    expect(await state(o.external_id)).toEqual(["PAGO", "PAGO"]);
    const detail = await call<{ data: Order }>(t.app, "GET", `/ecom/venda/pedidos/${o.external_id}`, { token: buyer.token });
    expect(detail.body.data).toMatchObject({ reserva_expira_em: null, link_pagamento: null });
    const after = (await call(t.app, "GET", path)).raw.toString();
    expect(after).toContain("Pagamento aprovado.");
    expect(after).not.toContain('value="approve"');
  });

  it("lets a declined buyer try again and approve", async () => {
    const { order: o, path } = await order();
    const declined = await decide(path, "decline");
    expect([declined.status, declined.headers.location]).toEqual([303, path]);
    expect(await state(o.external_id)).toEqual(["PAGAMENTO", "RECUSADO"]);
    expect((await call(t.app, "GET", path)).raw.toString()).toContain("Pagamento recusado.");
    expect((await decide(path, "approve")).status).toBe(303);
    expect(await state(o.external_id)).toEqual(["PAGO", "PAGO"]);
  });

  it("answers 404 for an unknown payment and 422 for an unknown decision", async () => {
    expect((await call(t.app, "GET", "/pagamento/sandbox/sbx_nope")).status).toBe(404);
    expect((await decide("/pagamento/sandbox/sbx_nope", "approve")).status).toBe(404);
    const { path } = await order();
    expect((await decide(path, "maybe")).status).toBe(422);
    expect((await call(t.app, "POST", path, { body: {} })).status).toBeLessThan(500);
  });
});

describe("POST /ecom/pagamentos/webhook/sandbox", () => {
  it("rejects a missing, wrong, stale or foreign signature with 401 and changes nothing", async () => {
    const { order: o, ref } = await order();
    await db().execute(sql`UPDATE gateway_sandbox SET status = 'approved' WHERE ref = ${ref}`);
    const body = eventBody(ref, "approved");
    const before = await events();
    const stale = Math.floor(Date.now() / 1000) - 3600;
    for (const signature of [
      undefined,
      "t=1,v1=00",
      signSandboxBody("wrong-secret", body),
      signSandboxBody(t.config.sandboxSecret, body, stale),
      "garbage",
    ]) {
      const res = await webhook(body, signature);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Assinatura inválida");
    }
    // A genuine signature over another body does not cover this one.
    expect((await webhook(body.replace("approved", "approved "), signSandboxBody(t.config.sandboxSecret, body))).status).toBe(401);
    expect((await signed("not json")).status).toBe(401);
    expect((await webhook(body, signSandboxBody(t.config.sandboxSecret, body), "pagopar")).status).toBe(404);
    expect(await events()).toBe(before);
    expect(await state(o.external_id)).toEqual(["PAGAMENTO", "AGUARDANDO"]);
    // The same notification, genuinely signed, is applied: the status is read from the gateway.
    expect((await signed(body)).body.result).toBe("paid");
    expect(await state(o.external_id)).toEqual(["PAGO", "PAGO"]);
  });

  it("ignores a replayed notification and an out-of-order decline after the approval", async () => {
    const { order: o, path, ref } = await order();
    expect((await decide(path, "decline")).status).toBe(303);
    const [decline] = await queryRows<{ payload: object }>(db(), sql`SELECT payload FROM pagamento_eventos WHERE payload->'data'->>'ref' = ${ref}`);
    expect((await decide(path, "approve")).status).toBe(303);
    const before = await events();

    const replay = await signed(JSON.stringify(decline!.payload));
    expect([replay.status, replay.body.result]).toEqual([200, "replay"]);
    const late = await signed(eventBody(ref, "declined"));
    expect([late.status, late.body.result]).toEqual([200, "unchanged"]);
    expect(await state(o.external_id)).toEqual(["PAGO", "PAGO"]);
    expect(await events()).toBe(before + 1);
  });

  it("answers 404 for a notification that arrives before its payment is known, and applies its retry later", async () => {
    const { order: o, ref } = await order();
    await db().execute(sql`UPDATE gateway_sandbox SET status = 'approved' WHERE ref = ${ref}`);
    // As in the moment between the gateway creating the payment and the store storing its reference.
    await db().execute(sql`UPDATE pagamentos SET provider_ref = ${`pending-${o.id}`} WHERE order_id = ${o.id}`);
    const body = eventBody(ref, "approved");
    expect((await signed(body)).status).toBe(404);
    await db().execute(sql`UPDATE pagamentos SET provider_ref = ${ref} WHERE order_id = ${o.id}`);
    expect((await signed(body)).body.result).toBe("paid");
    expect(await state(o.external_id)).toEqual(["PAGO", "PAGO"]);
  });
});

describe("reservation expiry", () => {
  const expire = async (orderId: number) => {
    await db().execute(sql`UPDATE pedidos SET reserva_expira_em = now() - interval '1 minute' WHERE id = ${orderId}`);
    expect(await t.app.payments.releaseExpired()).toBeGreaterThanOrEqual(1);
  };

  it("returns the stock of an unpaid order: order CANCELADO, payment EXPIRADO, the page closed", async () => {
    const before = await stockOf(db(), p.id);
    const { order: o, path } = await placeOrder(t.app, buyer.token, [{ produto_id: p.id, qtde: 3 }]);
    expect(await stockOf(db(), p.id)).toBe(before - 3);
    expect(await t.app.payments.releaseExpired()).toBe(0);
    await expire(o.id);
    expect(await stockOf(db(), p.id)).toBe(before);
    expect(await state(o.external_id)).toEqual(["CANCELADO", "EXPIRADO"]);
    expect(await t.app.payments.releaseExpired()).toBe(0);
    expect(await stockOf(db(), p.id)).toBe(before);
    expect((await call(t.app, "GET", path)).raw.toString()).toContain("Este pagamento expirou.");
    expect((await decide(path, "approve")).status).toBe(303);
    expect(await state(o.external_id)).toEqual(["CANCELADO", "EXPIRADO"]);
    const detail = await call<{ data: Order }>(t.app, "GET", `/ecom/venda/pedidos/${o.external_id}`, { token: buyer.token });
    expect(detail.body.data.link_pagamento).toBeNull();
  });

  it("takes the stock again for a late approval, and refunds it (ESTORNADO) when the stock was sold meanwhile", async () => {
    const [r] = await pickProducts(db(), 1, 2);
    const late = await placeOrder(t.app, buyer.token, [{ produto_id: r!.id, qtde: 2 }]);
    await expire(late.order.id);
    expect(await stockOf(db(), r!.id)).toBe(2);
    // The gateway approved before it heard of the expiry.
    await db().execute(sql`UPDATE gateway_sandbox SET status = 'approved' WHERE ref = ${late.ref}`);
    expect((await signed(eventBody(late.ref, "approved"))).body.result).toBe("paid");
    expect(await state(late.order.external_id)).toEqual(["PAGO", "PAGO"]);
    expect(await stockOf(db(), r!.id)).toBe(0);

    await setStock(db(), r!.id, 2);
    const lost = await placeOrder(t.app, buyer.token, [{ produto_id: r!.id, qtde: 2 }]);
    await expire(lost.order.id);
    await placeOrder(t.app, buyer.token, [{ produto_id: r!.id, qtde: 1 }]);
    await db().execute(sql`UPDATE gateway_sandbox SET status = 'approved' WHERE ref = ${lost.ref}`);
    expect((await signed(eventBody(lost.ref, "approved"))).body.result).toBe("refund");
    expect(await state(lost.order.external_id)).toEqual(["ESTORNADO", "ESTORNADO"]);
    expect(await stockOf(db(), r!.id)).toBe(1);
  });

  // Two connections are needed to interleave: PostgreSQL only (TEST_DATABASE_URL).
  it.skipIf(inject("seeded").kind !== "postgres")("never cancels an order that a notification is paying at that moment", async () => {
    const { order: o } = await order();
    const reserved = await stockOf(db(), p.id);
    await db().execute(sql`UPDATE pedidos SET reserva_expira_em = now() - interval '1 minute' WHERE id = ${o.id}`);
    let locked!: () => void;
    let finish!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const mayFinish = new Promise<void>((r) => (finish = r));
    // What handleNotification does for an approval, held open while the sweep runs.
    const paying = db().transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM pedidos WHERE id = ${o.id} FOR UPDATE`);
      locked();
      await mayFinish;
      await tx.execute(sql`UPDATE pagamentos SET status = 'PAGO' WHERE order_id = ${o.id}`);
      await tx.execute(sql`UPDATE pedidos SET status = 'PAGO', reserva_expira_em = NULL WHERE id = ${o.id}`);
    });
    await isLocked;
    const sweep = t.app.payments.releaseExpired();
    await new Promise((r) => setTimeout(r, 300));
    finish();
    await Promise.all([paying, sweep]);
    expect(await state(o.external_id)).toEqual(["PAGO", "PAGO"]);
    expect(await stockOf(db(), p.id)).toBe(reserved);
  });
});
