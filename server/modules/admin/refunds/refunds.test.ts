import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Refund, RefundableOrder } from "#contract/api/admin/refunds.ts";
import { formatPrice } from "#contract/money.ts";
import { queryRows } from "#db/client.ts";
import { call } from "../../../../tests/support/customers.ts";
import { pdfText } from "../../../../tests/support/pdf-text.ts";
import { pickProducts, placeOrder, shopper, stockOf, type Product } from "../../../../tests/support/shop.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import type { AdminOrder } from "#contract/api/admin/orders.ts";
import type { Order, OrderPayments } from "#contract/api/cart.ts";
import { enableMetrics } from "../../../observability/metrics.ts";
import { GatewayError, type PaymentProvider } from "../../../payments/provider.ts";
import { signSandboxBody } from "../../../payments/providers/sandbox.ts";

let t: TestApp;
let p: Product;
let q: Product;
let r: Product;
let buyer: Awaited<ReturnType<typeof shopper>>;
let manager: StaffAgent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  [p, q, r] = await pickProducts(t.database.db, 3, 200);
  buyer = await shopper(t.app, t.database.db, "py");
  manager = await staffAgent(t.app, t.database.db, "manager");
});
afterAll(() => t.close());

const db = () => t.database.db;
const key = () => randomUUID();
type Answer = { message: string; data: Refund; errors?: Record<string, string[]> };

/** An order of the buyer, paid on the sandbox's page: its lines by product. */
async function paidOrder(lines = [{ produto_id: p.id, qtde: 3 }], pay = true) {
  const placed = await placeOrder(t.app, buyer.token, lines);
  if (pay) {
    const res = await call(t.app, "POST", placed.path, {
      form: { payload: Buffer.from("decision=approve"), headers: { "content-type": "application/x-www-form-urlencoded" } },
    });
    expect(res.status).toBe(303);
  }
  const items = await queryRows<{ id: number; produto_id: number; qtde: number; valor_unitario: string }>(
    db(),
    sql`SELECT id, produto_id, qtde, valor_unitario FROM pedido_itens WHERE order_id = ${placed.order.id} ORDER BY id`,
  );
  const item = (product: Product) => items.find((i) => i.produto_id === product.id)!;
  return { ...placed, id: placed.order.id, item };
}
const refund = (orderId: number, body: Record<string, unknown>, agent: StaffAgent = manager) =>
  asStaff<Answer>(t.app, agent, "POST", `/api/admin/orders/${orderId}/refunds`, { body: { motivo: "defeito", chave: key(), ...body } });
const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(db(), query))[0]!;
const orderState = (id: number) =>
  one<{ status: string; pay: string; estornado: string }>(
    sql`SELECT o.status, g.status AS pay, g.valor_estornado AS estornado FROM pedidos o JOIN pagamentos g ON g.order_id = o.id WHERE o.id = ${id}`,
  );
const sandboxOf = (ref: string) =>
  one<{ status: string; valor_estornado: string }>(sql`SELECT status, valor_estornado FROM gateway_sandbox WHERE ref = ${ref}`);
const count = async (query: ReturnType<typeof sql>) => Number((await one<{ n: number }>(query)).n);

