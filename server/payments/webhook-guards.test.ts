import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxGatewayPayments } from "#db/schema/index.ts";
import { call } from "../../tests/support/customers.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";
const WEBHOOK_MAX_PER_MINUTE = 120;

/** A store whose gateways are real ones: the sandbox is not among them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_PROVIDERS: "bancard,pagopar",
    BANCARD_PUBLIC_KEY: "pub",
    BANCARD_PRIVATE_KEY: "priv",
    PAGOPAR_PUBLIC_KEY: "pub",
    PAGOPAR_PRIVATE_KEY: "priv",
  });
});
afterAll(() => t.close());

describe("the sandbox gateway off", () => {
  it("serves no sandbox page, so nobody marks an order paid through one", async () => {
    // A row left from the days the sandbox was on (or written by anyone who could).
    const ref = `sbx_${Date.now().toString(16)}`;
    await t.database.db.insert(sandboxGatewayPayments).values({
      ref,
      valor: "100.00",
      moeda_id: 2,
      descricao: "Pedido antigo",
      notify_url: "http://localhost/ecom/pagamentos/webhook/sandbox",
      return_url: "http://localhost/checkout/payment?pedido=x",
    });
    expect((await call(t.app, "GET", `/pagamento/sandbox/${ref}`)).status).toBe(404);
    const approve = await call(t.app, "POST", `/pagamento/sandbox/${ref}`, {
      form: { payload: Buffer.from("decision=approve"), headers: { "content-type": "application/x-www-form-urlencoded" } },
    });
    expect(approve.status).toBe(404);
    expect((await call(t.app, "POST", "/ecom/pagamentos/webhook/sandbox", { body: {} })).status).toBe(404);
  });
});

describe("gateway notifications", () => {
  const notify = (provider: string, remoteAddress: string) =>
    t.app.inject({
      method: "POST",
      url: `/ecom/pagamentos/webhook/${provider}`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ operation: { token: "x", shop_process_id: "1", amount: "1.00", currency: "PYG" } }),
      remoteAddress,
    });

  it("are limited per gateway and sending address: a flood from one address leaves the others' alone", async () => {
    for (let i = 0; i < WEBHOOK_MAX_PER_MINUTE; i++) expect((await notify("bancard", "10.44.0.1")).statusCode).toBe(401);
    const over = await notify("bancard", "10.44.0.1");
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toMatch(/\d+/);
    expect((await notify("pagopar", "10.44.0.1")).statusCode).toBe(401);
    expect((await notify("bancard", "10.44.0.2")).statusCode).toBe(401);
  });
});
