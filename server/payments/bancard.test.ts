import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#db/client.ts";
import { startBancardDouble, type BancardDouble } from "../../tests/support/bancard-double.ts";
import { call } from "../../tests/support/customers.ts";
import { checkout, pickProducts, placeOrder, readyCart, shopper, stockOf, type Product } from "../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { bancardAmount, bancardTokens } from "./providers/bancard.ts";

const KEYS = { publicKey: "bancard-public-test", privateKey: "bancard-private-test" };

let t: TestApp;
let bancard: BancardDouble;
let p: Product;
let buyer: Awaited<ReturnType<typeof shopper>>;

beforeAll(async () => {
  bancard = await startBancardDouble({
    ...KEYS,
    notify: async (body, headers) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/ecom/pagamentos/webhook/bancard",
        headers: { "content-type": "application/json", ...headers },
        payload: body,
      });
      return { status: res.statusCode, body: res.body };
    },
  });
  t = await createTestApp({
    PAYMENT_PROVIDERS: "bancard",
    BANCARD_PUBLIC_KEY: KEYS.publicKey,
    BANCARD_PRIVATE_KEY: KEYS.privateKey,
    BANCARD_URL: bancard.url,
    PAYMENT_TIMEOUT_SECONDS: "1",
    MAX_OPEN_ORDERS_PER_CUSTOMER: "50",
    MAX_OPEN_ORDERS_PER_ADDRESS: "50",
  });
  [p] = await pickProducts(t.database.db, 1, 40);
  buyer = await shopper(t.app, t.database.db, "py");
});
afterAll(async () => {
  await t?.close();
  await bancard?.close();
});

const db = () => t.database.db;
const refundKey = () => randomUUID();
/** An order paid through Bancard: its payment row and Bancard's shop_process_id. */
async function order(qtde = 1) {
  const placed = await placeOrder(t.app, buyer.token, [{ produto_id: p.id, qtde }]);
  const [payment] = await queryRows<{ id: number; provider_ref: string; valor_total: string }>(
    db(),
    sql`SELECT id, provider_ref, valor_total FROM pagamentos WHERE order_id = ${placed.order.id}`,
  );
  return { ...placed, payment: payment!, spid: payment!.provider_ref };
}
const state = async (externalId: string) => {
  const res = await call<{ status: string; pagamentos: { status: string }[] }>(t.app, "GET", `/ecom/venda/pedidos/${externalId}/buscar-pagamentos`, {
    token: buyer.token,
  });
  return [res.body.status, res.body.pagamentos[0]!.status];
};
const webhook = (body: string) =>
  t.app.inject({ method: "POST", url: "/ecom/pagamentos/webhook/bancard", headers: { "content-type": "application/json" }, payload: body });

describe("Bancard tokens (known answers)", () => {
  it("computes each MD5 token as Bancard's connectors document it", () => {
    expect(bancardAmount("150000")).toBe("150000.00");
    expect(bancardTokens.singleBuy("priv-key", "1234", "150000.00", "PYG")).toBe("69c0464b4a83a4b8cc98ce282d0084a0");
    expect(bancardTokens.confirm("priv-key", "1234", "150000.00", "PYG")).toBe("2f69b309c3870e35081d9e48c15f03e6");
    expect(bancardTokens.getConfirmation("priv-key", "1234")).toBe("a321461e0aa53c037dc743d70b83bb26");
    expect(bancardTokens.rollback("priv-key", "1234")).toBe("ef11dbdbc9c1a877014c19a4cef461bd");
  });
});

