import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import cartEs from "../../app/i18n/locales/es-PY/cart.json" with { type: "json" };
import cartPt from "../../app/i18n/locales/pt-BR/cart.json" with { type: "json" };
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { DESKTOP, MOBILE, approveInSandbox, e2eShop } from "../support/e2e-shop.ts";

/** Where a pickup order is collected, on desktop and at 390 px; each over-stock line's own maximum. */

const baseURL = storeURL();
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
      await line(a!)
        .getByRole("button", { name: t.decrease.replace("{{name}}", a!.nome) })
        .click();
      await line(a!).getByTestId("line-notice").getByText(max(1), { exact: true }).waitFor();
      await line(b!).getByTestId("line-notice").getByText(max(2), { exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("a Paraguayan without a saved address", () => {
  it("gets options for a department and city, then for a pickup point, and finds the point again after a reload", async () => {
    const es = cartEs.cart;
    const { token } = await shop.newCustomer("py");
    // The registration's address is put aside: the checkout then asks for a department and a city.
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const saved = (await (await fetch(`${baseURL}/ecom/cliente/address`, { headers: { authorization: auth.authorization } })).json()) as {
      data: { id: number }[];
    };
    expect(saved.data.length).toBeGreaterThan(0);
    for (const address of saved.data) {
      const res = await fetch(`${baseURL}/ecom/cliente/address/${address.id}`, {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({ ativo: false }),
      });
      expect(res.status).toBe(200);
    }
    const cart = await shop.customerCart(token, 3, [{ produto_id: products[0]!.id, qtde: 1 }]);
    const points = (await (
      await fetch(`${baseURL}/ecom/venda/carrinho/${cart.external_id}/pontos-entrega`, { headers: { authorization: auth.authorization } })
    ).json()) as {
      data: { id: number; nome: string; estado: string; cidade: string; endereco: string }[];
    };
    const point = points.data[0]!;
    expect(point, "the demo shop has pickup points").toBeDefined();

    const { page, errors, close } = await shop.signedInPage(browser, MOBILE, token, "es-PY", cart);
    try {
      await page.goto("/checkout", { waitUntil: "networkidle" });
      const shipping = page.getByTestId("shipping-section");
      const department = shipping.getByRole("combobox", { name: es.shipping.state, exact: true });
      await expect.poll(() => department.locator("option").count()).toBeGreaterThan(5);
      await department.selectOption({ label: "Alto Paraná" });
      const city = shipping.getByRole("combobox", { name: es.shipping.city, exact: true });
      await expect.poll(() => city.locator("option").count()).toBeGreaterThan(2);
      await city.selectOption({ label: "Ciudad del Este" });
      const options = shipping.getByRole("group", { name: es.shipping.options }).getByRole("radio");
      await expect.poll(() => options.count()).toBeGreaterThan(1);

      await shipping.getByRole("radio", { name: es.shipping.pickupMode }).check();
      await shipping.getByRole("combobox", { name: es.shipping.state, exact: true }).selectOption({ label: point.estado });
      await shipping.getByRole("combobox", { name: es.shipping.city, exact: true }).selectOption({ label: point.cidade });
      await shipping.getByRole("combobox", { name: es.shipping.pickupPoint, exact: true }).selectOption({ label: point.nome });
      await shipping.getByText(point.endereco, { exact: false }).first().waitFor();
      await options.first().waitFor();
      await expectNoSeriousAxeViolations(page);

      // The choice is the browser's: after a reload the same point is chosen and priced again.
      await page.reload({ waitUntil: "networkidle" });
      await expect.poll(() => shipping.getByRole("combobox", { name: es.shipping.pickupPoint, exact: true }).inputValue()).toBe(String(point.id));
      expect(await shipping.getByRole("radio", { name: es.shipping.pickupMode }).isChecked()).toBe(true);
      await options.first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
