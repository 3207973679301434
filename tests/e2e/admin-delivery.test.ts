import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductsPage } from "#contract/api/catalog.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import pagesTexts from "#app/i18n/locales/pt-BR/admin-pages.json" with { type: "json" };
import deliveryTexts from "#app/i18n/locales/pt-BR/admin-delivery.json" with { type: "json" };
import product from "#app/i18n/locales/es-PY/product.json" with { type: "json" };
import { DESKTOP, logIn, newAdminPage, TABLET } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { storeURL } from "../support/e2e-store.ts";

const baseURL = storeURL();
const nav = admin.admin.nav;
const pt = { pages: pagesTexts.admin.pages, delivery: deliveryTexts.admin.delivery };
const shipping = product.product.shipping;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;
const counter = DEMO_STAFF.find((m) => m.papel === "counter")!;

const QUESTION = "Como faço para comprar?";
const COURIER = { pt: "Motoboy Alto Paraná (mesmo dia)", es: "Delivery en el día - Alto Paraná" };
const PLACE = "Ciudad del Este · Alto Paraná";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function staffPage(member: { email: string; password: string }, viewport = DESKTOP) {
  const { page, errors, close } = await newAdminPage(browser, baseURL, viewport, { local: true });
  await page.goto("/admin/login");
  await logIn(page, member.email, member.password);
  await page.waitForURL(/\/admin(\/balcao)?$/);
  return { page, errors, close };
}
type Page = Awaited<ReturnType<typeof staffPage>>["page"];

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The manager's FAQ answer form of the first question. */
async function saveAnswer(page: Page, answer: string) {
  await page.goto("/admin/paginas");
  const item = page.getByTestId("admin-faq").filter({ hasText: QUESTION });
  await item.locator("summary").click();
  const form = item.getByRole("form", { name: pt.pages.faq.edit.replace("{{question}}", QUESTION) });
  await form.getByLabel(pt.pages.faq.answerPt).fill(answer);
  await form.getByRole("button", { name: admin.admin.catalogue.save }).click();
  await expect.poll(() => form.getByRole("status").textContent()).toBe("Pergunta salva. A loja já mostra a mudança.");
}

/** The courier's Ciudad del Este rate, found through the rates' filter, saved with `value`. */
async function saveRate(page: Page, value: string) {
  await page.goto("/admin/entregas");
  const filter = page.getByRole("form", { name: pt.delivery.rates.filter });
  await filter.getByLabel(pt.delivery.rates.service).selectOption({ label: COURIER.pt });
  await filter.getByLabel(pt.delivery.department).selectOption({ label: "Alto Paraná" });
  await filter.getByRole("button", { name: pt.delivery.rates.filter }).click();
  await page.waitForURL(/departamento=\d+/);
  const item = page.getByTestId("admin-rate").filter({ hasText: PLACE });
  await expect.poll(() => item.count()).toBe(1);
  await item.locator("summary").click();
  const form = item.getByRole("form", { name: pt.delivery.rates.edit.replace("{{place}}", PLACE) });
  await form.getByLabel(pt.delivery.rates.value).fill(value);
  await form.getByRole("button", { name: pt.delivery.save }).click();
  const saved = "Tarifa salva. A próxima cotação já a usa.";
  await expect.poll(() => form.getByRole("status").textContent()).toBe(saved);
  // The list read again shows the saved value (and the form holds it): only then is the next edit its own.
  await expect.poll(() => item.locator("summary").textContent()).toContain(`G$ ${Number(value).toLocaleString("es-PY")}`);
  // The form's fields start again from the saved rate, and its message stays until the member moves on.
  expect(await form.getByLabel(pt.delivery.rates.value).inputValue()).toBe(value);
  expect(await form.getByRole("status").textContent({ timeout: 2_000 })).toBe(saved);
  return form;
}