describe("paying through Bancard vPOS", () => {
  it("sends the buyer to Bancard's page with the process_id; an approval confirmed and read back pays the order", async () => {
    const o = await order();
    const link = new URL(o.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${bancard.url}/payment/single_buy`);
    const process = bancard.processes.get(o.spid)!;
    expect(link.searchParams.get("process_id")).toBe(process.processId);
    // Bancard was asked for the order's total in guaraníes, with two decimals.
    expect([process.amount, process.currency]).toEqual([bancardAmount(o.order.valor_total), "PYG"]);
    const page = await fetch(o.link);
    expect(await page.text()).toContain(process.amount);

    const { delivered } = await bancard.pay(o.spid, true);
    expect(delivered!.status).toBe(200);
    // Bancard expects {"status":"success"} in answer to its confirmation.
    expect(JSON.parse(delivered!.body)).toEqual({ status: "success" });
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
    // The stored confirmation keeps what happened, not its token (with it, the confirmation could be sent again).
    const [event] = await queryRows<{ payload: { operation: Record<string, unknown> } }>(
      db(),
      sql`SELECT payload FROM pagamento_eventos WHERE provider = 'bancard' AND event_id LIKE ${`confirm:${o.spid}:%`}`,
    );
    expect(event?.payload.operation).toMatchObject({ shop_process_id: o.spid, response: "S", amount: process.amount });
    expect(JSON.stringify(event?.payload)).not.toMatch(/token/i);
  });

  it("records a declined card: the order still waits for payment with its stock", async () => {
    const before = await stockOf(db(), p.id);
    const o = await order();
    await bancard.pay(o.spid, false);
    expect(await state(o.order.external_id)).toEqual(["PAGAMENTO", "RECUSADO"]);
    expect(await stockOf(db(), p.id)).toBe(before - 1);
  });

  it("pays again after a decline through a new Bancard process, from checkout or from the order's pay-now link", async () => {
    const o = await order();
    await bancard.pay(o.spid, false);
    expect(await state(o.order.external_id)).toEqual(["PAGAMENTO", "RECUSADO"]);
    // Pay now: a new single_buy with the next shop_process_id, its own page; the declined process is left alone.
    const res = await t.app.inject({
      method: "GET",
      url: `/ecom/venda/pedidos/${o.order.external_id}/pagar`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.statusCode).toBe(303);
    const [again] = await queryRows<{ provider_ref: string; status: string; link: string }>(
      db(),
      sql`SELECT provider_ref, status, link FROM pagamentos WHERE id = ${o.payment.id}`,
    );
    expect(again!.provider_ref).not.toBe(o.spid);
    expect(res.headers.location).toBe(again!.link);
    expect(new URL(again!.link).searchParams.get("process_id")).toBe(bancard.processes.get(again!.provider_ref)!.processId);
    expect(again!.status).toBe("AGUARDANDO");
    // Asked again before paying, the same page: no second charge.
    const twice = await checkout(
      t.app,
      o.cart.external_id,
      buyer.token,
      (await readyCart(t.app, buyer.token, [{ produto_id: p.id, qtde: 1 }])).pickup,
    );
    expect([twice.status, twice.body.link_pagamento?.[0]]).toEqual([200, again!.link]);
    await bancard.pay(again!.provider_ref, true);
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
    // Paid: pay now leads back to the order.
    const after = await t.app.inject({
      method: "GET",
      url: `/ecom/venda/pedidos/${o.order.external_id}/pagar`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect([after.statusCode, after.headers.location]).toEqual([303, `/pedido/${o.order.external_id}`]);
  });

  it("refuses a forged confirmation (wrong token) with 401, and does not trust a genuine one the status read contradicts", async () => {
    const o = await order();
    const process = bancard.processes.get(o.spid)!;
    const forged = { ...bancard.confirmation(process, true), token: bancardTokens.confirm("not-the-key", o.spid, process.amount, "PYG") };
    const res = await webhook(JSON.stringify({ operation: forged }));
    expect(res.statusCode).toBe(401);
    // A gateway sends no language: the store's default one.
    expect(res.json().message).toBe("Assinatura inválida");
    expect((await webhook("not json")).statusCode).toBe(401);
    // Signed, but Bancard itself has no confirmation for this process: nothing is paid.
    const unread = await webhook(JSON.stringify({ operation: bancard.confirmation(process, true) }));
    expect([unread.statusCode, unread.headers["x-payment-result"]]).toEqual([200, "unchanged"]);
    expect(await state(o.order.external_id)).toEqual(["PAGAMENTO", "AGUARDANDO"]);
  });

  it("changes nothing on a replayed confirmation", async () => {
    const o = await order();
    const { body, delivered } = await bancard.pay(o.spid, true);
    expect(delivered!.status).toBe(200);
    const again = await webhook(body);
    expect([again.statusCode, again.headers["x-payment-result"]]).toEqual([200, "replay"]);
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
  });

  it("flags, and does not pay, an approval for another amount or in another currency", async () => {
    const wrongAmount = await order();
    const a = await bancard.pay(wrongAmount.spid, true, { amount: "1000.00" });
    expect(a.delivered!.status).toBe(200);
    const [amountRow] = await queryRows<{ status: string; divergencia: string }>(
      db(),
      sql`SELECT status, divergencia FROM pagamentos WHERE id = ${wrongAmount.payment.id}`,
    );
    expect(amountRow).toMatchObject({ status: "DIVERGENTE" });
    expect(amountRow!.divergencia).toContain("amount 1000.00");
    expect(await state(wrongAmount.order.external_id)).toEqual(["PAGAMENTO", "DIVERGENTE"]);

    const wrongCurrency = await order();
    const process = bancard.processes.get(wrongCurrency.spid)!;
    await bancard.pay(wrongCurrency.spid, true, { currency: "USD", amount: process.amount });
    expect(await state(wrongCurrency.order.external_id)).toEqual(["PAGAMENTO", "DIVERGENTE"]);
    // A later genuine notification does not turn a flagged payment into a paid one.
    await bancard.pay(wrongCurrency.spid, true);
    expect(await state(wrongCurrency.order.external_id)).toEqual(["PAGAMENTO", "DIVERGENTE"]);
  });

  it("answers the payment error, not a 500, when Bancard does not answer; the stock stays reserved and a retry gets the link", async () => {
    const before = await stockOf(db(), p.id);
    const { cart, pickup } = await readyCart(t.app, buyer.token, [{ produto_id: p.id, qtde: 2 }]);
    bancard.stall(true);
    try {
      const res = await t.app.inject({
        method: "POST",
        url: `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`,
        headers: { authorization: `Bearer ${buyer.token}`, "accept-language": "es-PY" },
        payload: { token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: pickup.entrega_servico_id },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe("Error al procesar el pago");
    } finally {
      bancard.stall(false);
    }
    expect(await stockOf(db(), p.id)).toBe(before - 2);
    const retry = await checkout(t.app, cart.external_id, buyer.token, pickup);
    expect(retry.status).toBe(200);
    expect(retry.body.link_pagamento[0]).toContain(`${bancard.url}/payment/single_buy?process_id=`);
    expect(await stockOf(db(), p.id)).toBe(before - 2);
  });

  it("answers 503 to a confirmation whose status read times out, so Bancard sends it again", async () => {
    const o = await order();
    const { body } = await bancard.pay(o.spid, true, { notify: false });
    bancard.stall(true);
    try {
      expect((await webhook(body)).statusCode).toBe(503);
    } finally {
      bancard.stall(false);
    }
    const again = await webhook(body);
    expect([again.statusCode, again.headers["x-payment-result"]]).toEqual([200, "paid"]);
  });

  it("recovers a lost confirmation through reconciliation, a few minutes later", async () => {
    const o = await order();
    await bancard.pay(o.spid, true, { notify: false });
    // Too recent: left for its notification.
    await t.app.payments.reconcile();
    expect(await state(o.order.external_id)).toEqual(["PAGAMENTO", "AGUARDANDO"]);
    expect(await t.app.payments.reconcile(new Date(Date.now() + 10 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
  });

  it("rolls back an abandoned charge when the reservation runs out", async () => {
    const o = await order();
    await db().execute(sql`UPDATE pedidos SET reserva_expira_em = now() - interval '1 minute' WHERE id = ${o.order.id}`);
    const calls = bancard.calls.length;
    expect(await t.app.payments.releaseExpired()).toBeGreaterThanOrEqual(1);
    const rollback = bancard.calls.slice(calls).find((c) => c.path === "/vpos/api/0.3/single_buy/rollback");
    expect(JSON.parse(rollback!.body)).toMatchObject({
      operation: { shop_process_id: o.spid, token: bancardTokens.rollback(KEYS.privateKey, o.spid) },
    });
    expect(await state(o.order.external_id)).toEqual(["CANCELADO", "EXPIRADO"]);
  });

  it("refunds a paid charge whole by rolling it back; a partial refund is not Bancard's to do", async () => {
    const o = await order();
    await bancard.pay(o.spid, true);
    const part = await t.app.payments.refund({ orderId: o.order.id, key: refundKey(), amount: "1", reason: "outro", author: null });
    expect(part.refund.status).toBe("fora_da_loja");
    expect(bancard.processes.get(o.spid)!.status).not.toBe("rolled_back");
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
    const other = await order();
    await bancard.pay(other.spid, true);
    const whole = await t.app.payments.refund({ orderId: other.order.id, key: refundKey(), reason: "defeito", author: null });
    expect([whole.refund.status, whole.whole]).toEqual(["feito", true]);
    expect(bancard.processes.get(other.spid)!.status).toBe("rolled_back");
    expect(await state(other.order.external_id)).toEqual(["ESTORNADO", "ESTORNADO"]);
    await expect(t.app.payments.refund({ orderId: other.order.id, key: refundKey(), reason: "outro", author: null })).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it("leaves a rollback Bancard carried out but answered too late pendente; Bancard cannot be asked, a member settles it (decision 037)", async () => {
    const o = await order();
    await bancard.pay(o.spid, true);
    bancard.late(1_500, /rollback$/);
    let pending;
    try {
      pending = await t.app.payments.refund({ orderId: o.order.id, key: refundKey(), reason: "defeito", author: null });
    } finally {
      bancard.late(0);
    }
    expect(pending.refund.status).toBe("pendente");
    expect(bancard.processes.get(o.spid)!.status).toBe("rolled_back");
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
    await expect(t.app.payments.recheckRefund(o.order.id, pending.refund.id, { author: null })).rejects.toMatchObject({
      statusCode: 409,
      messageKey: "refund_check_unsupported",
    });
    const settled = await t.app.payments.settleRefundByHand(o.order.id, pending.refund.id, true, "Anulación visible en el portal", { author: null });
    expect([settled.refund.status, settled.refund.resposta, settled.whole]).toEqual(["feito", "manual: Anulación visible en el portal", true]);
    expect(await state(o.order.external_id)).toEqual(["ESTORNADO", "ESTORNADO"]);
  });
});
