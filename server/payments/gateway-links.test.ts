import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxGatewayPayments } from "#db/schema/index.ts";
import { call } from "../../tests/support/customers.ts";
import { pickProducts, readyCart, shopper, type CheckoutReply, type Product } from "../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../tests/support/test-app.ts";

const PUBLIC_URL = "https://loja.example.test";
let t: TestApp;
let p: Product;
let buyer: Awaited<ReturnType<typeof shopper>>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, HOST_PT: "ferramentas.example.test", HOST_ES: "ferreteria.example.test" });
  [p] = await pickProducts(t.database.db, 1, 40);
  buyer = await shopper(t.app, t.database.db, "py");
});
afterAll(() => t.close());

/** Checks a fresh cart out on `host`, as the shopper's browser does, and reads what the gateway was given. */
async function checkoutOn(host: string) {
  const { cart, pickup } = await readyCart(t.app, buyer.token, [{ produto_id: p.id, qtde: 1 }]);
  const res = await call<CheckoutReply>(t.app, "POST", `/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`, {
    token: buyer.token,
    headers: { host },
    body: { token_entrega: pickup.token, valor_frete: pickup.valor, entrega_servico_id: pickup.entrega_servico_id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const link = res.body.link_pagamento[0]!;
  const ref = link.split("/").pop()!;
  const [row] = await t.database.db.select().from(sandboxGatewayPayments).where(eq(sandboxGatewayPayments.ref, ref));
  return { link, path: new URL(link).pathname, order: res.body.pedido, row: row! };
}

describe("what the gateway is given", () => {
  it("sends the shopper back to the store host they use, and notifies the server's public address", async () => {
    const { order, row, path } = await checkoutOn("ferreteria.example.test");
    expect(row.return_url).toBe(`http://ferreteria.example.test/checkout/payment?pedido=${order.external_id}`);
    expect(row.notify_url).toBe(`${PUBLIC_URL}/ecom/pagamentos/webhook/sandbox`);
    const approved = await call(t.app, "POST", path, {
      form: { payload: Buffer.from("decision=approve"), headers: { "content-type": "application/x-www-form-urlencoded" } },
    });
    expect([approved.status, approved.headers.location]).toEqual([303, row.return_url]);
  });

  it("never sends the shopper to a host that is not the store's", async () => {
    for (const host of ["evil.example", "ferreteria.example.test.evil.example", "x.ferreteria.example.test"]) {
      const { row } = await checkoutOn(host);
      expect(new URL(row.return_url).origin, host).toBe(PUBLIC_URL);
      expect(row.notify_url).toBe(`${PUBLIC_URL}/ecom/pagamentos/webhook/sandbox`);
    }
  });
});

describe("the sandbox page", () => {
  it("says plainly, first thing, that it is a test and no money is taken, in the shopper's language", async () => {
    const { path } = await checkoutOn("ferramentas.example.test");
    const pt = (await call(t.app, "GET", path, { headers: { cookie: "lang=pt-BR" } })).raw.toString();
    const es = (await call(t.app, "GET", path, { headers: { cookie: "lang=es-AR" } })).raw.toString();
    const firstText = (html: string) => /<main><p class="test" role="note">([^<]+)<\/p>/.exec(html)?.[1];
    expect(firstText(pt)).toBe("TESTE: esta página não é um pagamento real. Nenhum dinheiro é cobrado; ela só existe para testar a loja.");
    expect(firstText(es)).toBe("PRUEBA: esta página no es un pago real. No se cobra dinero; solo existe para probar la tienda.");
  });
});
