import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductSummary, ProductsPage } from "#contract/api/catalog.ts";
import cartPt from "../../app/i18n/locales/pt-BR/cart.json" with { type: "json" };
import productPt from "../../app/i18n/locales/pt-BR/product.json" with { type: "json" };
import { validation as ptValidation } from "#contract/messages/pt-BR.ts";
import { accountPt } from "../support/account-texts.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { DESKTOP, MOBILE, PASSWORD, e2eShop } from "../support/e2e-shop.ts";
import { storeURL } from "../support/e2e-store.ts";
import { png } from "../support/fixtures.ts";

/**
 * What customers meet, to the spec's letter: an Argentinian's prices in the currency they pay in (§9), a
 * Brazilian company's CNPJ (§5), the product page's alerts that go after 3 s (§4).
 */

const baseURL = storeURL();
const shop = e2eShop(baseURL);
const pt = accountPt.account;

let browser: Browser;
let products: ProductSummary[];

beforeAll(async () => {
  browser = await launchBrowser();
  const all: ProductSummary[] = [];
  for (let page = 1; page <= 3; page++) {
    const list = await shop.json<ProductsPage>(`/api/public/products?per_page=100&page=${page}`);
    all.push(...list.data);
    if (page >= list.last_page) break;
  }
  products = all;
});
afterAll(async () => {
  await browser?.close();
});

