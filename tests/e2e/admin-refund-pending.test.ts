import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { AdminOrdersPage } from "#contract/api/admin/orders.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import refundTexts from "#app/i18n/locales/pt-BR/admin-refunds.json" with { type: "json" };
import cartPt from "#app/i18n/locales/pt-BR/cart.json" with { type: "json" };
import { logIn, newAdminPage } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { DESKTOP, MOBILE, e2eShop } from "../support/e2e-shop.ts";
import { freePort } from "../support/free-port.ts";
import { httpNotify } from "../support/gateway-double.ts";
import { startMercadoPagoDouble, type MercadoPagoDouble } from "../support/mercadopago-double.ts";
import { startStore } from "../support/store-process.ts";

/**
 * A refund Mercado Pago takes in process (decision 037): the manager refunds from the order, the refund
 * waits on the order page with "check again with the gateway", and is applied once Mercado Pago has made it.
 */
const MP = { accessToken: "TEST-access-token", webhookSecret: "mp-webhook-secret" };
const pt = refundTexts.admin.refunds;
const t = cartPt.cart;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;

let browser: Browser;
let mp: MercadoPagoDouble;
let store: { url: string; close(): Promise<void> };
beforeAll(async () => {
  browser = await launchBrowser();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  mp = await startMercadoPagoDouble({ ...MP, notify: httpNotify(`${url}/ecom/pagamentos/webhook/mercadopago`) });
  store = await startStore({
    port,
    buildDir: inject("buildDir"),
    env: {
      PUBLIC_URL: url,
      SEED_PRODUCTS: "60",
      PAYMENT_PROVIDERS: "mercadopago",
      MERCADOPAGO_ACCESS_TOKEN: MP.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: MP.webhookSecret,
      MERCADOPAGO_URL: mp.url,
    },
  });
});
afterAll(async () => {
  await store?.close();
  await mp?.close();
  await browser?.close();
});

/** A Brazilian pays one unit with PIX through Mercado Pago's page: the order's number. */
async function paidOrder(): Promise<string> {
  const res = await fetch(`${store.url}/api/public/products?per_page=50&moeda_id=2`);
  const product = ((await res.json()) as { data: ProductSummary[] }).data.find((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 5)!;
  const shop = e2eShop(store.url);
  const { token } = await shop.newCustomer("br");
  const cart = await shop.customerCart(token, 2, [{ produto_id: product.id, qtde: 1 }]);
  const { page, close } = await shop.signedInPage(browser, MOBILE, token, "pt-BR", cart);
  try {
    await page.goto("/checkout", { waitUntil: "networkidle" });
    await page.getByTestId("shipping-section").getByTestId("pickup-place").waitFor();
    await page.getByRole("button", { name: t.checkout.continue }).first().click();
    await page.getByRole("radio", { name: new RegExp(t.checkout.methods.pix) }).check();
    await page
      .getByRole("button", { name: new RegExp(`^(${t.checkout.goToPayment}|${t.checkout.finish})$`) })
      .first()
      .click();
    await page.waitForURL((url) => !url.href.startsWith(store.url));
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL((url) => url.href.startsWith(`${store.url}/checkout/payment`));
    await page.getByTestId("payment-success").waitFor({ timeout: 20_000 });
    const external = new URL(page.url()).searchParams.get("pedido")!;
    const order = await fetch(`${store.url}/ecom/venda/pedidos/${external}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await order.json()) as { data: { pedido: string } }).data.pedido;
  } finally {
    await close();
  }
}

const message = (page: Page) => page.getByRole("status").or(page.getByRole("alert")).first();

describe("a refund the gateway has not settled", () => {
  it("waits on the order page; checked again, it is applied once Mercado Pago has made it", async () => {
    const number = await paidOrder();
    const { page, errors, close } = await newAdminPage(browser, store.url, DESKTOP, { local: true });
    try {
      await page.goto("/admin/login");
      await logIn(page, manager.email, manager.password);
      await page.waitForURL(/\/admin$/);
      const list = await page.request.get(`${store.url}/api/admin/orders?q=${number}`);
      const id = ((await list.json()) as AdminOrdersPage).data[0]!.id;

      mp.refundMode.status = "in_process";
      await page.goto(`/admin/pedidos/${id}/estorno`);
      await page.getByLabel(pt.amount).fill("1");
      await page.getByLabel(pt.reason).selectOption("defeito");
      await page.getByRole("button", { name: pt.submit }).click();
      await expect.poll(() => message(page).textContent(), { timeout: 15_000 }).toMatch(/^O gateway ainda não confirmou o estorno de U\$ 1,00/);
      mp.refundMode.status = "approved";

      await page.goto(`/admin/pedidos/${id}`);
      const pending = page.getByTestId("pending-refund");
      await expect.poll(() => pending.count()).toBe(1);
      expect(await pending.textContent()).toContain(pt.pending.line.replace("{{value}}", "U$ 1,00"));
      await expectNoSeriousAxeViolations(page);
      await page.getByRole("button", { name: pt.pending.check }).click();
      await expect.poll(() => message(page).textContent()).toBe("O gateway ainda não confirmou o estorno de U$ 1,00. Confira de novo mais tarde.");

      // Mercado Pago approves it without a notification reaching the store: asked again, it is applied.
      const [refund] = [...mp.refunds.values()];
      await mp.settleRefund(refund!.id, "approved", { notify: false });
      await page.getByRole("button", { name: pt.pending.check }).click();
      await expect.poll(() => message(page).textContent()).toBe("Estorno de U$ 1,00 feito pelo gateway.");
      await expect.poll(() => pending.count()).toBe(0);
      expect(mp.refunds.size).toBe(1);

      // A phone's width: nothing runs off the side.
      await page.setViewportSize(MOBILE);
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