describe("a refund from the back office", () => {
  it("is counted in the metrics once made, partial or whole, and the order once refunded whole", async () => {
    const metrics = enableMetrics({ version: "test", commit: "test" });
    const counted = async (name: string, labels: Record<string, string>) =>
      (await metrics.registry.getSingleMetric(name)!.get()).values
        .filter((v) => Object.entries(labels).every(([k, want]) => String((v.labels as Record<string, unknown>)[k]) === want))
        .reduce((sum, v) => sum + v.value, 0);
    const o = await paidOrder([{ produto_id: p.id, qtde: 2 }]);
    const line = o.item(p);
    expect((await refund(o.id, { linhas: [{ item_id: line.id, qtde: 1 }] })).status).toBe(200);
    const mine = { currency: "PYG", gateway: "sandbox" };
    expect(await counted("store_refunds_total", { kind: "partial", ...mine })).toBe(1);
    expect(await counted("store_orders_total", { event: "refunded", ...mine })).toBe(0);
    expect((await refund(o.id, { linhas: [{ item_id: line.id, qtde: 1 }] })).status).toBe(200);
    expect(await counted("store_refunds_total", { kind: "whole", ...mine })).toBe(1);
    expect(await counted("store_refunds_total", { kind: "partial", ...mine })).toBe(1);
    expect(await counted("store_orders_total", { event: "refunded", ...mine })).toBe(1);
  });

  it("gives one line back with restock through the sandbox: its stock, the timeline, the audit log and the customer's e-mail", async () => {
    const o = await paidOrder([
      { produto_id: p.id, qtde: 3 },
      { produto_id: q.id, qtde: 1 },
    ]);
    const before = await stockOf(db(), p.id);
    const line = o.item(p);
    const res = await refund(o.id, { linhas: [{ item_id: line.id, qtde: 2 }], devolver_estoque: "on", nota: "Caixa amassada" });
    const amount = (Number(line.valor_unitario) * 2).toFixed(2);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`Estorno de ${formatPrice(amount, o.order.moeda_id)} feito pelo gateway.`);
    expect(res.body.data).toMatchObject({ status: "feito", valor: amount, estoque_devolvido: [{ item_id: line.id, qtde: 2 }] });
    expect(await stockOf(db(), p.id)).toBe(before + 2);
    expect(await stockOf(db(), q.id)).toBe((await stockOf(db(), q.id)) + 0);
    expect(await sandboxOf(o.ref)).toEqual({ status: "approved", valor_estornado: amount });
    // Part of the order: it stays paid.
    expect(await orderState(o.id)).toEqual({ status: "PAGO", pay: "PAGO", estornado: amount });
    const event = await one<{ autor: string; dados: { valor: string; motivo: string; linhas: unknown } }>(
      sql`SELECT autor, dados FROM pedido_eventos WHERE order_id = ${o.id} AND tipo = 'estorno'`,
    );
    expect(event).toMatchObject({ autor: "Teste manager", dados: { valor: amount, motivo: "defeito", linhas: [{ item_id: line.id, qtde: 2 }] } });
    expect(await count(sql`SELECT count(*)::int AS n FROM auditoria WHERE acao = 'estornar' AND entidade_id = ${String(o.id)}`)).toBe(1);
    const mail = await one<{ assunto: string; texto: string; para: string }>(
      sql`SELECT assunto, texto, para FROM emails_saida WHERE assunto LIKE ${`%${o.order.pedido}%`} ORDER BY id DESC`,
    );
    // The buyer reads Spanish (a Paraguayan account).
    expect(mail.assunto).toContain(`Reembolso del pedido ${o.order.pedido}`);
    expect(mail.texto).toContain(formatPrice(amount, o.order.moeda_id));
    // The form's order: what is left of each line and of the total.
    const form = await asStaff<{ data: RefundableOrder }>(t.app, manager, "GET", `/api/admin/orders/${o.id}/refunds`);
    expect(form.body.data.linhas.find((l) => l.item_id === line.id)).toMatchObject({ qtde_estornada: 2, qtde_devolvida: 2 });
    expect(form.body.data.estornos).toHaveLength(1);
  });

  it("applies the same key once, pressed twice one after the other or at once", async () => {
    const o = await paidOrder();
    const before = await stockOf(db(), p.id);
    const body = { linhas: [{ item_id: o.item(p).id, qtde: 1 }], devolver_estoque: true, chave: key() };
    const [a, b] = await Promise.all([refund(o.id, body), refund(o.id, body)]);
    const c = await refund(o.id, body);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.data.id, b.body.data.id, c.body.data.id]).size).toBe(1);
    expect(await stockOf(db(), p.id)).toBe(before + 1);
    expect(await count(sql`SELECT count(*)::int AS n FROM estornos WHERE order_id = ${o.id}`)).toBe(1);
    expect((await sandboxOf(o.ref)).valor_estornado).toBe(o.item(p).valor_unitario);
    expect(await count(sql`SELECT count(*)::int AS n FROM pedido_eventos WHERE order_id = ${o.id} AND tipo = 'estorno'`)).toBe(1);
  });

  it("caps lines and amounts at what is left, with the field's message", async () => {
    const o = await paidOrder();
    const line = o.item(p);
    const over = await refund(o.id, { linhas: [{ item_id: line.id, qtde: 4 }] });
    expect([over.status, over.body.errors?.["linhas.0.qtde"]]).toEqual([422, ["Passa da quantidade que ainda pode ser estornada (3)."]]);
    const tooMuch = await refund(o.id, { valor: (Number(o.order.valor_total) + 1).toFixed(0) });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors?.valor?.[0]).toBe(
      `O valor passa do que ainda pode ser estornado (${formatPrice(o.order.valor_total, o.order.moeda_id)}).`,
    );
    expect((await refund(o.id, {})).body.message).toBe("Escolha itens, o frete ou um valor para estornar.");
    expect((await refund(o.id, { frete: true })).body.errors?.frete).toEqual(["Não há frete a estornar neste pedido."]);
    expect((await refund(o.id, { linhas: [{ item_id: 999_999, qtde: 1 }] })).body.errors?.["linhas.0.item_id"]).toEqual([
      "Este item não é deste pedido.",
    ]);
    expect((await refund(o.id, { valor: "1.234" })).status).toBe(422);
    expect((await refund(o.id, { motivo: "porque sim" })).status).toBe(422);
    // Two units now, then only one is left of the line.
    expect((await refund(o.id, { linhas: [{ item_id: line.id, qtde: 2 }] })).status).toBe(200);
    expect((await refund(o.id, { linhas: [{ item_id: line.id, qtde: 2 }] })).body.errors?.["linhas.0.qtde"]).toEqual([
      "Passa da quantidade que ainda pode ser estornada (1).",
    ]);
    expect(await count(sql`SELECT count(*)::int AS n FROM estornos WHERE order_id = ${o.id}`)).toBe(1);
  });

  it("refunds a handed-over order whole: ESTORNADO, closed to another refund; an unpaid order is refused", async () => {
    const o = await paidOrder();
    await db().execute(sql`UPDATE pedidos SET status_entrega = 'retirado' WHERE id = ${o.id}`);
    const res = await refund(o.id, { valor: o.order.valor_total, motivo: "desistencia" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await orderState(o.id)).toEqual({ status: "ESTORNADO", pay: "ESTORNADO", estornado: o.order.valor_total });
    expect((await sandboxOf(o.ref)).status).toBe("refunded");
    // A return: the handed-over order keeps its fulfilment status.
    expect((await one<{ s: string }>(sql`SELECT status_entrega AS s FROM pedidos WHERE id = ${o.id}`)).s).toBe("retirado");
    const again = await refund(o.id, { valor: "1" });
    expect([again.status, again.body.message]).toEqual([409, "Este pedido já foi estornado por inteiro ou cancelado."]);
    const unpaid = await paidOrder(undefined, false);
    expect((await refund(unpaid.id, { valor: "1" })).body.message).toBe("Só um pedido pago pode ser estornado.");
  });

  it("cancels an order refunded whole before the buyer had it: its fulfilment ends cancelado, on the timeline", async () => {
    const o = await paidOrder();
    const res = await refund(o.id, { valor: o.order.valor_total, motivo: "desistencia" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await one<{ s: string }>(sql`SELECT status_entrega AS s FROM pedidos WHERE id = ${o.id}`)).s).toBe("cancelado");
    const moves = await queryRows<{ para: string }>(
      db(),
      sql`SELECT dados->>'para' AS para FROM pedido_eventos WHERE order_id = ${o.id} AND tipo = 'status_entrega'`,
    );
    expect(moves).toEqual([{ para: "cancelado" }]);
  });

  it("changes nothing when the gateway refuses, and says why", async () => {
    const o = await paidOrder();
    // Given back already in the gateway's own portal: the sandbox refuses, as a real gateway would.
    await db().execute(sql`UPDATE gateway_sandbox SET status = 'refunded', valor_estornado = valor WHERE ref = ${o.ref}`);
    const before = await stockOf(db(), p.id);
    const mails = await count(sql`SELECT count(*)::int AS n FROM emails_saida`);
    const res = await refund(o.id, { linhas: [{ item_id: o.item(p).id, qtde: 1 }], devolver_estoque: true });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^O gateway recusou o estorno: sandbox: payment refunded, nothing to refund\. Nada foi alterado\.$/);
    expect(await stockOf(db(), p.id)).toBe(before);
    expect(await orderState(o.id)).toEqual({ status: "PAGO", pay: "PAGO", estornado: "0.00" });
    expect(await one(sql`SELECT qtde_estornada, qtde_devolvida FROM pedido_itens WHERE id = ${o.item(p).id}`)).toEqual({
      qtde_estornada: 0,
      qtde_devolvida: 0,
    });
    expect(await count(sql`SELECT count(*)::int AS n FROM emails_saida`)).toBe(mails);
    expect((await one<{ status: string }>(sql`SELECT status FROM estornos WHERE order_id = ${o.id}`)).status).toBe("recusado");
  });

  it("records the refund as made outside the store where the order's gateway cannot refund", async () => {
    const o = await paidOrder();
    // Paid through a gateway this shop no longer runs.
    await db().execute(sql`UPDATE pagamentos SET provider = 'bancard' WHERE order_id = ${o.id}`);
    const res = await refund(o.id, { valor: "1", motivo: "outro", nota: "Devolvido em dinheiro no balcão" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`Estorno de ${formatPrice("1", o.order.moeda_id)} registrado como feito fora da loja.`);
    expect(res.body.data).toMatchObject({ status: "fora_da_loja", resposta: "unsupported" });
    expect((await sandboxOf(o.ref)).valor_estornado).toBe("0.00");
    expect(await orderState(o.id)).toMatchObject({ status: "PAGO", estornado: "0.00" });
  });

  it("is refused to the counter", async () => {
    const counter = await staffAgent(t.app, t.database.db, "counter", "es-PY");
    const o = await paidOrder();
    expect((await refund(o.id, { valor: "1" }, counter)).status).toBe(403);
  });
});

