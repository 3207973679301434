import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#db/client.ts";
import { call } from "../../tests/support/customers.ts";
import { startMercadoPagoDouble, type MercadoPagoDouble } from "../../tests/support/mercadopago-double.ts";
import { pickProducts, readyCart, shopper, stockOf, type Product } from "../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { mercadoPagoManifest, mercadoPagoSignature } from "./providers/mercadopago.ts";

const KEYS = { accessToken: "TEST-0000-mp-access-token", webhookSecret: "mp-webhook-secret-test" };

let t: TestApp;
let mp: MercadoPagoDouble;
let p: Product;
let buyer: Awaited<ReturnType<typeof shopper>>;

beforeAll(async () => {
  mp = await startMercadoPagoDouble({
    ...KEYS,
    notify: async (body, headers, query = "") => {
      const res = await t.app.inject({
        method: "POST",
        url: `/ecom/pagamentos/webhook/mercadopago${query}`,
        headers: { "content-type": "application/json", ...headers },
        payload: body,
      });
      return { status: res.statusCode, body: res.body };
    },
  });
  t = await createTestApp({
    PAYMENT_PROVIDERS: "mercadopago,bancard",
    MERCADOPAGO_ACCESS_TOKEN: KEYS.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: KEYS.webhookSecret,
    MERCADOPAGO_URL: mp.url,
    PAYMENT_TIMEOUT_SECONDS: "1",
    MAX_OPEN_ORDERS_PER_CUSTOMER: "50",
    MAX_OPEN_ORDERS_PER_ADDRESS: "50",
  });
  [p] = await pickProducts(t.database.db, 1, 40);
  buyer = await shopper(t.app, t.database.db, "br");
});
afterAll(async () => {
  await t?.close();
  await mp?.close();
});

const db = () => t.database.db;
const refundKey = () => randomUUID();
const start = async (meio: string, extra: Record<string, unknown> = {}, token = buyer.token) => {
  const { cart, pickup } = await readyCart(t.app, token, [{ produto_id: p.id, qtde: 1 }]);
  const body = {
    token_entrega: pickup.token,
    valor_frete: pickup.valor,
    entrega_servico_id: pickup.entrega_servico_id,
    meio_pagamento: meio,
    ...extra,
  };
  const res = await call<{
    link_pagamento: string[];
    pedido: { id: number; pedido: string; external_id: string; valor_total: string; moeda_id: number };
  }>(t.app, "POST", `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`, { token, body });
  return { res, cart, body };
};
async function order(meio = "mercadopago:pix") {
  const { res } = await start(meio);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [payment] = await queryRows<{ id: number; provider_ref: string; valor_cobrado: string; moeda_cobrada: number }>(
    db(),
    sql`SELECT id, provider_ref, valor_cobrado, moeda_cobrada FROM pagamentos WHERE order_id = ${res.body.pedido.id}`,
  );
  return { link: res.body.link_pagamento[0]!, order: res.body.pedido, payment: payment!, pref: mp.preferences.get(payment!.provider_ref)! };
}
const state = async (externalId: string) => {
  const res = await call<{ status: string; pagamentos: { status: string }[] }>(t.app, "GET", `/ecom/venda/pedidos/${externalId}/buscar-pagamentos`, {
    token: buyer.token,
  });
  return [res.body.status, res.body.pagamentos[0]!.status];
};
const webhook = (n: { query: string; headers: Record<string, string>; body: string }) =>
  t.app.inject({
    method: "POST",
    url: `/ecom/pagamentos/webhook/mercadopago${n.query}`,
    headers: { "content-type": "application/json", ...n.headers },
    payload: n.body,
  });

describe("Mercado Pago x-signature (known answer)", () => {
  it("signs the manifest id;request-id;ts with HMAC-SHA256 as Mercado Pago documents it", () => {
    const manifest = mercadoPagoManifest("1300000001", "bb56a2f1-6aae-46ac-982e-9dcd3581d08e", "1704908010");
    expect(manifest).toBe("id:1300000001;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:1704908010;");
    expect(mercadoPagoSignature("mp-secret", manifest)).toBe("a75315742e1055dae14710f60357faffae405b034b5a9a06f2fd054a6fd46da7");
    expect(mercadoPagoManifest(undefined, undefined, "1")).toBe("ts:1;");
  });
});