describe("pages and delivery in the back office", () => {
  it("a manager edits a FAQ answer: the how-to-buy page shows it at once", async () => {
    const { page, errors, close } = await staffPage(manager);
    const shopper = await browser.newPage({ baseURL, viewport: DESKTOP });
    const answer = `Escolha, pague pelo link e retire na loja. (${Date.now()})`;
    await shopper.goto("/como-comprar?lang=pt-BR");
    const original = (await shopper.getByRole("listitem").filter({ hasText: QUESTION }).locator("details p").textContent())!;
    try {
      await page.getByRole("navigation", { name: nav.label }).getByRole("link", { name: pt.pages.title }).click();
      await page.waitForURL(/\/admin\/paginas$/);
      await expectNoSeriousAxeViolations(page);
      await saveAnswer(page, answer);
      // No waiting: the write cleared every cache the storefront's next answer comes from.
      await shopper.goto("/como-comprar?lang=pt-BR");
      await shopper.getByText(QUESTION).click();
      await shopper.getByText(answer).waitFor({ state: "visible" });
      expect(errors.join("\n")).toBe("");
    } finally {
      // The demo shop as it was, for the browser tests that run after this one on the same store.
      await saveAnswer(page, original);
      await shopper.close();
      await close();
    }
  }, 120_000);

  it("a manager edits a rate: the product page's shipping calculator quotes it at once", async () => {
    const { page, errors, close } = await staffPage(manager);
    const shopper = await browser.newPage({ baseURL, viewport: DESKTOP });
    const { data } = (await (await fetch(`${baseURL}/api/public/products?lang=es&moeda_id=3&per_page=1&tem_estoque=1`)).json()) as ProductsPage;
    try {
      await page.getByRole("navigation", { name: nav.label }).getByRole("link", { name: pt.delivery.title }).click();
      await page.waitForURL(/\/admin\/entregas$/);
      await expectNoSeriousAxeViolations(page);
      const form = await saveRate(page, "17000");
      // A guaraní rate with cents is refused by its field, nothing saved.
      await form.getByLabel(pt.delivery.rates.value).fill("17000,50");
      await form.getByRole("button", { name: pt.delivery.save }).click();
      await expect.poll(() => form.locator('[id$="-valor-error"]').textContent()).toBe("Informe um número inteiro");

      await shopper.goto(`/produto/${data[0]!.slug}?lang=es-PY`, { waitUntil: "networkidle" });
      const calculator = shopper.getByRole("region", { name: shipping.title });
      const department = calculator.getByRole("combobox", { name: shipping.department });
      await department.getByRole("option", { name: "Alto Paraná" }).waitFor({ state: "attached" });
      await department.selectOption({ label: "Alto Paraná" });
      await calculator.getByRole("combobox", { name: shipping.city }).selectOption({ label: "Ciudad del Este" });
      await calculator.getByRole("button", { name: shipping.submit }).click();
      const courier = calculator.getByTestId("shipping-options").getByRole("listitem").filter({ hasText: COURIER.es });
      await expect.poll(() => courier.textContent()).toContain("G$ 17.000");
      expect(errors.join("\n")).toBe("");
    } finally {
      await saveRate(page, "15000");
      await shopper.close();
      await close();
    }
  }, 120_000);

  it("both screens fit a tablet, and the counter has no link to them and is refused at their address", async () => {
    const tablet = await staffPage(manager, TABLET);
    for (const path of ["/admin/paginas", "/admin/entregas"]) {
      await tablet.page.goto(path);
      await tablet.page.getByRole("heading", { level: 1 }).waitFor();
      expect(await overflow(tablet.page)).toBeLessThanOrEqual(0);
    }
    await expectNoSeriousAxeViolations(tablet.page);
    await tablet.close();

    const desk = await staffPage(counter);
    await desk.page.goto("/admin");
    expect(await desk.page.locator('a[href="/admin/paginas"], a[href="/admin/entregas"]').count()).toBe(0);
    for (const path of ["/admin/paginas", "/admin/entregas"]) {
      const response = await desk.page.goto(path);
      expect(response?.status()).toBe(403);
    }
    await desk.close();
  }, 120_000);
});
