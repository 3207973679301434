import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import cartEs from "../../app/i18n/locales/es-PY/cart.json" with { type: "json" };
import cartPt from "../../app/i18n/locales/pt-BR/cart.json" with { type: "json" };
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { DESKTOP, e2eShop, MOBILE, approveInSandbox } from "../support/e2e-shop.ts";

const baseURL = storeURL();
const shop = e2eShop(baseURL);

let browser: Browser;
let products: ProductSummary[];

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseURL}/api/public/products?per_page=50&moeda_id=2`);
  products = ((await res.json()) as { data: ProductSummary[] }).data.filter((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 10);
});
afterAll(async () => {
  await browser?.close();
});

describe("checkout", () => {
  it("a Brazilian customer (pt-BR, U$) buys two products with pickup in the shop and pays in the sandbox", async () => {
    const t = cartPt.cart;
    const { token } = await shop.newCustomer("br");
    const [a, b] = products;
    const ext = await shop.customerCart(token, 2, [
      { produto_id: a!.id, qtde: 1 },
      { produto_id: b!.id, qtde: 2 },
    ]);
    const { page, errors, close } = await shop.signedInPage(browser, DESKTOP, token, "pt-BR", ext);
    try {
      await page.goto("/checkout", { waitUntil: "networkidle" });
      const shipping = page.getByTestId("shipping-section");
      await shipping.waitFor();
      expect(await page.getByTestId("cart-line").count()).toBe(2);
      // Foreign customers pick up in the shop (its address, not theirs) and get no pickup points.
      await shipping.getByTestId("pickup-place").waitFor();
      expect(await shipping.getByText("Avenida Paulista, 1578").count()).toBe(0);
      expect(await shipping.getByRole("radio", { name: t.shipping.pickupMode }).count()).toBe(0);
      const pickup = shipping.getByRole("radio", { name: /Retirada na loja|Retirar na loja/ });
      await pickup.waitFor();
      expect(await pickup.isChecked()).toBe(true);
      expect(await page.getByTestId("checkout-total").textContent()).toMatch(/^U\$ /);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole("button", { name: t.checkout.continue }).click();
      const goToPayment = page.getByRole("button", { name: t.checkout.goToPayment });
      expect(await goToPayment.isDisabled()).toBe(true);
      await page.getByRole("radio", { name: new RegExp(t.checkout.sandbox) }).check();
      await goToPayment.click();

      const pedido = await approveInSandbox(page);
      await page.getByTestId("payment-success").waitFor({ timeout: 20_000 });
      expect((await page.getByTestId("pickup-code").textContent())?.trim()).toMatch(/^[A-Z0-9]{6}$/);
      expect(await page.getByRole("link", { name: t.payment.print }).getAttribute("href")).toBe(`/ecom/venda/pedidos/${pedido}/ticket.pdf`);
      await expectNoSeriousAxeViolations(page);

      await page.getByRole("link", { name: t.payment.viewOrders }).click();
      await page.waitForURL(/\/perfil\/meus-pedidos/);
      await page.getByText(t.orders.statuses.PAGO).first().waitFor();
      // Checkout cleared the cart.
      await page
        .locator("header")
        .getByRole("link", { name: /Carrinho, itens: 0/ })
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a Paraguayan customer (es-PY, G$) on a phone buys with delivery to Ciudad del Este and sees the order PAGO", async () => {
    const t = cartEs.cart;
    const { token } = await shop.newCustomer("py");
    const [, , c] = products;
    const ext = await shop.customerCart(token, 3, [{ produto_id: c!.id, qtde: 1 }]);
    const { page, errors, close } = await shop.signedInPage(browser, MOBILE, token, "es-PY", ext);
    try {
      await page.goto("/checkout", { waitUntil: "networkidle" });
      const shipping = page.getByTestId("shipping-section");
      await shipping.waitFor();
      await page.getByTestId("item-count").getByText(t.itemCount.replace("{{count}}", "1")).waitFor();
      await shipping.getByRole("combobox", { name: new RegExp(`^${t.shipping.chooseAddress}`) }).waitFor();
      // Delivery services to Ciudad del Este are offered besides pickup in the shop; take the first one.
      const options = shipping.getByRole("group", { name: t.shipping.options }).getByRole("radio");
      await options.first().waitFor();
      expect(await options.count()).toBeGreaterThan(1);
      await options.first().check();
      const summary = page.getByTestId("order-summary");
      await summary.getByText(t.checkout.totalTax).waitFor();
      await summary.getByText(t.checkout.shipping, { exact: true }).waitFor();
      expect(await page.getByTestId("checkout-total").textContent()).toMatch(/^G\$ [\d.]+$/);
      await expectNoSeriousAxeViolations(page);

      const footer = page.getByTestId("checkout-footer");
      await footer.getByRole("button", { name: t.checkout.continue }).click();
      await page.getByRole("radio", { name: new RegExp(t.checkout.sandbox) }).check();
      await footer.getByRole("button", { name: t.checkout.finish }).click();

      const pedido = await approveInSandbox(page);
      await page.getByTestId("payment-success").waitFor({ timeout: 20_000 });

      await page.goto(`/pedido/${pedido}`, { waitUntil: "networkidle" });
      await page.getByTestId("order-status").getByText(t.orders.statuses.PAGO).waitFor();
      await page.getByTestId("payment-status").getByText(t.orders.paymentStatuses.PAGO).waitFor();
      expect(await page.getByRole("link", { name: t.orders.printTicket }).getAttribute("href")).toBe(`/ecom/venda/pedidos/${pedido}/ticket.pdf`);
      expect(await page.getByTestId("order-line").count()).toBe(1);
      const ticket = await page.request.get(`/ecom/venda/pedidos/${pedido}/ticket.pdf`);
      expect(ticket.status()).toBe(200);
      expect(ticket.headers()["content-type"]).toContain("application/pdf");
      await expectNoSeriousAxeViolations(page);

      // Someone else's order is a 404 page.
      const other = await page.goto(`/pedido/${randomUUID()}`);
      expect(other?.status()).toBe(404);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