const eventBody = (ref: string) =>
  JSON.stringify({
    id: `evt_${randomBytes(10).toString("hex")}`,
    type: "payment.updated",
    created: Math.floor(Date.now() / 1000),
    data: { ref, status: "approved" },
  });
const notify = (ref: string) => {
  const body = eventBody(ref);
  return call(t.app, "POST", "/ecom/pagamentos/webhook/sandbox", {
    headers: { "content-type": "application/json", "x-sandbox-signature": signSandboxBody(t.config.sandboxSecret, body) },
    body,
  });
};
/** Units the order still holds: none once its stock was released whole, else each line's units not returned. */
const held = async (id: number) =>
  Number(
    (
      await one<{ n: number }>(
        sql`SELECT CASE WHEN o.estoque_liberado_em IS NULL THEN coalesce(sum(i.qtde - i.qtde_devolvida), 0) ELSE 0 END::int AS n
            FROM pedidos o JOIN pedido_itens i ON i.order_id = o.id WHERE o.id = ${id} GROUP BY o.id`,
      )
    ).n,
  );

describe("stock comes back once per unit", () => {
  it("under two refunds with restock, the expiry sweep and a notification of a paid order at once", async () => {
    const start = await stockOf(db(), r.id);
    const o = await paidOrder([{ produto_id: r.id, qtde: 3 }]);
    const line = o.item(r);
    const whole = { linhas: [{ item_id: line.id, qtde: 3 }], devolver_estoque: true };
    const results = await Promise.all([
      refund(o.id, whole),
      refund(o.id, whole),
      t.app.payments.releaseExpired(new Date(Date.now() + 3_600_000)),
      notify(o.ref),
    ]);
    const statuses = [results[0].status, results[1].status].sort();
    expect(statuses).toEqual([200, 422]);
    expect(await stockOf(db(), r.id)).toBe(start);
    expect(await held(o.id)).toBe(0);
    expect((await sandboxOf(o.ref)).valor_estornado).toBe(o.order.valor_total);
  });

  it("under the expiry sweep, the payment's late notification and a refund with restock of an order whose reservation ran out", async () => {
    for (let round = 0; round < 3; round++) {
      const start = await stockOf(db(), r.id);
      const o = await paidOrder([{ produto_id: r.id, qtde: 2 }], false);
      await db().execute(sql`UPDATE pedidos SET reserva_expira_em = now() - interval '1 minute' WHERE id = ${o.id}`);
      await db().execute(sql`UPDATE gateway_sandbox SET status = 'approved' WHERE ref = ${o.ref}`);
      const body = { linhas: [{ item_id: o.item(r).id, qtde: 2 }], devolver_estoque: true };
      await Promise.all([t.app.payments.releaseExpired(), notify(o.ref), refund(o.id, body)]);
      // Whichever came first, a refund after the payment gives the units back once: the shop's stock and the
      // units the order still holds add up to what there was before the order.
      await refund(o.id, body);
      expect((await stockOf(db(), r.id)) + (await held(o.id))).toBe(start);
    }
  });
});

