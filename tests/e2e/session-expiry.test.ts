import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { accountPt as accountPt } from "../support/account-texts.ts";
import cartPt from "../../app/i18n/locales/pt-BR/cart.json" with { type: "json" };
import shellPt from "../../app/i18n/pt-BR.json" with { type: "json" };
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { DESKTOP, MOBILE, PASSWORD, e2eShop } from "../support/e2e-shop.ts";

/** A session that runs out in an open tab: the tab notices, says so, keeps the cart and brings the customer back. */

const baseURL = storeURL();
const shop = e2eShop(baseURL);
const t = cartPt.cart;
const acc = accountPt.account;

let browser: Browser;
let products: ProductSummary[];

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseURL}/api/public/products?per_page=50&moeda_id=2`);
  products = ((await res.json()) as { data: ProductSummary[] }).data.filter(
    (p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 10 && p.slug,
  );
});
afterAll(async () => {
  await browser?.close();
});

/** Ends the session on the server (as its hour running out does): the token no longer opens anything. */
async function endSession(token: string) {
  const res = await fetch(`${baseURL}/ecom/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
}

const greeting = (name: string) => acc.header.greeting.replace("{{name}}", name);
const cartBadge = (count: number) => new RegExp(`^${shellPt.header.cartLabel.replace("{{count}}", String(count))}$`);

describe("a session that ends in an open tab", () => {
  it("on desktop: the next cart change notices it, keeps the cart as a guest's, and the login brings the customer back", async () => {
    const { email, token } = await shop.newCustomer("br");
    const [a, b] = products;
    const cart = await shop.customerCart(token, 2, [{ produto_id: a!.id, qtde: 1 }]);
    const { page, errors, close } = await shop.signedInPage(browser, DESKTOP, token, "pt-BR", cart);
    try {
      await page.goto(`/produto/${b!.slug}`, { waitUntil: "networkidle" });
      const header = page.locator("header");
      await header.getByText(greeting("João")).waitFor();
      await page.getByTestId("add-to-cart").first().click();
      const drawer = page.getByRole("dialog", { name: t.title });
      await drawer.getByTestId("cart-line").filter({ hasText: b!.nome }).waitFor();
      expect(await drawer.getByTestId("cart-line").count()).toBe(2);

      // The hour is up while the tab stays open (the browser still sends the dead cookie).
      await endSession(token);
      await drawer.getByRole("button", { name: t.increase.replace("{{name}}", b!.nome) }).click();

      const notice = page.getByTestId("session-ended");
      await notice.getByText(t.session.ended).waitFor();
      await header.getByRole("link", { name: new RegExp(shellPt.header.login) }).waitFor();
      expect(await header.getByText(greeting("João")).count()).toBe(0);
      // Nothing the customer put in the cart is lost, the change they just made included.
      await drawer.getByTestId("cart-line").filter({ hasText: b!.nome }).getByTestId("line-qty").filter({ hasText: "2" }).waitFor();
      expect(await drawer.getByTestId("cart-line").count()).toBe(2);
      await header.getByRole("link", { name: cartBadge(3) }).waitFor();
      await expectNoSeriousAxeViolations(page);

      // Log in again from the notice: back on the product page, signed in, with the same cart.
      await page.keyboard.press("Escape");
      await notice.getByRole("link", { name: t.session.login }).click();
      await page.waitForURL(/\/login\?redirect=/);
      await page.getByRole("textbox", { name: new RegExp(`^${acc.fields.email}`) }).fill(email);
      await page.getByLabel(new RegExp(`^${acc.fields.password}`)).fill(PASSWORD);
      await page.getByRole("button", { name: acc.login.submit, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/produto/${b!.slug}`, { timeout: 20_000 });
      await page.waitForLoadState("networkidle");
      await header.getByText(greeting("João")).waitFor();
      await header.getByRole("link", { name: cartBadge(3) }).waitFor();
      expect(await page.getByTestId("session-ended").count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("at 390 px: a navigation notices it, and the kept cart survives a reload", async () => {
    const { email, token } = await shop.newCustomer("br");
    const [, , c, d] = products;
    const cart = await shop.customerCart(token, 2, [
      { produto_id: c!.id, qtde: 2 },
      { produto_id: d!.id, qtde: 1 },
    ]);
    const { context, page, errors, close } = await shop.signedInPage(browser, MOBILE, token, "pt-BR", cart);
    try {
      await page.goto("/carrinho", { waitUntil: "networkidle" });
      await page.getByTestId("cart-line").filter({ hasText: c!.nome }).waitFor();
      const nav = page.getByTestId("bottom-nav");
      await nav.getByRole("link", { name: cartBadge(3) }).waitFor();

      // The hour is up: the server forgets the session and the browser drops its cookie.
      await endSession(token);
      await context.clearCookies({ name: "sid" });
      await page.getByRole("link", { name: t.continueShopping }).click();
      await page.waitForURL(/\/produtos/);
      await page.getByTestId("session-ended").getByText(t.session.ended).waitFor();
      await nav.getByRole("link", { name: cartBadge(3) }).waitFor();

      await page.reload({ waitUntil: "networkidle" });
      await nav.getByRole("link", { name: cartBadge(3) }).waitFor();
      await page.goto("/carrinho", { waitUntil: "networkidle" });
      await page.getByTestId("cart-line").filter({ hasText: d!.nome }).waitFor();
      expect(await page.getByTestId("cart-line").count()).toBe(2);

      await nav.getByRole("link", { name: shellPt.bottomNav.login }).click();
      await page.waitForURL(/\/login\?redirect=%2Fcarrinho/);
      await page.getByRole("textbox", { name: new RegExp(`^${acc.fields.email}`) }).fill(email);
      await page.getByLabel(new RegExp(`^${acc.fields.password}`)).fill(PASSWORD);
      await page.getByRole("button", { name: acc.login.submit, exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/carrinho", { timeout: 20_000 });
      await page.getByTestId("cart-line").filter({ hasText: c!.nome }).getByTestId("line-qty").filter({ hasText: "2" }).waitFor();
      expect(await page.getByTestId("cart-line").count()).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a logout on purpose is no surprise: no notice, and the cart is not kept", async () => {
    const { token } = await shop.newCustomer("br");
    const [a] = products;
    const cart = await shop.customerCart(token, 2, [{ produto_id: a!.id, qtde: 1 }]);
    const { page, errors, close } = await shop.signedInPage(browser, DESKTOP, token, "pt-BR", cart);
    try {
      await page.goto("/perfil", { waitUntil: "networkidle" });
      const header = page.locator("header");
      await header.getByRole("link", { name: cartBadge(1) }).waitFor();
      await page.getByRole("button", { name: acc.logout.button }).first().click();
      await page.getByRole("dialog", { name: acc.logout.title }).getByRole("button", { name: acc.logout.confirm }).click();
      await page.waitForURL((url) => url.pathname === "/login");
      await header.getByRole("link", { name: cartBadge(0) }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.getByTestId("session-ended").count()).toBe(0);
      await page.goto("/", { waitUntil: "networkidle" });
      await header.getByRole("link", { name: cartBadge(0) }).waitFor();
      expect(await page.getByTestId("session-ended").count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
