import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#db/client.ts";
import { call } from "../../tests/support/customers.ts";
import { startPagoparDouble, type PagoparDouble } from "../../tests/support/pagopar-double.ts";
import { pickProducts, readyCart, shopper, stockOf, type Product } from "../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { pagoparAmount, pagoparTokens } from "./providers/pagopar.ts";

const KEYS = { publicKey: "pagopar-public-test", privateKey: "pagopar-private-test" };

let t: TestApp;
let pagopar: PagoparDouble;
let p: Product;
let buyer: Awaited<ReturnType<typeof shopper>>;

beforeAll(async () => {
  pagopar = await startPagoparDouble({
    ...KEYS,
    returnUrl: "http://localhost:3000/pagamento/retorno/pagopar/($hash)",
    notify: async (body, headers) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/ecom/pagamentos/webhook/pagopar",
        headers: { "content-type": "application/json", ...headers },
        payload: body,
      });
      return { status: res.statusCode, body: res.body };
    },
  });
  t = await createTestApp({
    PAYMENT_PROVIDERS: "pagopar,bancard",
    PAGOPAR_PUBLIC_KEY: KEYS.publicKey,
    PAGOPAR_PRIVATE_KEY: KEYS.privateKey,
    PAGOPAR_URL: pagopar.url,
    PAYMENT_TIMEOUT_SECONDS: "1",
    MAX_OPEN_ORDERS_PER_CUSTOMER: "50",
    MAX_OPEN_ORDERS_PER_ADDRESS: "50",
  });
  [p] = await pickProducts(t.database.db, 1, 40);
  buyer = await shopper(t.app, t.database.db, "py");
});
afterAll(async () => {
  await t?.close();
  await pagopar?.close();
});