/** Runs `body` with the sandbox's refund or its status read replaced, as a gateway that loses answers or cannot be asked. */
async function withSandbox<T>(patch: (sandbox: PaymentProvider) => Partial<PaymentProvider>, body: () => Promise<T>): Promise<T> {
  const sandbox = t.app.paymentProviders.get("sandbox")!;
  const saved = { refund: sandbox.refund, refundStatus: sandbox.refundStatus };
  Object.assign(sandbox, patch(sandbox));
  try {
    return await body();
  } finally {
    Object.assign(sandbox, saved);
  }
}
/** The sandbox makes the refund, then its answer is lost on the way (no answer in time). */
const answerLost = (sandbox: PaymentProvider): Partial<PaymentProvider> => {
  const made = sandbox.refund!.bind(sandbox);
  return {
    refund: async (input) => {
      await made(input);
      throw new GatewayError("sandbox", "no answer from /refund: TimeoutError", true);
    },
  };
};
/** The request never reaches the sandbox (the connection broke before it was sent). */
const neverReached = (): Partial<PaymentProvider> => ({
  refund: async () => {
    throw new GatewayError("sandbox", "no answer from /refund: TimeoutError", true);
  },
});
const orderPage = async (id: number) => (await asStaff<{ data: AdminOrder }>(t.app, manager, "GET", `/api/admin/orders/${id}`)).body.data;
const check = (orderId: number, refundId: number, agent: StaffAgent = manager) =>
  asStaff<Answer>(t.app, agent, "POST", `/api/admin/orders/${orderId}/refunds/${refundId}/check`, { body: {} });
