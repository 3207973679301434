import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import adminCustomers from "#app/i18n/locales/pt-BR/admin-customers.json" with { type: "json" };
import adminEs from "#app/i18n/locales/es-PY/admin.json" with { type: "json" };
import adminCustomersEs from "#app/i18n/locales/es-PY/admin-customers.json" with { type: "json" };
import ordersEs from "#app/i18n/locales/es-PY/admin-orders.json" with { type: "json" };
import { apiMessage } from "#contract/messages.ts";
import esPY from "../../app/i18n/es-PY.json" with { type: "json" };
import { accountEs, accountPt } from "../support/account-texts.ts";
import { DESKTOP, logIn, newAdminPage, PHONE, TABLET } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { e2eShop, PASSWORD } from "../support/e2e-shop.ts";
import { storeURL } from "../support/e2e-store.ts";
import { png } from "../support/fixtures.ts";

const baseURL = storeURL();
const pt = admin.admin;
const c = adminCustomers.admin.customers;
const es = accountEs.account;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;
const owner = DEMO_STAFF.find((m) => m.papel === "owner")!;
const counterMember = DEMO_STAFF.find((m) => m.papel === "counter")!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function staffPage(member: { email: string; password: string }, viewport = DESKTOP) {
  const opened = await newAdminPage(browser, baseURL, viewport, { local: true });
  await opened.page.goto("/admin/login");
  await logIn(opened.page, member.email, member.password);
  await opened.page.waitForURL(/\/admin(\/conta|\/balcao)?$/);
  return opened;
}

/** The mail the store wrote to `email` (the dev outbox answers only to this machine), newest first. */
async function mailsTo(email: string) {
  const { data } = (await (await fetch(`${baseURL}/dev/mail.json`)).json()) as { data: { para: string; assunto: string; texto: string }[] };
  return data.filter((m) => m.para.toLowerCase() === email.toLowerCase());
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Every image of the page has loaded (a refused link would leave it broken). */
const imagesLoaded = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>("main img")].map((img) => img.complete && img.naturalWidth > 0));

