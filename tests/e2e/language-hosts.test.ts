import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import shellPt from "../../app/i18n/pt-BR.json" with { type: "json" };
import cartEs from "../../app/i18n/locales/es-PY/cart.json" with { type: "json" };
import cartPt from "../../app/i18n/locales/pt-BR/cart.json" with { type: "json" };
import { launchBrowser } from "../support/browser.ts";
import { DESKTOP, MOBILE, e2eShop } from "../support/e2e-shop.ts";

/**
 * The language switch between the two brands' hosts (spec §4, docs/decisions/040), a guest's cart going
 * along; an unknown ?lang= leaving the address; the browser's calls naming the page's currency (spec §7);
 * and a checkout answered without a payment link (spec §8).
 */
const baseURL = storeURL();
const { port } = new URL(baseURL);
const shop = e2eShop(baseURL);
// The test server's default brand hosts (HOST_PT, HOST_ES), which this test's browser resolves to it.
const PT_HOST = "ferramentasdoparaguai.com.br";
const ES_HOST = "ferreteriadeleste.com.py";

let browser: Browser;
let products: ProductSummary[];

beforeAll(async () => {
  browser = await launchBrowser([`--host-resolver-rules=MAP ${PT_HOST}:80 127.0.0.1:${port}, MAP ${ES_HOST}:80 127.0.0.1:${port}`]);
  const res = await fetch(`${baseURL}/api/public/products?per_page=50&moeda_id=2`);
  products = ((await res.json()) as { data: ProductSummary[] }).data.filter((p) => p.mostrar_preco && p.tem_estoque && p.qtde_disponivel >= 6);
});
afterAll(async () => {
  await browser?.close();
});

/** A guest's cart made through the API (the product page adds the same way). */
async function guestCart(produtoId: number): Promise<{ id: number; external_id: string }> {
  const external_id = randomUUID();
  const res = await fetch(`${baseURL}/ecom/venda/carrinho`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ external_id, filial_id: "1", moeda_id: "2", itens: [{ produto_id: produtoId, qtde: 2, armazem_id: 1 }] }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { id: number; external_id: string } }).data;
}

/** The API calls the page makes from the browser (fetch), to check what each names. */
function apiCalls(page: Page): URL[] {
  const calls: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === "fetch" && /^\/(ecom|api)\//.test(url.pathname)) calls.push(url);
  });
  return calls;
}

describe("the language switch between the brands' hosts", () => {
  it("leads a guest from the Portuguese host to the Spanish one at the same path, the cart going along and no hand-over left in the address", async () => {
    const product = products[0]!;
    const cart = await guestCart(product.id);
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addInitScript(
      ({ saved, host }) => {
        if (location.host !== host || localStorage.getItem("cartExternalId")) return;
        localStorage.setItem("cartExternalId", saved.external_id);
        localStorage.setItem("cartId", String(saved.id));
      },
      { saved: cart, host: PT_HOST },
    );
    const page = await context.newPage();
    const calls = apiCalls(page);
    try {
      await page.goto(`http://${PT_HOST}/produtos?page=1`, { waitUntil: "networkidle" });
      expect(await page.locator("html").getAttribute("lang")).toBe("pt-BR");
      const header = page.locator("header");
      await header
        .getByRole("button", { name: /Alterar idioma/ })
        .first()
        .click();
      const spanish = header.getByRole("link", { name: shellPt.language.names["es-AR"] }).first();
      expect(await spanish.getAttribute("href")).toBe(`http://${ES_HOST}/produtos?page=1&lang=es-AR`);
      await spanish.click();

      await page.waitForURL(`http://${ES_HOST}/produtos?page=1`);
      await page.waitForLoadState("networkidle");
      expect(await page.locator("html").getAttribute("lang")).toBe("es-AR");
      expect(await page.evaluate(() => localStorage.getItem("cartExternalId"))).toBe(cart.external_id);
      expect(await page.evaluate(() => document.cookie)).not.toContain("cart_handover");
      await header
        .getByRole("link", { name: /Carrito/ })
        .first()
        .click();
      const drawer = page.getByRole("dialog", { name: cartEs.cart.title });
      // The line is the product's: its code (the name is the Spanish one here).
      await drawer.getByText(product.codigo).first().waitFor();

      // Spec §7: every call of the storefront's client names the currency.
      expect(calls.length).toBeGreaterThan(0);
      for (const url of calls) expect(url.searchParams.get("moeda_id"), url.pathname).toMatch(/^[1-4]$/);
    } finally {
      await context.close();
    }
  });

  it("keeps one host (the server's own address) and only changes ?lang=, and removes an unknown ?lang= from the address", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL });
    const page = await context.newPage();
    try {
      await page.goto("/marcas?lang=xx", { waitUntil: "networkidle" });
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/marcas");
      const header = page.locator("header");
      await header
        .getByRole("button", { name: /Alterar idioma/ })
        .first()
        .click();
      expect(await header.getByRole("link", { name: shellPt.language.names["es-PY"] }).first().getAttribute("href")).toBe("/marcas?lang=es-PY");
    } finally {
      await context.close();
    }
  });
});

describe.each([
  ["desktop", DESKTOP, cartPt.cart.checkout.linkNotFound],
  ["390 px", MOBILE, cartPt.cart.checkout.linkError],
] as const)("a checkout answered without a payment link on %s", (label, viewport, expected) => {
  it(`says '${expected}' (spec §8)`, async () => {
    const t = cartPt.cart;
    const { token } = await shop.newCustomer("br");
    const product = products[label === "desktop" ? 1 : 2]!;
    const cart = await shop.customerCart(token, 2, [{ produto_id: product.id, qtde: 1 }]);
    const { page, close } = await shop.signedInPage(browser, viewport, token, "pt-BR", cart);
    try {
      // The API answers as a gateway that made no link would leave it: no link at all.
      await page.route("**/iniciar-checkout*", (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ link_pagamento: [] }) }),
      );
      await page.goto("/checkout", { waitUntil: "networkidle" });
      await page.getByTestId("shipping-section").getByTestId("pickup-place").waitFor();
      const scope = label === "desktop" ? page.getByRole("complementary", { name: t.checkout.summary }) : page.getByTestId("checkout-footer");
      await scope.getByRole("button", { name: t.checkout.continue }).click();
      await page.getByRole("radio", { name: new RegExp(t.checkout.sandbox) }).check();
      await scope.getByRole("button", { name: label === "desktop" ? t.checkout.goToPayment : t.checkout.finish }).click();
      const alert = page.getByTestId("checkout-error");
      await alert.getByText(expected, { exact: true }).waitFor();
      expect(await alert.textContent()).toBe(`${t.checkout.paymentErrorTitle}${expected}`);
    } finally {
      await close();
    }
  });
});
