import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import adminCustomers from "#app/i18n/locales/pt-BR/admin-customers.json" with { type: "json" };
import esPY from "../../app/i18n/es-PY.json" with { type: "json" };
import { accountEs, accountPt } from "../support/account-texts.ts";
import { DESKTOP, logIn, newAdminPage, TABLET } from "../support/admin-browser.ts";
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