const db = () => t.database.db;
const refundKey = () => randomUUID();
async function order(meio = "pagopar:qr") {
  const { cart, pickup } = await readyCart(t.app, buyer.token, [{ produto_id: p.id, qtde: 1 }]);
  const res = await call<{ link_pagamento: string[]; pedido: { id: number; external_id: string; valor_total: string } }>(
    t.app,
    "POST",
    `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`,
    {
      token: buyer.token,
      body: { token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: pickup.entrega_servico_id, meio_pagamento: meio },
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [payment] = await queryRows<{ id: number; provider_ref: string; metodo: string }>(
    db(),
    sql`SELECT id, provider_ref, metodo FROM pagamentos WHERE order_id = ${res.body.pedido.id}`,
  );
  return { link: res.body.link_pagamento[0]!, order: res.body.pedido, payment: payment!, hash: payment!.provider_ref };
}
const state = async (externalId: string) => {
  const res = await call<{ status: string; pagamentos: { status: string }[] }>(t.app, "GET", `/ecom/venda/pedidos/${externalId}/buscar-pagamentos`, {
    token: buyer.token,
  });
  return [res.body.status, res.body.pagamentos[0]!.status];
};
const webhook = (body: string) =>
  t.app.inject({ method: "POST", url: "/ecom/pagamentos/webhook/pagopar", headers: { "content-type": "application/json" }, payload: body });

describe("Pagopar tokens (known answers)", () => {
  it("computes each SHA-1 token as Pagopar documents it", () => {
    expect(pagoparAmount("150000.00")).toBe("150000");
    expect(pagoparTokens.order("priv-key", "1234", "150000.00")).toBe("ab78fb4efdc6636e6e44e1a961eb2fcee9b25257");
    expect(pagoparTokens.notification("priv-key", "abc123hash")).toBe("6f6ede34d2531d63e1587a21dea0463e04c10aa5");
    expect(pagoparTokens.query("priv-key")).toBe("35ea6519b2f900e9f8cb45aab9be58d1612dc9b5");
    expect(pagoparTokens.reverse("priv-key")).toBe("c3a74677539e606dabff46e5f86eec1f1da019f4");
  });
});

describe("paying through Pagopar", () => {
  it("lists Pagopar's methods and then Bancard's for a resident, in PAYMENT_PROVIDERS' order", async () => {
    const res = await call<{ data: { id: string; parcelas_max: number; cpf_obrigatorio: boolean }[] }>(t.app, "GET", "/ecom/pagamentos/meios", {
      token: buyer.token,
    });
    expect(res.body.data.map((m) => m.id)).toEqual([
      "pagopar:cartao",
      "pagopar:qr",
      "pagopar:carteira",
      "pagopar:carteira_banco",
      "pagopar:pontos",
      "pagopar:transferencia",
      "bancard:cartao",
    ]);
    expect(res.body.data.every((m) => m.parcelas_max === 1 && !m.cpf_obrigatorio)).toBe(true);
    expect((await call(t.app, "GET", "/ecom/pagamentos/meios")).status).toBe(401);
  });

  it("creates the order on Pagopar with the chosen method and pays it once the notification is confirmed by Pagopar", async () => {
    const o = await order("pagopar:cartao");
    expect(o.payment.metodo).toBe("cartao");
    expect(o.link).toBe(`${pagopar.url}/pagos/${o.hash}`);
    const created = pagopar.orders.get(o.hash)!;
    expect([created.idPedido, created.monto, created.formaPago]).toEqual([String(o.payment.id), Number(o.order.valor_total), 9]);
    const { delivered } = await pagopar.pay(o.hash);
    expect(delivered!.status).toBe(200);
    // Pagopar expects its own `resultado` back.
    expect(JSON.parse(delivered!.body)[0]).toMatchObject({ hash_pedido: o.hash, pagado: true });
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
    // The buyer comes back through the return address set in Pagopar's panel.
    const back = await call(t.app, "GET", `/pagamento/retorno/pagopar/${o.hash}`);
    expect(back.status).toBe(303);
    expect(back.headers.location).toMatch(new RegExp(`/checkout/payment\\?pedido=${o.order.external_id}$`));
    expect((await call(t.app, "GET", "/pagamento/retorno/pagopar/nope")).status).toBe(404);
    // The stored notification keeps the order's state, not its token (sha1 of the private key and the hash).
    const [event] = await queryRows<{ payload: { resultado: Record<string, unknown>[] } }>(
      db(),
      sql`SELECT payload FROM pagamento_eventos WHERE provider = 'pagopar' AND event_id LIKE ${`${o.hash}:%`}`,
    );
    expect(event?.payload.resultado[0]).toMatchObject({ hash_pedido: o.hash, pagado: true });
    expect(JSON.stringify(event?.payload)).not.toMatch(/token/i);
  });

  it("refuses an unknown method and keeps the cart open", async () => {
    const { cart, pickup } = await readyCart(t.app, buyer.token, [{ produto_id: p.id, qtde: 1 }]);
    const res = await call(t.app, "POST", `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`, {
      token: buyer.token,
      body: {
        token_entrega: pickup.token,
        valor_frete: pickup.valor,
        entrega_servico_id: pickup.entrega_servico_id,
        meio_pagamento: "mercadopago:pix",
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ meio_pagamento: ["Escolha um meio de pagamento disponível."] });
  });

  it("does not pay on a notification of an unpaid order, nor on a cancelled one", async () => {
    const o = await order();
    const unpaid = await pagopar.notifyOf(pagopar.orders.get(o.hash)!);
    expect(unpaid.delivered!.status).toBe(200);
    expect(await state(o.order.external_id)).toEqual(["PAGAMENTO", "AGUARDANDO"]);
    pagopar.orders.get(o.hash)!.cancelado = true;
    await pagopar.notifyOf(pagopar.orders.get(o.hash)!);
    expect(await state(o.order.external_id)).toEqual(["PAGAMENTO", "EXPIRADO"]);
  });

  it("refuses a forged notification with 401 and ignores a replay", async () => {
    const o = await order();
    const forged = {
      respuesta: true,
      resultado: [{ ...pagopar.state(pagopar.orders.get(o.hash)!), pagado: true, token: pagoparTokens.notification("not-the-key", o.hash) }],
    };
    expect((await webhook(JSON.stringify(forged))).statusCode).toBe(401);
    expect((await webhook("{}")).statusCode).toBe(401);
    expect(await state(o.order.external_id)).toEqual(["PAGAMENTO", "AGUARDANDO"]);
    const { body } = await pagopar.pay(o.hash);
    const replay = await webhook(body);
    expect([replay.statusCode, replay.headers["x-payment-result"]]).toEqual([200, "replay"]);
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
  });

  it("flags a payment Pagopar reports for another amount", async () => {
    const o = await order();
    await pagopar.pay(o.hash, { monto: 1000 });
    expect(await state(o.order.external_id)).toEqual(["PAGAMENTO", "DIVERGENTE"]);
  });

  it("gives the payment error when Pagopar does not answer, keeping the stock; recovers a lost notification by reconciliation", async () => {
    const before = await stockOf(db(), p.id);
    const { cart, pickup } = await readyCart(t.app, buyer.token, [{ produto_id: p.id, qtde: 1 }]);
    pagopar.stall(true);
    try {
      const res = await t.app.inject({
        method: "POST",
        url: `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`,
        headers: { authorization: `Bearer ${buyer.token}`, "accept-language": "pt-BR" },
        payload: {
          token_entrega: pickup.token,
          valor_frete: pickup.valor,
          entrega_servico_id: pickup.entrega_servico_id,
          meio_pagamento: "pagopar:pontos",
        },
      });
      expect([res.statusCode, res.json().message]).toEqual([502, "Erro ao processar o pagamento"]);
    } finally {
      pagopar.stall(false);
    }
    expect(await stockOf(db(), p.id)).toBe(before - 1);

    const o = await order();
    await pagopar.pay(o.hash, { notify: false });
    expect(await t.app.payments.reconcile(new Date(Date.now() + 10 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await state(o.order.external_id)).toEqual(["PAGO", "PAGO"]);
    // Pagopar reverses a paid order whole: a part is not Pagopar's to do (recorded as given back outside
    // the store), the whole is reversed.
    const part = await t.app.payments.refund({ orderId: o.order.id, key: refundKey(), amount: "1", reason: "outro", author: null });
    expect([part.refund.status, part.refund.resposta]).toEqual(["fora_da_loja", "partial_unsupported"]);
    expect(pagopar.orders.get(o.hash)!.reversado).toBeUndefined();
    const other = await order();
    await pagopar.pay(other.hash);
    const whole = await t.app.payments.refund({ orderId: other.order.id, key: refundKey(), reason: "desistencia", author: null });
    expect([whole.refund.status, whole.whole]).toEqual(["feito", true]);
    expect(pagopar.orders.get(other.hash)!.reversado).toBe(true);
    expect(await state(other.order.external_id)).toEqual(["ESTORNADO", "ESTORNADO"]);
    await expect(t.app.payments.refund({ orderId: other.order.id, key: refundKey(), reason: "outro", author: null })).rejects.toMatchObject({
      statusCode: 409,
      messageKey: "refund_closed",
    });
  });
});