const settleByHand = (orderId: number, refundId: number, body: Record<string, unknown>, agent: StaffAgent = manager) =>
  asStaff<Answer>(t.app, agent, "POST", `/api/admin/orders/${orderId}/refunds/${refundId}/settle`, { body });
const audits = (acao: string, orderId: number) =>
  queryRows<{ depois: Record<string, unknown> }>(
    db(),
    sql`SELECT depois FROM auditoria WHERE acao = ${acao} AND entidade_id = ${String(orderId)} ORDER BY id`,
  );

describe("a refund the gateway has not settled (decision 037)", () => {
  it("stays pendente when the gateway's answer is lost, stock untouched and on the order's page; checked again, it is applied once", async () => {
    const o = await paidOrder();
    const line = o.item(p);
    const before = await stockOf(db(), p.id);
    const mails = await count(sql`SELECT count(*)::int AS n FROM emails_saida`);
    const amount = (Number(line.valor_unitario) * 2).toFixed(2);
    const res = await withSandbox(answerLost, () => refund(o.id, { linhas: [{ item_id: line.id, qtde: 2 }], devolver_estoque: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(
      `O gateway ainda não confirmou o estorno de ${formatPrice(amount, o.order.moeda_id)}: ele fica pendente, sem mexer no estoque, até ser confirmado. Confira de novo no pedido.`,
    );
    expect(res.body.data.status).toBe("pendente");
    // The money moved at the gateway; the store does not know it yet: no stock, no e-mail, the order still paid.
    expect((await sandboxOf(o.ref)).valor_estornado).toBe(amount);
    expect(await stockOf(db(), p.id)).toBe(before);
    expect(await orderState(o.id)).toEqual({ status: "PAGO", pay: "PAGO", estornado: "0.00" });
    expect(await count(sql`SELECT count(*)::int AS n FROM emails_saida`)).toBe(mails);
    expect((await audits("estornar", o.id)).map((a) => a.depois.status)).toEqual(["pendente"]);
    const page = await orderPage(o.id);
    expect(page.estornos_pendentes.map((r) => [r.id, r.valor, r.status])).toEqual([[res.body.data.id, amount, "pendente"]]);
    // What it holds cannot be refunded again meanwhile.
    expect((await refund(o.id, { linhas: [{ item_id: line.id, qtde: 2 }] })).body.errors?.["linhas.0.qtde"]).toEqual([
      "Passa da quantidade que ainda pode ser estornada (1).",
    ]);

    const checked = await check(o.id, res.body.data.id);
    expect([checked.status, checked.body.message]).toEqual([200, `Estorno de ${formatPrice(amount, o.order.moeda_id)} feito pelo gateway.`]);
    expect(checked.body.data).toMatchObject({ status: "feito", estoque_devolvido: [{ item_id: line.id, qtde: 2 }] });
    expect(await stockOf(db(), p.id)).toBe(before + 2);
    // The sandbox made it once: asked again by its key, it did not refund a second time.
    expect((await sandboxOf(o.ref)).valor_estornado).toBe(amount);
    expect(await orderState(o.id)).toEqual({ status: "PAGO", pay: "PAGO", estornado: amount });
    expect((await audits("conferir_estorno", o.id)).map((a) => a.depois.status)).toEqual(["feito"]);
    expect(await count(sql`SELECT count(*)::int AS n FROM emails_saida`)).toBe(mails + 1);
    expect((await orderPage(o.id)).estornos_pendentes).toEqual([]);
    // Checked again: already settled, nothing twice.
    const again = await check(o.id, res.body.data.id);
    expect(again.body.data.status).toBe("feito");
    expect(await stockOf(db(), p.id)).toBe(before + 2);
    expect(await count(sql`SELECT count(*)::int AS n FROM emails_saida`)).toBe(mails + 1);
  });

  it("checked again when the request never reached the gateway: released, and the lines can be refunded again", async () => {
    const o = await paidOrder();
    const line = o.item(p);
    const before = await stockOf(db(), p.id);
    const res = await withSandbox(neverReached, () => refund(o.id, { linhas: [{ item_id: line.id, qtde: 3 }], devolver_estoque: true }));
    expect(res.body.data.status).toBe("pendente");
    const checked = await check(o.id, res.body.data.id);
    expect(checked.body.message).toBe(
      `O gateway diz que o estorno de ${formatPrice(checked.body.data.valor, o.order.moeda_id)} não foi feito: os itens e o valor podem ser estornados de novo.`,
    );
    expect(checked.body.data.status).toBe("recusado");
    expect(await stockOf(db(), p.id)).toBe(before);
    expect((await audits("conferir_estorno", o.id)).map((a) => a.depois.status)).toEqual(["recusado"]);
    const again = await refund(o.id, { linhas: [{ item_id: line.id, qtde: 3 }], devolver_estoque: true });
    expect(again.body.data.status).toBe("feito");
    expect(await stockOf(db(), p.id)).toBe(before + 3);
  });

  it("where the gateway cannot be asked, a manager settles it by hand with a note, in the audit log", async () => {
    const o = await paidOrder();
    const line = o.item(p);
    const before = await stockOf(db(), p.id);
    const cannotAsk = (sandbox: PaymentProvider) => ({ ...answerLost(sandbox), refundStatus: undefined });
    await withSandbox(cannotAsk, async () => {
      const res = await refund(o.id, { linhas: [{ item_id: line.id, qtde: 1 }], devolver_estoque: true });
      expect(res.body.data.status).toBe("pendente");
      const id = res.body.data.id;
      const checked = await check(o.id, id);
      expect([checked.status, checked.body.message]).toEqual([
        409,
        "Este gateway não informa o andamento de estornos: confira no portal do gateway e marque o estorno como feito ou não feito.",
      ]);
      const counter = await staffAgent(t.app, t.database.db, "counter", "es-PY");
      expect((await settleByHand(o.id, id, { resultado: "feito", nota: "Visto no portal" }, counter)).status).toBe(403);
      const noNote = await settleByHand(o.id, id, { resultado: "feito", nota: "" });
      expect([noNote.status, Object.keys(noNote.body.errors ?? {})]).toEqual([422, ["nota"]]);
      expect((await settleByHand(o.id, id, { resultado: "talvez", nota: "x" })).status).toBe(422);
      expect((await settleByHand(o.id + 1_000_000, id, { resultado: "feito", nota: "x" })).status).toBe(404);
      const settled = await settleByHand(o.id, id, { resultado: "feito", nota: "Visto no portal do gateway, 27/11" });
      expect([settled.status, settled.body.data.status]).toEqual([200, "feito"]);
      expect(settled.body.message).toBe(`Estorno de ${formatPrice(line.valor_unitario, o.order.moeda_id)} marcado como feito pelo gateway.`);
      expect(settled.body.data.resposta).toBe("manual: Visto no portal do gateway, 27/11");
      expect(await stockOf(db(), p.id)).toBe(before + 1);
      expect((await audits("liquidar_estorno", o.id)).map((a) => [a.depois.status, a.depois.nota])).toEqual([
        ["feito", "Visto no portal do gateway, 27/11"],
      ]);
      const twice = await settleByHand(o.id, id, { resultado: "recusado", nota: "engano" });
      expect([twice.status, twice.body.message]).toEqual([409, "Este estorno não está mais pendente."]);
      expect(await stockOf(db(), p.id)).toBe(before + 1);
    });
  });
});

describe("a pending refund settled from several sides at once (decision 037)", () => {
  it("is not checked nor settled by hand while its own request is still asking the gateway; once that process is taken for dead, it is", async () => {
    const o = await paidOrder();
    const line = o.item(p);
    let answer: (err: Error) => void = () => {};
    const hanging = (): Partial<PaymentProvider> => ({
      refund: () => new Promise((_, reject) => (answer = reject)),
    });
    await withSandbox(hanging, async () => {
      const asked = refund(o.id, { linhas: [{ item_id: line.id, qtde: 1 }], devolver_estoque: true });
      await expect.poll(() => count(sql`SELECT count(*)::int AS n FROM estornos WHERE order_id = ${o.id}`)).toBe(1);
      const { id } = await one<{ id: number }>(sql`SELECT id FROM estornos WHERE order_id = ${o.id}`);
      const early = await check(o.id, id);
      expect([early.status, early.body.message]).toEqual([409, "Este estorno ainda está sendo processado. Atualize a página em instantes."]);
      expect((await settleByHand(o.id, id, { resultado: "recusado", nota: "x" })).status).toBe(409);
      // Its process died long ago (as far as anyone can tell): the sandbox never got it, so asked again it is refused.
      await db().execute(sql`UPDATE estornos SET created_at = now() - interval '5 minutes' WHERE id = ${id}`);
      const late = await check(o.id, id);
      expect([late.status, late.body.data.status]).toEqual([200, "recusado"]);
      // The first request's answer comes after all: the refund stays as it was settled, once.
      answer(new GatewayError("sandbox", "no answer from /refund: TimeoutError", true));
      expect((await asked).status).toBe(422);
    });
    expect(await one(sql`SELECT qtde_estornada, qtde_devolvida FROM pedido_itens WHERE id = ${line.id}`)).toEqual({
      qtde_estornada: 0,
      qtde_devolvida: 0,
    });
  });

  it("is applied once under two checks, the gateway's notification and a settlement by hand", async () => {
    const o = await paidOrder([{ produto_id: r.id, qtde: 3 }]);
    const line = o.item(r);
    const before = await stockOf(db(), r.id);
    const mails = await count(sql`SELECT count(*)::int AS n FROM emails_saida`);
    const res = await withSandbox(answerLost, () => refund(o.id, { linhas: [{ item_id: line.id, qtde: 3 }], devolver_estoque: true }));
    expect(res.body.data.status).toBe("pendente");
    const id = res.body.data.id;
    const [a, b, , byHand] = await Promise.all([
      check(o.id, id),
      check(o.id, id),
      notify(o.ref),
      settleByHand(o.id, id, { resultado: "feito", nota: "Visto no portal" }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([200, 409]).toContain(byHand.status);
    expect(await stockOf(db(), r.id)).toBe(before + 3);
    expect(await orderState(o.id)).toEqual({ status: "ESTORNADO", pay: "ESTORNADO", estornado: o.order.valor_total });
    expect((await sandboxOf(o.ref)).valor_estornado).toBe(o.order.valor_total);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM pedido_eventos WHERE order_id = ${o.id} AND tipo = 'estorno' AND dados->>'status' = 'feito'`),
    ).toBe(1);
    // Whoever settled it (the notification writes the timeline only; a member's check or hand the audit log too), once.
    const settlements = [...(await audits("conferir_estorno", o.id)), ...(await audits("liquidar_estorno", o.id))];
    expect(settlements.filter((s) => s.depois.status === "feito").length).toBeLessThanOrEqual(1);
    await expect.poll(() => count(sql`SELECT count(*)::int AS n FROM emails_saida`)).toBe(mails + 1);
  });
});

describe("a payment approved after a member cancelled the order (decision 037)", () => {
  it("takes and releases the stock once when the cancellation and the approval arrive at once", async () => {
    for (let round = 0; round < 3; round++) {
      const start = await stockOf(db(), r.id);
      const o = await paidOrder([{ produto_id: r.id, qtde: 2 }], false);
      await db().execute(sql`UPDATE gateway_sandbox SET status = 'approved' WHERE ref = ${o.ref}`);
      const [cancelled] = await Promise.all([
        asStaff<Answer>(t.app, manager, "POST", `/api/admin/orders/${o.id}/cancel`, { body: {} }),
        notify(o.ref),
      ]);
      const state = await orderState(o.id);
      if (cancelled.status === 200) {
        // Cancelled first: the approval is kept apart, the stock stays released.
        expect(state).toMatchObject({ status: "CANCELADO", pay: "PAGO_CANCELADO" });
        expect(await stockOf(db(), r.id)).toBe(start);
      } else {
        // Paid first: the cancellation is refused (a paid order is refunded), the stock stays taken.
        expect([cancelled.status, state.status]).toEqual([409, "PAGO"]);
        expect(await stockOf(db(), r.id)).toBe(start - 2);
      }
      // A refund of everything with restock afterwards gives back exactly what the order still holds.
      await refund(o.id, { linhas: [{ item_id: o.item(r).id, qtde: 2 }], devolver_estoque: true });
      expect(await stockOf(db(), r.id)).toBe(start);
    }
  });

  it("keeps the order cancelled, takes no stock, flags the payment for a refund; the refund gives the money back once and no stock", async () => {
    const start = await stockOf(db(), r.id);
    const o = await paidOrder([{ produto_id: r.id, qtde: 2 }], false);
    expect(await stockOf(db(), r.id)).toBe(start - 2);
    const cancelled = await asStaff<Answer>(t.app, manager, "POST", `/api/admin/orders/${o.id}/cancel`, { body: {} });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await stockOf(db(), r.id)).toBe(start);
    // The buyer had paid at the gateway as the member cancelled: its approval arrives afterwards.
    await db().execute(sql`UPDATE gateway_sandbox SET status = 'approved' WHERE ref = ${o.ref}`);
    const res = await notify(o.ref);
    expect(res.headers["x-payment-result"]).toBe("paid_after_cancel");
    expect(await orderState(o.id)).toEqual({ status: "CANCELADO", pay: "PAGO_CANCELADO", estornado: "0.00" });
    expect(await stockOf(db(), r.id)).toBe(start);
    const page = await orderPage(o.id);
    expect([page.status, page.status_entrega, page.pago_apos_cancelamento, page.proximos]).toEqual(["CANCELADO", "cancelado", true, []]);
    expect(page.timeline.at(-1)).toMatchObject({ tipo: "pagamento", dados: { de: "EXPIRADO", para: "PAGO_CANCELADO" } });
    // Again (a gateway's retry), and the expiry sweep: nothing more.
    expect((await notify(o.ref)).headers["x-payment-result"]).toBe("unchanged");
    await t.app.payments.releaseExpired(new Date(Date.now() + 3_600_000));
    expect(await stockOf(db(), r.id)).toBe(start);

    const form = await asStaff<{ data: RefundableOrder }>(t.app, manager, "GET", `/api/admin/orders/${o.id}/refunds`);
    expect([form.body.data.estornavel, form.body.data.pago_apos_cancelamento]).toEqual([true, true]);
    const given = await refund(o.id, { linhas: [{ item_id: o.item(r).id, qtde: 2 }], devolver_estoque: true, motivo: "outro" });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.data).toMatchObject({ status: "feito", estoque_devolvido: [] });
    expect(await stockOf(db(), r.id)).toBe(start);
    expect(await orderState(o.id)).toEqual({ status: "ESTORNADO", pay: "ESTORNADO", estornado: o.order.valor_total });
    expect((await sandboxOf(o.ref)).status).toBe("refunded");
    expect((await orderPage(o.id)).pago_apos_cancelamento).toBe(false);
  });

  it("shows the buyer the order cancelled and the payment received to be refunded, in the API's spec codes, until the refund", async () => {
    const o = await paidOrder([{ produto_id: r.id, qtde: 1 }], false);
    const asBuyer = <T>(url: string) => call<T>(t.app, "GET", url, { token: buyer.token });
    const detail = async () => (await asBuyer<{ data: Order }>(`/ecom/venda/pedidos/${o.order.external_id}`)).body.data;
    expect((await detail()).pago_apos_cancelamento).toBe(false);
    expect((await asStaff(t.app, manager, "POST", `/api/admin/orders/${o.id}/cancel`, { body: {} })).status).toBe(200);
    await db().execute(sql`UPDATE gateway_sandbox SET status = 'approved' WHERE ref = ${o.ref}`);
    expect((await notify(o.ref)).headers["x-payment-result"]).toBe("paid_after_cancel");

    // The spec's codes stay: the order CANCELADO, its payment PAGO (the money arrived); the flag says it goes back.
    expect(await detail()).toMatchObject({ status: "CANCELADO", pago_apos_cancelamento: true, estornos: [], link_pagamento: null });
    expect((await detail()).pagamentos[0]!.status).toBe("PAGO");
    const list = await asBuyer<{ data: { data: Order[] } }>("/ecom/venda/pedidos?per_page=50");
    expect(list.body.data.data.find((x) => x.id === o.id)).toMatchObject({ status: "CANCELADO", pago_apos_cancelamento: true });
    const payments = await asBuyer<OrderPayments>(`/ecom/venda/pedidos/${o.order.external_id}/buscar-pagamentos`);
    expect(payments.body).toMatchObject({ status: "CANCELADO", pago_apos_cancelamento: true });
    // The ticket says so in the buyer's language: voseo in es-AR.
    const ticket = async (lang: string) => pdfText((await asBuyer(`/ecom/venda/pedidos/${o.order.external_id}/ticket.pdf?lang=${lang}`)).raw);
    expect(await ticket("pt-BR")).toEqual(
      expect.arrayContaining([
        "Situação: Cancelado",
        "A loja cancelou este pedido. O pagamento que recebemos será estornado.",
        "Sem código de retirada: este pedido foi cancelado.",
      ]),
    );
    expect(await ticket("es-PY")).toContain("La tienda canceló este pedido. Le devolveremos el pago que recibimos.");
    expect(await ticket("es-AR")).toContain("La tienda canceló este pedido. Te vamos a devolver el pago que recibimos.");

    // Refunded whole: ESTORNADO, the refund listed, the line gone.
    expect((await refund(o.id, { valor: o.order.valor_total, motivo: "outro" })).status).toBe(200);
    const after = await detail();
    expect(after).toMatchObject({ status: "ESTORNADO", pago_apos_cancelamento: false, estornos: [{ valor: o.order.valor_total }] });
    expect(after.pagamentos[0]!.status).toBe("ESTORNADO");
    expect((await ticket("pt-BR")).join("\n")).not.toContain("O pagamento que recebemos será estornado");
  });
});
