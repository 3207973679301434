import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductSummary } from "#contract/api/catalog.ts";
import type { Order } from "#contract/api/cart.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import ordersPt from "#app/i18n/locales/pt-BR/admin-orders.json" with { type: "json" };
import cartEs from "#app/i18n/locales/es-PY/cart.json" with { type: "json" };
import { DESKTOP, logIn, newAdminPage, TABLET } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { e2eShop } from "../support/e2e-shop.ts";
import { storeURL } from "../support/e2e-store.ts";

const baseURL = storeURL();
const shop = e2eShop(baseURL);
const t = ordersPt.admin.orders;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;

let browser: Browser;
let product: ProductSummary;
beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseURL}/api/public/products?per_page=50&moeda_id=2`);
  product = ((await res.json()) as { data: ProductSummary[] }).data.filter((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 6)[7]!;
});
afterAll(async () => {
  await browser?.close();
});

/** A Paraguayan customer's delivery order to their address, paid on the sandbox's page. */
async function paidDeliveryOrder(token: string): Promise<Order> {
  const auth = { authorization: `Bearer ${token}` };
  const cart = await shop.customerCart(token, 2, [{ produto_id: product.id, qtde: 1 }]);
  const me = await shop.json<{ enderecos: { id: number; cidade_id: number }[] }>("/ecom/me", { method: "POST", headers: auth });
  const quote = await shop.json<{
    data: { token: string; valor: string; entrega_servico_id: number | null; opcionais: { pontos_entrega: unknown[] } }[];
  }>(`/ecom/venda/carrinho/${cart.external_id}/calcular-frete`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...auth },
    body: JSON.stringify({ id: cart.id, external_id: cart.external_id, filial_id: 1, pais_id: 2, cidade_id: me.enderecos[0]!.cidade_id }),
  });
  const delivery = quote.data.find((o) => o.entrega_servico_id !== null && o.opcionais.pontos_entrega.length === 0)!;
  expect(delivery, JSON.stringify(quote.data)).toBeDefined();
  const placed = await shop.json<{ link_pagamento: string[]; pedido: Order }>(`/ecom/venda/carrinho/${cart.external_id}/iniciar-checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", ...auth },
    body: JSON.stringify({
      token_entrega: delivery.token,
      valor_frete: delivery.valor,
      entrega_servico_id: delivery.entrega_servico_id,
      cliente_endereco_id: me.enderecos[0]!.id,
    }),
  });
  const paid = await fetch(`${baseURL}${new URL(placed.link_pagamento[0]!).pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "decision=approve",
  });
  expect(paid.status).toBe(303);
  return placed.pedido;
}

describe("the back office's orders", () => {
  it("lets a manager find a paid delivery order and mark it shipped with a tracking code; the customer's page and the outbox show it", async () => {
    const customer = await shop.newCustomer("py");
    const order = await paidDeliveryOrder(customer.token);
    const { page, errors, close } = await newAdminPage(browser, baseURL, DESKTOP, { local: true });
    try {
      await page.goto("/admin/login");
      await logIn(page, manager.email, manager.password);
      await page.waitForURL(/\/admin$/);
      await page.getByRole("navigation", { name: admin.admin.nav.label }).getByRole("link", { name: t.navLabel }).click();
      await page.waitForURL(/\/admin\/pedidos$/);
      await page.getByLabel(t.search).fill(customer.email);
      await page.getByRole("button", { name: t.filter }).click();
      await page.waitForURL(/q=/);
      const row = page.getByTestId("order-row").filter({ hasText: order.pedido });
      expect(await row.textContent()).toContain(t.statuses.PAGO);
      expect(await page.getByRole("link", { name: t.csv }).getAttribute("href")).toContain(`q=${encodeURIComponent(customer.email)}`);
      await expectNoSeriousAxeViolations(page);
      await row.getByRole("link", { name: t.open.replace("{{number}}", order.pedido) }).click();
      await page.waitForURL(new RegExp(`/admin/pedidos/${order.id}$`));
      await page.getByRole("heading", { level: 1, name: t.detailTitle.replace("{{number}}", order.pedido) }).waitFor();
      expect(await page.getByTestId("order-address").textContent()).toContain("Avenida San Blas");
      // A paid delivery may only be shipped: no pickup buttons, no cancellation.
      expect(await page.getByRole("button", { name: t.moveTo.pronto_retirada }).count()).toBe(0);
      expect(await page.getByRole("button", { name: t.cancel }).count()).toBe(0);

      const ship = page.getByRole("form", { name: t.shipTitle });
      await ship.getByLabel(t.carrier).fill("AEX Paraguay");
      await ship.getByLabel(t.tracking).fill("AEX-55123");
      await ship.getByRole("button", { name: t.moveTo.enviado }).click();
      await expect.poll(() => page.getByTestId("order-fulfilment-status").textContent()).toContain(t.fulfilments.enviado);
      expect(await page.getByRole("status").first().textContent()).toBe("Status de entrega atualizado.");
      const timeline = page.getByTestId("order-timeline");
      await expect.poll(() => timeline.textContent()).toContain("AEX-55123");
      expect(await timeline.textContent()).toContain("AEX Paraguay");
      expect(await timeline.textContent()).toContain(customer.email);
      await expectNoSeriousAxeViolations(page);
      await page.setViewportSize(TABLET);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }

    // The customer's e-mail, in the outbox.
    const outbox = (await (await fetch(`${baseURL}/dev/mail.json`)).json()) as { data: { para: string; assunto: string; texto: string }[] };
    const mail = outbox.data.find((m) => m.para === customer.email && m.assunto.includes(order.pedido));
    expect(mail?.texto).toContain("AEX-55123");

    // The customer's order page, in the customer's Spanish.
    const cart = await shop.customerCart(customer.token, 2, [{ produto_id: product.id, qtde: 1 }]);
    const buyer = await shop.signedInPage(browser, DESKTOP, customer.token, "es-PY", cart);
    try {
      await buyer.page.goto(`/pedido/${order.external_id}`, { waitUntil: "networkidle" });
      const fulfilment = buyer.page.getByTestId("order-fulfilment");
      await fulfilment.waitFor();
      expect(await fulfilment.textContent()).toContain(cartEs.cart.orders.fulfilments.enviado);
      expect(await fulfilment.textContent()).toContain("AEX Paraguay");
      expect(await buyer.page.getByTestId("order-tracking").textContent()).toBe("AEX-55123");
    } finally {
      await buyer.close();
    }
  });
});
