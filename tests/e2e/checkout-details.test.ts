import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ProductSummary } from "#contract/api/catalog.ts";
import cartPt from "../../app/i18n/locales/pt-BR/cart.json" with { type: "json" };
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { DESKTOP, MOBILE, approveInSandbox, e2eShop } from "../support/e2e-shop.ts";

/** Where a pickup order is collected, on desktop and at 390 px; each over-stock line's own maximum. */

const baseURL = inject("baseURL");
const shop = e2eShop(baseURL);
const t = cartPt.cart;
// The e2e server runs with the default STORE_ADDRESS (README Configuration).
const SHOP_ADDRESS = process.env.STORE_ADDRESS ?? "Av. San Blas 1234, Ciudad del Este, Alto Paraná, Paraguay";

let browser: Browser;
let products: ProductSummary[];

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseURL}/api/public/products?per_page=50&moeda_id=2`);
  products = ((await res.json()) as { data: ProductSummary[] }).data.filter((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 6);
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ["desktop", DESKTOP],
  ["390 px", MOBILE],
] as const)("a Brazilian customer's pickup order on %s", (label, viewport) => {
  it("names the shop's address as the pickup place, at checkout, in the order and never the customer's address", async () => {
    const { token } = await shop.newCustomer("br");
    const product = products[label === "desktop" ? 4 : 5]!;
    const cart = await shop.customerCart(token, 2, [{ produto_id: product.id, qtde: 1 }]);
    const { page, errors, close } = await shop.signedInPage(browser, viewport, token, "pt-BR", cart);
    try {
      await page.goto("/checkout", { waitUntil: "networkidle" });
      const shipping = page.getByTestId("shipping-section");
      await shipping.getByTestId("pickup-place").getByText(SHOP_ADDRESS).waitFor();
      expect(await shipping.getByTestId("pickup-place").textContent()).toBe(`${t.shipping.pickupPlace}: ${SHOP_ADDRESS}`);
      const place = page.getByTestId("summary-place");
      await place.getByText(SHOP_ADDRESS).waitFor();
      expect(await place.textContent()).toBe(`${t.checkout.pickupAt}: ${SHOP_ADDRESS}`);
      const main = page.locator("main");
      for (const text of ["Avenida Paulista", t.shipping.address, t.checkout.deliveryTo]) expect(await main.getByText(text).count(), text).toBe(0);
      expect(await place.isVisible()).toBe(true);
      await expectNoSeriousAxeViolations(page);

      const scope = label === "desktop" ? page.getByRole("complementary", { name: t.checkout.summary }) : page.getByTestId("checkout-footer");
      await scope.getByRole("button", { name: t.checkout.continue }).click();
      await page.getByRole("radio", { name: new RegExp(t.checkout.sandbox) }).check();
      await scope.getByRole("button", { name: label === "desktop" ? t.checkout.goToPayment : t.checkout.finish }).click();
      const pedido = await approveInSandbox(page);
      await page.getByTestId("payment-success").waitFor({ timeout: 20_000 });

      await page.goto(`/pedido/${pedido}`, { waitUntil: "networkidle" });
      await page.getByTestId("order-place").getByText(SHOP_ADDRESS).waitFor();
      await main.getByText(t.orders.pickupPlace, { exact: true }).waitFor();
      for (const text of ["Avenida Paulista", t.orders.deliveryAddress]) expect(await main.getByText(text).count(), text).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("stock that runs out under an open cart", () => {
  it("shows each line its own maximum, at checkout and in the cart", async () => {
    // Two products with little stock, so another customer's orders can leave 1 and 2 units.
    const [a, b] = products.filter((p) => p.qtde_disponivel <= 21).slice(-2);
    expect(b, "the demo shop has products with 6 to 21 units").toBeDefined();
    const { token } = await shop.newCustomer("br");
    const cart = await shop.customerCart(token, 2, [
      { produto_id: a!.id, qtde: 3 },
      { produto_id: b!.id, qtde: 3 },
    ]);
    const { page, errors, close } = await shop.signedInPage(browser, DESKTOP, token, "pt-BR", cart);
    try {
      await page.goto("/checkout", { waitUntil: "networkidle" });
      await page.getByTestId("shipping-section").getByTestId("pickup-place").waitFor();
      const other = await shop.newCustomer("py");
      await shop.reserve(other.token, [
        { produto_id: a!.id, qtde: a!.qtde_disponivel - 1 },
        { produto_id: b!.id, qtde: b!.qtde_disponivel - 2 },
      ]);

      const line = (p: ProductSummary) => page.getByTestId("cart-line").filter({ hasText: p.nome });
      const max = (n: number) => t.stockMax.replace("{{n}}", String(n));
      const aside = page.getByRole("complementary", { name: t.checkout.summary });
      await aside.getByRole("button", { name: t.checkout.continue }).click();
      await page.getByRole("radio", { name: new RegExp(t.checkout.sandbox) }).check();
      await aside.getByRole("button", { name: t.checkout.goToPayment }).click();
      await page.getByTestId("checkout-error").getByText("Estoque insuficiente").waitFor();
      await line(a!).getByTestId("line-notice").getByText(max(1), { exact: true }).waitFor();
      await line(b!).getByTestId("line-notice").getByText(max(2), { exact: true }).waitFor();

      // In the cart: one line lowered, both still over the stock, each told its own maximum.
      await page.goto("/carrinho", { waitUntil: "networkidle" });
      await line(a!).getByRole("button", { name: t.decrease.replace("{{name}}", a!.nome) }).click();
      await line(a!).getByTestId("line-notice").getByText(max(1), { exact: true }).waitFor();
      await line(b!).getByTestId("line-notice").getByText(max(2), { exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