async function guestPage(viewport: { width: number; height: number }, lang: string) {
  const context = await browser.newContext({ viewport, baseURL });
  await context.addCookies([{ name: "lang", value: lang, url: baseURL }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

/** The currencies of the prices the product cards of the page (or of `within`) show (spec §3 preco_atual.formatado). */
async function cardPrices(page: import("playwright-core").Page, within = "main"): Promise<string[]> {
  const texts = await page.locator(`${within} article`).allInnerTexts();
  return texts.flatMap((text) => [...text.matchAll(/(U\$|G\$|R\$|P\$)\s?[\d.,]+/g)].map((m) => m[1]!));
}

describe("an Argentinian's currency (spec §9: a signed-in non-foreign customer gets currency 3)", () => {
  it("shows a signed-in Argentinian guaraníes, as the cart charges, where the es-AR guest sees dollars", async () => {
    const guest = await guestPage(DESKTOP, "es-AR");
    try {
      await guest.page.goto("/produtos", { waitUntil: "networkidle" });
      const shown = await cardPrices(guest.page);
      expect(shown.length).toBeGreaterThan(0);
      expect(new Set(shown)).toEqual(new Set(["U$"]));
    } finally {
      await guest.close();
    }

    const { token } = await shop.newCustomer("ar");
    // A product whose brand has others in stock: the page shows them as related products.
    const inStock = products.filter((p) => p.tem_estoque && p.mostrar_preco && p.qtde_disponivel >= 2 && p.slug && p.marca);
    const product = inStock.find((p) => inStock.filter((o) => o.marca!.id === p.marca!.id).length >= 3)!;
    const cart = await shop.customerCart(token, 3, [{ produto_id: product.id, qtde: 1 }]);
    const { page, errors, close } = await shop.signedInPage(browser, DESKTOP, token, "es-AR", cart);
    try {
      await page.goto("/produtos", { waitUntil: "networkidle" });
      expect(await page.locator("html").getAttribute("lang")).toBe("es-AR");
      const listed = await cardPrices(page);
      expect(listed.length).toBeGreaterThan(0);
      expect(new Set(listed)).toEqual(new Set(["G$"]));
      // The home page's tabs, loaded by the browser, and the related products of a product page too.
      await page.goto("/", { waitUntil: "networkidle" });
      expect(new Set(await cardPrices(page))).toEqual(new Set(["G$"]));
      await page.goto(`/produto/${product.slug}`, { waitUntil: "networkidle" });
      await page.getByTestId("main-price").waitFor();
      await page.getByTestId("related-products").scrollIntoViewIfNeeded();
      await expect.poll(() => cardPrices(page, '[data-testid="related-products"]').then((shown) => shown.length)).toBeGreaterThan(0);
      expect(new Set(await cardPrices(page, '[data-testid="related-products"]'))).toEqual(new Set(["G$"]));
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("a Brazilian company (spec §5: CPF or CNPJ)", () => {
  it("registers with its CNPJ, masked and checked as typed, and the profile shows it", async () => {
    const { page, errors, close } = await guestPage(DESKTOP, "pt-BR");
    try {
      const email = `cnpj-${randomUUID().slice(0, 8)}@example.com`;
      await page.goto("/cadastro");
      await page.getByRole("heading", { level: 1, name: pt.register.title }).waitFor();
      await page.getByRole("button", { name: pt.register.next }).click();
      await page.getByLabel(pt.fields.nome, { exact: true }).fill("Ferragens");
      await page.getByLabel(pt.fields.sobrenome, { exact: true }).fill("Paulista Ltda");
      await page.getByLabel(pt.fields.email, { exact: true }).fill(email);
      await page.getByLabel(pt.fields.emailConfirmation, { exact: true }).fill(email);
      await page.getByLabel(pt.fields.telefone, { exact: true }).fill("11987654321");
      await page.getByLabel(pt.fields.password, { exact: true }).fill(PASSWORD);
      await page.getByLabel(pt.fields.passwordConfirmation, { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: pt.register.next }).click();

      const documento = page.getByLabel(pt.fields.cpfOrCnpj, { exact: true });
      // A CPF's mask while it could still be one, the CNPJ's once the number is longer.
      await documento.pressSequentially("112223330");
      expect(await documento.inputValue()).toBe("112.223.330");
      await documento.pressSequentially("00182");
      expect(await documento.inputValue()).toBe("11.222.333/0001-82");
      await page.getByLabel(pt.fields.identidade, { exact: true }).fill("123456789");
      await page.getByLabel(pt.fields.identidadeComplemento, { exact: true }).fill("SSP/SP");
      const image = (name: string) => ({ name, mimeType: "image/png", buffer: png(4, 4) });
      await page.getByLabel(pt.fields.frente, { exact: true }).setInputFiles(image("frente.png"));
      await page.getByLabel(pt.fields.verso, { exact: true }).setInputFiles(image("verso.png"));
      await page.getByRole("button", { name: pt.register.next }).click();
      // Checked in the browser before anything is sent, with the API's own words.
      await page.getByText(ptValidation.invalid_cnpj).first().waitFor();
      await documento.fill("11222333000181");
      expect(await documento.inputValue()).toBe("11.222.333/0001-81");
      await page.getByRole("button", { name: pt.register.next }).click();

      const cep = page.getByLabel(pt.fields.cep, { exact: true });
      await cep.fill("01310100");
      await cep.blur();
      await expect.poll(() => page.getByLabel(pt.fields.cidade, { exact: true }).inputValue()).toBe("São Paulo");
      await page.getByLabel(pt.fields.numero, { exact: true }).fill("1578");
      await expectNoSeriousAxeViolations(page);
      await page.getByRole("button", { name: pt.register.submit }).click();

      await page.waitForURL(/\/perfil\/dados-pessoais$/);
      await page.getByText(email).first().waitFor();
      await page.getByText("11.222.333/0001-81").waitFor();
      await page.getByText(pt.documentTypes.CNPJ, { exact: true }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("the product page's alerts (spec §4: they disappear after 3 s)", () => {
  const alertText = (text: string) => async (page: import("playwright-core").Page) => {
    const alert = page.getByTestId("add-to-cart-alert");
    await alert.filter({ hasText: text }).waitFor();
    const shownAt = Date.now();
    await expect.poll(() => alert.innerText(), { timeout: 6000, interval: 50 }).toBe("");
    return Date.now() - shownAt;
  };

  it("'Estoque máximo' shows under the button for 3 s, not as a toast", async () => {
    const product = products.find((p) => p.tem_estoque && p.mostrar_preco && p.qtde_disponivel >= 2 && p.qtde_disponivel <= 20 && p.slug)!;
    const { page, errors, close } = await guestPage(MOBILE, "pt-BR");
    try {
      await page.goto(`/produto/${product.slug}`, { waitUntil: "networkidle" });
      const stock = Math.floor(product.qtde_disponivel);
      await page.getByLabel(productPt.product.quantity.label, { exact: true }).fill(String(stock));
      await page.getByTestId("add-to-cart").click();
      const drawer = page.getByRole("dialog", { name: cartPt.cart.title });
      await drawer.waitFor();
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });

      await page.getByTestId("add-to-cart").click();
      const message = cartPt.cart.stockMax.replace("{{n}}", String(stock));
      const shownFor = await alertText(message)(page);
      expect(shownFor).toBeGreaterThan(2500);
      expect(shownFor).toBeLessThan(3700);
      // Nowhere else on the page: no toast repeats it.
      expect(await page.getByText(message).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("an unavailable product's alert goes after 3 s as well", async () => {
    const product = products.find((p) => !p.tem_estoque && p.slug)!;
    expect(product, "the seeded catalogue has a product out of stock").toBeDefined();
    const { page, errors, close } = await guestPage(DESKTOP, "pt-BR");
    try {
      await page.goto(`/produto/${product.slug}`, { waitUntil: "networkidle" });
      // aria-disabled, not disabled: a shopper can still press it, and is told why nothing happens.
      await page.getByTestId("add-to-cart").click({ force: true });
      const shownFor = await alertText(cartPt.cart.unavailable)(page);
      expect(shownFor).toBeGreaterThan(2500);
      expect(shownFor).toBeLessThan(3700);
      expect(await page.getByText(cartPt.cart.unavailable).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