describe("paying through Mercado Pago Checkout Pro", () => {
  it("offers a Brazilian buyer card in up to 10x (with CPF), PIX and boleto, and nothing from the Paraguayan gateways", async () => {
    const res = await call<{ data: { id: string; parcelas_max: number; cpf_obrigatorio: boolean }[]; tem_cpf: boolean }>(
      t.app,
      "GET",
      "/ecom/pagamentos/meios",
      { token: buyer.token },
    );
    expect(res.body.data).toEqual([
      { id: "mercadopago:cartao", gateway: "mercadopago", metodo: "cartao", parcelas_max: 10, cpf_obrigatorio: true },
      { id: "mercadopago:pix", gateway: "mercadopago", metodo: "pix", parcelas_max: 1, cpf_obrigatorio: false },
      { id: "mercadopago:boleto", gateway: "mercadopago", metodo: "boleto", parcelas_max: 1, cpf_obrigatorio: false },
    ]);
    expect(res.body.tem_cpf).toBe(true);
  });

  it("creates a preference in reais for the dollar order, and pays once the signed notification is read back", async () => {
    const o = await order("mercadopago:cartao");
    expect(o.link).toBe(`${mp.url}/checkout/v1/redirect?pref_id=${o.pref.id}`);
    expect(o.order.moeda_id).toBe(2);
    expect(o.payment.moeda_cobrada).toBe(1);
    const item = o.pref.body.items[0]!;
    expect([item.currency_id, item.unit_price.toFixed(2)]).toEqual(["BRL", Number(o.payment.valor_cobrado).toFixed(2)]);
    expect(Number(o.payment.valor_cobrado)).toBeGreaterThan(Number(o.order.valor_total));
    expect(o.pref.body.payment_methods.installments).toBe(10);
    expect(o.pref.body.payment_methods.excluded_payment_types.map((x) => x.id)).toContain("ticket");
    expect(o.pref.body.external_reference).toBe(String(o.payment.id));
    expect(o.pref.body.payer?.identification).toEqual({ type: "CPF", number: "52998224725" });
    expect(o.pref.body.notification_url).toMatch(/\/ecom\/pagamentos\/webhook\/mercadopago$/);

    const { delivered } = await mp.pay(o.pref.id, true);
    expect(delivered!.status).toBe(200);
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
  });

  it("records a rejected payment and keeps the order waiting", async () => {
    const o = await order();
    expect(o.pref.body.payment_methods.excluded_payment_types.map((x) => x.id)).toEqual(expect.arrayContaining(["credit_card", "ticket"]));
    await mp.pay(o.pref.id, false);
    expect(await state(o.order.external_id)).toEqual(["PAGAMENTO", "RECUSADO"]);
  });

  it("refuses a notification with a forged, missing or foreign signature, and changes nothing on a replay", async () => {
    const o = await order("mercadopago:boleto");
    const { payment, notification } = await mp.pay(o.pref.id, true, { notify: false });
    const forged = mp.signed(String(payment.id), "not-the-secret");
    expect((await webhook(forged)).statusCode).toBe(401);
    expect((await webhook({ ...notification, headers: { "x-request-id": notification.headers["x-request-id"] } })).statusCode).toBe(401);
    // A genuine signature covers its own data.id only.
    expect((await webhook({ ...notification, query: `?data.id=${payment.id + 1}&type=payment` })).statusCode).toBe(401);
    expect(await state(o.order.external_id)).toEqual(["PAGAMENTO", "AGUARDANDO"]);
    const first = await webhook(notification);
    expect([first.statusCode, first.headers["x-payment-result"]]).toEqual([200, "paid"]);
    const replay = await webhook(notification);
    expect([replay.statusCode, replay.headers["x-payment-result"]]).toEqual([200, "replay"]);
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
  });

  it("refuses a genuine notification signed too long ago or too far ahead, in seconds or milliseconds", async () => {
    const o = await order("mercadopago:boleto");
    const { payment } = await mp.pay(o.pref.id, true, { notify: false });
    const id = String(payment.id);
    const now = Date.now();
    for (const ts of [now - 11 * 60_000, now + 11 * 60_000, Math.floor((now - 11 * 60_000) / 1000), 0]) {
      expect((await webhook(mp.signed(id, undefined, String(ts)))).statusCode, String(ts)).toBe(401);
    }
    expect(await state(o.order.external_id)).toEqual(["PAGAMENTO", "AGUARDANDO"]);
    // A delivery a few minutes late, signed in seconds as the documentation's example is, is taken.
    const late = await webhook(mp.signed(id, undefined, String(Math.floor((now - 4 * 60_000) / 1000))));
    expect([late.statusCode, late.headers["x-payment-result"]]).toEqual([200, "paid"]);
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
  });

  it("flags an approval for another amount or in another currency", async () => {
    const a = await order();
    await mp.pay(a.pref.id, true, { amount: 1 });
    expect(await state(a.order.external_id)).toEqual(["PAGAMENTO", "DIVERGENTE"]);
    const c = await order();
    await mp.pay(c.pref.id, true, { currency: "USD" });
    expect(await state(c.order.external_id)).toEqual(["PAGAMENTO", "DIVERGENTE"]);
  });

  it("asks for a CPF for a card payment when the account has none, and passes it on", async () => {
    const other = await shopper(t.app, db(), "br");
    await db().execute(sql`UPDATE clientes SET documento_tipo = 'Passaporte', documento = 'FX123456' WHERE id = ${other.id}`);
    const meios = await call<{ tem_cpf: boolean }>(t.app, "GET", "/ecom/pagamentos/meios", { token: other.token });
    expect(meios.body.tem_cpf).toBe(false);
    const missing = await start("mercadopago:cartao", {}, other.token);
    expect(missing.res.status).toBe(422);
    expect(missing.res.body).toMatchObject({ errors: { cpf: ["Informe o CPF para pagar com cartão."] } });
    const wrong = await call(t.app, "POST", `/ecom/venda/carrinho/${missing.cart.external_id}/iniciar-checkout`, {
      token: other.token,
      body: { ...missing.body, cpf: "111.111.111-11" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ cpf: ["CPF inválido"] });
    const ok = await call<{ link_pagamento: string[] }>(t.app, "POST", `/ecom/venda/carrinho/${missing.cart.external_id}/iniciar-checkout`, {
      token: other.token,
      body: { ...missing.body, cpf: "529.982.247-25" },
    });
    expect(ok.status).toBe(200);
    const pref = mp.preferences.get(new URL(ok.body.link_pagamento[0]!).searchParams.get("pref_id")!)!;
    expect(pref.body.payer?.identification).toEqual({ type: "CPF", number: "52998224725" });
    // PIX needs no CPF.
    expect((await start("mercadopago:pix", {}, other.token)).res.status).toBe(200);
  });

  it("gives the payment error when Mercado Pago does not answer, keeping the stock; recovers a lost notification by reconciliation", async () => {
    const before = await stockOf(db(), p.id);
    const { cart, pickup } = await readyCart(t.app, buyer.token, [{ produto_id: p.id, qtde: 1 }]);
    mp.stall(true);
    try {
      const res = await t.app.inject({
        method: "POST",
        url: `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`,
        headers: { authorization: `Bearer ${buyer.token}`, "accept-language": "pt-BR" },
        payload: {
          token_entrega: pickup.token,
          valor_frete: pickup.valor,
          entrega_servico_id: pickup.entrega_servico_id,
          meio_pagamento: "mercadopago:pix",
        },
      });
      expect([res.statusCode, res.json().message]).toEqual([502, "Erro ao processar o pagamento"]);
    } finally {
      mp.stall(false);
    }
    expect(await stockOf(db(), p.id)).toBe(before - 1);

    const o = await order();
    await mp.pay(o.pref.id, true, { notify: false });
    expect(await t.app.payments.reconcile(new Date(Date.now() + 10 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
  });

  it("refunds part of a payment, then the rest: the order ends ESTORNADO", async () => {
    const o = await order();
    const { payment } = await mp.pay(o.pref.id, true);
    const charged = Number(o.payment.valor_cobrado);
    // A quarter of the order's dollars goes back as its share of the reais charged.
    const dollars = Math.floor(Number(o.order.valor_total) * 25) / 100;
    const part = await t.app.payments.refund({ orderId: o.order.id, key: refundKey(), amount: dollars.toFixed(2), reason: "defeito", author: null });
    expect([part.refund.status, part.whole]).toEqual(["feito", false]);
    const share = Math.floor((dollars * charged * 100) / Number(o.order.valor_total)) / 100;
    expect(mp.payments.get(payment.id)!.transaction_amount_refunded).toBe(share);
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
    await expect(
      t.app.payments.refund({ orderId: o.order.id, key: refundKey(), amount: o.order.valor_total, reason: "outro", author: null }),
    ).rejects.toMatchObject({ statusCode: 422 });
    const rest = await t.app.payments.refund({ orderId: o.order.id, key: refundKey(), reason: "desistencia", author: null });
    expect([rest.refund.status, rest.whole, rest.refund.valor_gateway]).toEqual(["feito", true, (charged - share).toFixed(2)]);
    expect(mp.payments.get(payment.id)!.status).toBe("refunded");
    expect(await state(o.order.external_id)).toEqual(["ESTORNADO", "ESTORNADO"]);
  });
});

describe("a Mercado Pago refund that is not settled at once (decision 037)", () => {
  const itemOf = async (orderId: number) =>
    (await queryRows<{ id: number }>(db(), sql`SELECT id FROM pedido_itens WHERE order_id = ${orderId} ORDER BY id LIMIT 1`))[0]!.id;
  const refundsAt = (paymentId: number) => [...mp.refunds.values()].filter((r) => r.payment_id === paymentId);
  const row = async (id: number) =>
    (await queryRows<{ status: string; resposta: string | null }>(db(), sql`SELECT status, resposta FROM estornos WHERE id = ${id}`))[0]!;

  it("stays pendente when Mercado Pago makes it but its answer comes too late; asked again, it is applied once with its stock", async () => {
    const o = await order();
    const { payment } = await mp.pay(o.pref.id, true);
    const stock = await stockOf(db(), p.id);
    const lines = [{ item_id: await itemOf(o.order.id), qtde: 1 }];
    mp.late(1_500, /^POST \/v1\/payments\/\d+\/refunds$/);
    let first;
    try {
      first = await t.app.payments.refund({ orderId: o.order.id, key: refundKey(), lines, restock: true, reason: "defeito", author: null });
    } finally {
      mp.late(0);
    }
    // The money moved at Mercado Pago; the store cannot know yet: nothing to the stock, the order still paid.
    expect(first.refund.status).toBe("pendente");
    expect(first.refund.resposta).toMatch(/^unknown: mercadopago: refund failed/);
    expect(refundsAt(payment.id)).toHaveLength(1);
    expect(await stockOf(db(), p.id)).toBe(stock);
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
    // A second refund cannot take the amount the pending one holds.
    await expect(
      t.app.payments.refund({ orderId: o.order.id, key: refundKey(), amount: o.order.valor_total, reason: "outro", author: null }),
    ).rejects.toMatchObject({ statusCode: 422 });

    const checked = await t.app.payments.recheckRefund(o.order.id, first.refund.id, { author: null });
    expect([checked.refund.status, checked.settled, checked.whole]).toEqual(["feito", true, true]);
    // Asked again under the same key: Mercado Pago answered the refund it had made, and made no second one.
    expect(refundsAt(payment.id)).toHaveLength(1);
    expect(await stockOf(db(), p.id)).toBe(stock + 1);
    expect(await state(o.order.external_id)).toEqual(["ESTORNADO", "ESTORNADO"]);
    const again = await t.app.payments.recheckRefund(o.order.id, first.refund.id, { author: null });
    expect(again.settled).toBe(false);
    expect(await stockOf(db(), p.id)).toBe(stock + 1);
  });

  it("waits for a refund Mercado Pago has in process: its notification settles it once, or releases it when rejected", async () => {
    const o = await order();
    const { payment } = await mp.pay(o.pref.id, true);
    const stock = await stockOf(db(), p.id);
    const lines = [{ item_id: await itemOf(o.order.id), qtde: 1 }];
    mp.refundMode.status = "in_process";
    let pending;
    try {
      pending = await t.app.payments.refund({ orderId: o.order.id, key: refundKey(), lines, restock: true, reason: "defeito", author: null });
    } finally {
      mp.refundMode.status = "approved";
    }
    expect([pending.refund.status, pending.refund.resposta]).toEqual(["pendente", "gateway_pending"]);
    const mails = () =>
      queryRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM emails_saida WHERE assunto LIKE ${`Estorno do pedido ${o.order.pedido} %`}`,
      ).then((r) => r[0]!.n);
    // Rejected by Mercado Pago later: the notification releases it; nothing was applied.
    const [mpRefund] = refundsAt(payment.id);
    expect((await mp.settleRefund(mpRefund!.id, "rejected"))!.status).toBe(200);
    expect((await row(pending.refund.id)).status).toBe("recusado");
    expect(await stockOf(db(), p.id)).toBe(stock);
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);

    // The same lines can be refunded again; in process, then approved: applied once, even if notified twice.
    mp.refundMode.status = "in_process";
    let second;
    try {
      second = await t.app.payments.refund({ orderId: o.order.id, key: refundKey(), lines, restock: true, reason: "defeito", author: null });
    } finally {
      mp.refundMode.status = "approved";
    }
    expect(second.refund.status).toBe("pendente");
    const latest = refundsAt(payment.id).at(-1)!;
    await Promise.all([mp.settleRefund(latest.id, "approved"), mp.settleRefund(latest.id, "approved")]);
    expect((await row(second.refund.id)).status).toBe("feito");
    // The buyer hears of it once, when Mercado Pago has made it (not when it was asked, nor when it was rejected).
    expect(await mails()).toBe(1);
    expect(await stockOf(db(), p.id)).toBe(stock + 1);
    expect(await state(o.order.external_id)).toEqual(["ESTORNADO", "ESTORNADO"]);
    const events = await queryRows<{ status: string }>(
      db(),
      sql`SELECT dados->>'status' AS status FROM pedido_eventos WHERE order_id = ${o.order.id} AND tipo = 'estorno' ORDER BY id`,
    );
    expect(events.map((e) => e.status)).toEqual(["pendente", "recusado", "pendente", "feito"]);
  });

  it("asks again about a refund in process whose notification never comes, when the payments are reconciled", async () => {
    const o = await order();
    const { payment } = await mp.pay(o.pref.id, true);
    mp.refundMode.status = "in_process";
    let pending;
    try {
      pending = await t.app.payments.refund({ orderId: o.order.id, key: refundKey(), reason: "desistencia", author: null });
    } finally {
      mp.refundMode.status = "approved";
    }
    expect(pending.refund.status).toBe("pendente");
    // Not due yet: asked again only once it has waited.
    await t.app.payments.reconcile(new Date());
    expect((await row(pending.refund.id)).status).toBe("pendente");
    await t.app.payments.reconcile(new Date(Date.now() + 10 * 60_000));
    expect((await row(pending.refund.id)).status).toBe("pendente");
    await mp.settleRefund(refundsAt(payment.id)[0]!.id, "approved", { notify: false });
    await t.app.payments.reconcile(new Date(Date.now() + 20 * 60_000));
    expect((await row(pending.refund.id)).status).toBe("feito");
    expect(await state(o.order.external_id)).toEqual(["ESTORNADO", "ESTORNADO"]);
  });
});
