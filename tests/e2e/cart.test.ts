import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { accountPt as accountPt } from "../support/account-texts.ts";
import cartPt from "../../app/i18n/locales/pt-BR/cart.json" with { type: "json" };
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { e2eShop, PASSWORD } from "../support/e2e-shop.ts";

const baseURL = storeURL();
const shop = e2eShop(baseURL);

interface SavedCart {
  id: number;
  external_id: string;
}
const t = cartPt.cart;
const acc = accountPt.account;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

let browser: Browser;
let products: ProductSummary[];

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseURL}/api/public/products?per_page=50&moeda_id=2`);
  const all = ((await res.json()) as { data: ProductSummary[] }).data;
  products = all.filter((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 3);
  products.sort((a, b) => a.qtde_disponivel - b.qtde_disponivel);
});
afterAll(async () => {
  await browser?.close();
});

/** A guest's cart made through the API, adopted by the browser as its saved cart (the product page adds the same way). */
async function guestCart(lines: { produto_id: number; qtde: number }[]): Promise<SavedCart> {
  const external_id = randomUUID();
  const res = await fetch(`${baseURL}/ecom/venda/carrinho`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ external_id, filial_id: "1", moeda_id: "2", itens: lines.map((l) => ({ ...l, armazem_id: 1 })) }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: SavedCart }).data;
}

async function newPage(viewport: { width: number; height: number }, externalId?: SavedCart) {
  const context = await browser.newContext({ viewport, baseURL });
  await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
  if (externalId) {
    await context.addInitScript((cart) => {
      if (localStorage.getItem("cartExternalId")) return;
      localStorage.setItem("cartExternalId", cart.external_id);
      localStorage.setItem("cartId", String(cart.id));
    }, externalId);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

async function openDrawer(page: Page, viewport: keyof typeof VIEWPORTS) {
  const scope = viewport === "desktop" ? page.locator("header") : page.getByTestId("bottom-nav");
  await scope.getByRole("link", { name: /Carrinho/ }).click();
  const drawer = page.getByRole("dialog", { name: t.title });
  await drawer.waitFor();
  return drawer;
}

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])("cart on %s", (viewport) => {
  it("a guest changes quantities in the drawer, is capped at stock, and the clear confirmation reverts by itself", async () => {
    const [scarce, other] = products;
    const ext = await guestCart([
      { produto_id: scarce!.id, qtde: 1 },
      { produto_id: other!.id, qtde: 2 },
    ]);
    const { page, errors, close } = await newPage(VIEWPORTS[viewport], ext);
    try {
      await page.goto("/", { waitUntil: "networkidle" });
      const badgeLabel =
        viewport === "desktop"
          ? page.locator("header").getByRole("link", { name: /Carrinho, itens: 3/ })
          : page.getByTestId("bottom-nav").getByRole("link", { name: /Carrinho, itens: 3/ });
      await badgeLabel.waitFor();

      const drawer = await openDrawer(page, viewport);
      const lines = drawer.getByTestId("cart-line");
      expect(await lines.count()).toBe(2);
      const first = lines.filter({ hasText: scarce!.nome });
      await first.getByText(t.code.replace("{{code}}", scarce!.codigo)).waitFor();
      expect(await first.getByRole("button", { name: t.decrease.replace("{{name}}", scarce!.nome) }).isDisabled()).toBe(true);

      // Up to the stock, then one more: capped, with the stock message under the line.
      const stock = Math.min(99, scarce!.qtde_disponivel);
      const plus = first.getByRole("button", { name: t.increase.replace("{{name}}", scarce!.nome) });
      for (let n = 2; n <= Math.min(stock, 4); n++) {
        await plus.click();
        await first
          .getByTestId("line-qty")
          .filter({ hasText: String(n) })
          .waitFor();
      }
      if (stock <= 4) {
        await plus.click();
        await first.getByText(t.stockMax.replace("{{n}}", String(stock))).waitFor();
        expect(await first.getByTestId("line-qty").textContent()).toBe(String(stock));
      }
      await page
        .getByTestId("cart-live")
        .filter({ hasText: /Carrinho atualizado/ })
        .waitFor({ state: "attached" });

      await expectNoSeriousAxeViolations(page);

      // Removing a line.
      await drawer.getByRole("button", { name: t.removeItem.replace("{{name}}", other!.nome) }).click();
      await lines.filter({ hasText: other!.nome }).waitFor({ state: "detached" });

      // Clear asks for confirmation, which goes back by itself after 3 s.
      await drawer.getByRole("button", { name: t.clear }).click();
      await drawer.getByRole("button", { name: t.clearConfirm }).waitFor();
      await drawer.getByRole("button", { name: t.clear }).waitFor({ timeout: 5000 });
      expect(await lines.count()).toBe(1);

      // Escape closes the drawer (after its 300 ms slide) and the page scrolls again.
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });

      // Confirmed clear empties the cart.
      const again = await openDrawer(page, viewport);
      await again.getByRole("button", { name: t.clear }).click();
      await again.getByRole("button", { name: t.clearConfirm }).click();
      await again.getByText(t.empty).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a guest goes from the drawer to checkout, is asked to log in, and keeps the cart after logging in", async () => {
    const { email } = await shop.newCustomer("py");
    const [, , product] = products;
    const ext = await guestCart([{ produto_id: product!.id, qtde: 2 }]);
    const { page, errors, close } = await newPage(VIEWPORTS[viewport], ext);
    try {
      await page.goto("/carrinho", { waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1, name: t.title }).waitFor();
      await page.getByTestId("cart-line").filter({ hasText: product!.nome }).waitFor();
      const drawer = await openDrawer(page, viewport);
      await drawer.getByRole("link", { name: t.goToCheckout }).click();
      await page.waitForURL(/\/checkout$/);
      await page.getByText(t.checkout.loginPrompt).waitFor();
      // The drawer cannot be opened on /checkout.
      if (viewport === "mobile") {
        await page
          .getByTestId("bottom-nav")
          .getByRole("link", { name: /Carrinho/ })
          .click();
        expect(await page.getByRole("dialog", { name: t.title }).isVisible()).toBe(false);
        await page.goto("/checkout", { waitUntil: "networkidle" });
      }
      expect(await page.locator("footer").count()).toBe(0);
      await expectNoSeriousAxeViolations(page);

      const login = page.getByTestId("checkout-login");
      await login.getByRole("textbox", { name: new RegExp(`^${acc.fields.email}`) }).fill(email);
      await login.getByLabel(new RegExp(`^${acc.fields.password}`)).fill(PASSWORD);
      await login.getByRole("button", { name: acc.login.submit, exact: true }).click();

      await page.getByTestId("shipping-section").waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).pathname).toBe("/checkout");
      // A resident's language becomes es-PY after login, so the line is found by its code.
      await page.getByTestId("cart-line").filter({ hasText: product!.codigo }).waitFor();
      expect(await page.getByTestId("cart-line").getByTestId("line-qty").textContent()).toBe("2");
      // Loaded while signed in, the guest cart became the customer's (a POST claims it): a guest can no longer read it.
      await expect.poll(async () => (await fetch(`${baseURL}/ecom/venda/carrinho/${ext.external_id}`)).status).toBe(404);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