describe("customers and their documents in the back office", () => {
  it("a manager rejects a customer's document with a reason, the customer reads it on the profile and sends new images, and the audit log names who viewed them", async () => {
    const customer = await e2eShop(baseURL).newCustomer("py");

    // The manager finds the customer by e-mail with the search form and opens their page.
    const staff = await staffPage(manager);
    const { page } = staff;
    await page.getByRole("navigation", { name: pt.nav.label }).getByRole("link", { name: c.nav }).click();
    await page.waitForURL(/\/admin\/clientes$/);
    await page.getByRole("search").getByLabel(c.search).fill(customer.email.toUpperCase());
    await page.getByRole("search").getByRole("button", { name: c.filter }).click();
    await page.waitForURL(/\/admin\/clientes\?q=/);
    await expect.poll(() => page.getByTestId("customer-row").count()).toBe(1);
    await expectNoSeriousAxeViolations(page);
    await page.getByTestId("customer-row").getByRole("link", { name: "María Benítez" }).click();
    await page.waitForURL(/\/admin\/clientes\/\d+$/);
    const customerPath = new URL(page.url()).pathname;
    await page.getByRole("heading", { level: 1, name: "María Benítez" }).waitFor();
    await page.getByTestId("customer-data").getByText(customer.email).waitFor();
    await page.getByTestId("customer-data").getByText(c.notConfirmed).waitFor();

    // Both sides of the document are shown through their short-lived links.
    await page.getByRole("img", { name: `${c.sides.frente} do documento de María Benítez` }).waitFor();
    await page.getByRole("img", { name: `${c.sides.verso} do documento de María Benítez` }).waitFor();
    await expect.poll(() => imagesLoaded(page)).toEqual([true, true]);
    await expectNoSeriousAxeViolations(page);

    // Refused without a reason, then rejected as expired with a note.
    const review = page.getByRole("form", { name: c.review });
    await review.getByLabel(c.reject, { exact: true }).check();
    await review.getByRole("button", { name: c.saveReview }).click();
    await review.getByRole("alert").waitFor();
    await review.getByLabel(c.reject, { exact: true }).check();
    await review.getByLabel(c.reason, { exact: true }).selectOption("vencido");
    await review.getByLabel(c.note, { exact: true }).fill("La cédula venció en 2024.");
    await review.getByRole("button", { name: c.saveReview }).click();
    await expect.poll(() => review.getByRole("status").textContent()).toMatch(/^Documento recusado/);
    await expect.poll(() => page.getByTestId("document-review").textContent()).toContain(c.states.rejeitado);
    await expect.poll(() => page.getByTestId("document-review").textContent()).toContain(`Revisado por ${manager.nome}`);

    // The customer's e-mail, in their language (Spanish), says why.
    await expect
      .poll(async () => (await mailsTo(customer.email)).map((m) => m.assunto))
      .toContainEqual(expect.stringMatching(/^Documento rechazado/));
    const [mail] = (await mailsTo(customer.email)).filter((m) => m.assunto.startsWith("Documento rechazado"));
    expect(mail!.texto).toContain("el documento está vencido");

    // At tablet width the customer's page has no sideways scroll.
    await page.setViewportSize(TABLET);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP);

    // The customer signs in, reads the refusal on the profile and sends new images.
    const shopper = await browser.newContext({ viewport: DESKTOP, baseURL });
    await shopper.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
    const profile = await shopper.newPage();
    await profile.goto(`/login?redirect=${encodeURIComponent("/perfil/dados-pessoais")}`);
    await profile.getByLabel(accountPt.account.fields.email, { exact: true }).fill(customer.email);
    await profile.getByLabel(accountPt.account.fields.password, { exact: true }).fill(PASSWORD);
    await profile.getByRole("button", { name: accountPt.account.login.submit, exact: true }).click();
    await profile.waitForURL((url) => url.pathname.startsWith("/perfil/dados-pessoais"));
    await profile.getByRole("heading", { level: 1, name: esPY.profileNav.personalData }).waitFor();
    const notice = profile.getByTestId("document-rejected");
    await notice.getByText(es.personal.documentRejected).waitFor();
    await notice.getByText(es.personal.documentReason.replace("{{reason}}", es.personal.documentReasons.vencido)).waitFor();
    await notice.getByText("La cédula venció en 2024.", { exact: false }).waitFor();
    await expectNoSeriousAxeViolations(profile);
    await notice.getByRole("button", { name: es.personal.documentUpload }).click();
    const dialog = profile.getByRole("dialog", { name: es.personal.editTitle });
    await dialog.getByLabel(es.fields.frente, { exact: true }).setInputFiles({ name: "frente.png", mimeType: "image/png", buffer: png(6, 4) });
    await dialog.getByLabel(es.fields.verso, { exact: true }).setInputFiles({ name: "verso.png", mimeType: "image/png", buffer: png(6, 4) });
    await dialog.getByRole("button", { name: es.common.save }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => notice.count()).toBe(0);
    await profile.getByText(es.personal.documentStates.pendente, { exact: true }).waitFor();
    await shopper.close();

    // The manager sees a new review waiting, with the new images.
    await page.goto(customerPath);
    await expect.poll(() => page.getByTestId("document-review").textContent()).toContain(c.states.pendente);
    await expect.poll(() => imagesLoaded(page)).toEqual([true, true]);
    await staff.close();

    // The owner reads in the audit log who viewed the images.
    const ownerPage = await staffPage(owner);
    await ownerPage.page.goto("/admin/auditoria?acao=documento_visto");
    const rows = ownerPage.page.getByTestId("audit-row").filter({ hasText: manager.email });
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
    await rows.first().getByText(pt.audit.actions.documento_visto, { exact: false }).waitFor();
    expect(staff.errors).toEqual([]);
    expect(ownerPage.errors).toEqual([]);
    await ownerPage.close();
  });

  it("speaks Spanish to a manager who reads it: list, search, detail and the document's review, without sideways scroll on a phone or a tablet", async () => {
    const shop = e2eShop(baseURL);
    const customer = await shop.newCustomer("py");
    const { data: products } = await shop.json<{ data: { id: number }[] }>("/api/public/products?per_page=1&tem_estoque=1");
    const order = await shop.placeOrder(customer.token, 3, [{ produto_id: products[0]!.id, qtde: 1 }], { paid: false });
    const staff = await staffPage(manager);
    const { page } = staff;
    const ces = adminCustomersEs.admin.customers;
    /** Every text the Portuguese screens say that the Spanish ones say otherwise: none may be on a Spanish page. */
    const portugueseOnly = ((pt: unknown, es: unknown): string[] => {
      const walk = (a: unknown, b: unknown): string[] =>
        typeof a === "string"
          ? a !== b && !a.includes("{{") && a.length > 3
            ? [a]
            : []
          : Object.entries(a as object).flatMap(([k, v]) => walk(v, (b as Record<string, unknown>)[k]));
      return walk(pt, es);
    })(c, ces);
    const noPortuguese = async () => {
      const text = await page.getByRole("main").innerText();
      expect(portugueseOnly.filter((line) => text.includes(line))).toEqual([]);
    };
    const fits = async () => {
      for (const viewport of [PHONE, TABLET]) {
        await page.setViewportSize(viewport);
        expect(await overflow(page), `${viewport.width} px`).toBeLessThanOrEqual(0);
      }
      await page.setViewportSize(DESKTOP);
    };
    const language = async (lang: string, label: string, save: string) => {
      await page.goto("/admin/conta");
      await page.getByLabel(label, { exact: true }).selectOption(lang);
      await page.getByRole("button", { name: save }).click();
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(lang);
    };
    try {
      await language("es-PY", pt.account.language, pt.account.saveLanguage);

      // The list and the search by the document's number typed without its dash.
      await page.getByRole("navigation", { name: adminEs.admin.nav.label }).getByRole("link", { name: ces.nav }).click();
      await page.waitForURL(/\/admin\/clientes$/);
      await page.getByText(ces.intro).waitFor();
      await noPortuguese();
      await fits();
      const detail = await shop.json<{ documento: string }>("/ecom/me", { method: "POST", headers: { authorization: `Bearer ${customer.token}` } });
      await page.getByRole("search").getByLabel(ces.search).fill(detail.documento.replace(/\D/g, ""));
      await page.getByRole("search").getByRole("button", { name: ces.filter }).click();
      await page.waitForURL(/\/admin\/clientes\?q=/);
      await expect.poll(() => page.getByTestId("customer-row").count()).toBe(1);
      const row = page.getByTestId("customer-row");
      expect(await page.getByTestId("customer-table").locator("th").allInnerTexts()).toEqual(Object.values(ces.columns));
      expect(await row.textContent()).toContain(ces.nationalities.PY);
      expect(await row.textContent()).toContain(ces.states.pendente);
      expect(await row.textContent()).toContain(ces.notConfirmed);
      await noPortuguese();
      await fits();

      // The detail: the customer's data, language, orders and document, in Spanish.
      await row.getByRole("link", { name: "María Benítez" }).click();
      await page.waitForURL(/\/admin\/clientes\/\d+$/);
      const data = page.getByTestId("customer-data");
      await data.getByText(customer.email).waitFor();
      await data.getByText(adminEs.admin.languages["es-PY"], { exact: true }).waitFor();
      await page.getByRole("img", { name: `${ces.sides.frente} del documento de María Benítez` }).waitFor();
      await page.getByRole("img", { name: `${ces.sides.verso} del documento de María Benítez` }).waitFor();
      // The address's country in the reader's words, not as the geography names it.
      await page.getByText(`Ciudad del Este · Alto Paraná · ${ces.nationalities.PY}`).waitFor();
      const orders = page.getByTestId("customer-orders");
      expect(await orders.textContent()).toContain(order.pedido);
      // The order's states in Spanish, as the order screens say them.
      expect(await orders.textContent()).toContain(ordersEs.admin.orders.fulfilments.em_separacao);
      expect(await orders.textContent()).toMatch(
        new RegExp(`${ordersEs.admin.orders.statuses.PAGAMENTO}|${ordersEs.admin.orders.statuses.AGUARDANDO}`),
      );
      await page.getByText("1 pedido en total; el más reciente abajo.").waitFor();
      await noPortuguese();
      await fits();

      // Rejected without a reason: refused in Spanish; then rejected as illegible, then verified.
      const review = page.getByRole("form", { name: ces.review });
      await review.getByLabel(ces.reject, { exact: true }).check();
      await review.getByRole("button", { name: ces.saveReview }).click();
      await expect.poll(() => review.locator("#field-motivo-error").textContent()).toBe(apiMessage("es-PY", "required"));
      expect(await review.getByRole("alert").textContent()).toContain(apiMessage("es-PY", "validation_failed"));
      await review.getByLabel(ces.reject, { exact: true }).check();
      await review.getByLabel(ces.reason, { exact: true }).selectOption("ilegivel");
      await review.getByRole("button", { name: ces.saveReview }).click();
      await expect.poll(() => review.getByRole("status").textContent()).toBe(apiMessage("es-PY", "document_rejected"));
      const state = page.getByTestId("document-review");
      await expect.poll(() => state.textContent()).toContain(ces.states.rejeitado);
      expect(await state.textContent()).toContain(ces.reviewReason.replace("{{reason}}", ces.reasons.ilegivel));
      expect(await state.textContent()).toContain(`Revisado por ${manager.nome} el `);
      await noPortuguese();
      await fits();
      await review.getByLabel(ces.verify, { exact: true }).check();
      await review.getByRole("button", { name: ces.saveReview }).click();
      await expect.poll(() => review.getByRole("status").textContent()).toBe(apiMessage("es-PY", "document_verified"));
      await expect.poll(() => state.textContent()).toContain(ces.states.verificado);
      await noPortuguese();
      await fits();
      await expectNoSeriousAxeViolations(page);
      expect(staff.errors).toEqual([]);
    } finally {
      // The demo manager as the other browser tests of this store expect it.
      await language("pt-BR", adminEs.admin.account.language, adminEs.admin.account.saveLanguage);
      await staff.close();
    }
  });

  it("shows counter staff no customers link, and refuses them the customers' screens", async () => {
    const counter = await staffPage(counterMember, TABLET);
    const nav = counter.page.getByRole("navigation");
    await nav.first().waitFor();
    expect(await counter.page.getByRole("link", { name: c.nav, exact: true }).count()).toBe(0);
    const answer = await counter.page.goto("/admin/clientes");
    expect(answer?.status()).toBe(403);
    await counter.close();
  });
});
