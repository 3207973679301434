import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import { PHONE, staffMailLink } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser, newLocalContext } from "../support/browser.ts";

const baseURL = storeURL();
const pt = admin.admin;
const owner = DEMO_STAFF.find((m) => m.papel === "owner")!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Logs the context in through the API, as the login page would, and answers the session's CSRF token. */
async function apiLogin(context: BrowserContext, email: string, password: string): Promise<string> {
  const res = await context.request.post("/api/admin/login", { data: { email, password }, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { csrf_token: string }).csrf_token;
}

/** A new member, created by the demo owner, who has already chosen their own password; answers their CSRF token too. */
async function newMember(context: BrowserContext, papel = "counter", nome = "Dora Dois Fatores") {
  const email = `dois-fatores-${randomUUID().slice(0, 8)}@loja.example`;
  const first = "Primeira#Senha2026";
  const password = "Escolhida#Senha2026";
  const ownerContext = await newLocalContext(browser, { baseURL });
  const ownerCsrf = await apiLogin(ownerContext, owner.email, owner.password);
  const created = await ownerContext.request.post("/api/admin/staff", {
    data: { email, nome, papel, lang: "pt-BR", password: first },
    headers: { origin: baseURL, "x-csrf-token": ownerCsrf },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  await ownerContext.close();
  const csrf = await apiLogin(context, email, first);
  const changed = await context.request.patch("/api/admin/me", {
    data: { current_password: first, password },
    headers: { origin: baseURL, "x-csrf-token": csrf },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return { id, email, password, csrf };
}

const overflow = (page: Awaited<ReturnType<BrowserContext["newPage"]>>) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("two-factor in the back office", () => {
  it("lets a member enrol from a phone, then asks for the app's code at login and refuses a wrong one in their language", async () => {
    const context = await browser.newContext({ viewport: PHONE, baseURL });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const member = await newMember(context);

    await page.goto("/admin/conta");
    await page.getByRole("heading", { level: 2, name: pt.account.totp.title }).waitFor();
    // The password alone does not enrol: an enrolment code from the owner, or the link e-mailed to the member.
    await page.getByLabel(pt.account.totp.inviteCode).fill("abcd-efgh-jkmn-pqrs");
    await page.getByRole("button", { name: pt.account.totp.start }).click();
    await page.getByText("Código de cadastro inválido ou expirado. Peça um novo.").first().waitFor();
    await page.getByRole("button", { name: pt.account.totp.invite }).click();
    await page.getByText("Enviamos para o seu e-mail um link para ativar a verificação em duas etapas. Ele vale por 1 hora.").waitFor();
    const link = await staffMailLink(baseURL, member.email, /https?:\/\/\S+\/admin\/conta\?convite=[a-z2-9-]+/);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await page.getByText(pt.account.totp.withLink).waitFor();
    await page.getByRole("button", { name: pt.account.totp.start }).click();
    await page.getByRole("img", { name: pt.account.totp.qrAlt }).waitFor();
    expect(await page.getByRole("img", { name: pt.account.totp.qrAlt }).getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const app = new TOTP({ secret: Secret.fromBase32(secret) });

    const code = page.getByLabel(pt.account.totp.code, { exact: true });
    expect(await code.getAttribute("inputmode")).toBe("numeric");
    expect(await code.getAttribute("autocomplete")).toBe("one-time-code");
    await code.fill(app.generate());
    await page.getByRole("button", { name: pt.account.totp.confirm }).click();
    const list = page.getByTestId("recovery-codes");
    await expect.poll(() => list.getByRole("listitem").count()).toBe(10);
    await page.getByText(pt.account.totp.codesSave).waitFor();
    const recovery = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
    for (const c of recovery) expect(c).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole("button", { name: pt.account.totp.codesDone }).click();
    await page.getByText(pt.account.totp.on).waitFor();
    expect(await list.count()).toBe(0);

    // Logged out and in again: the password alone is not enough.
    await page.getByRole("button", { name: pt.nav.logout }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.getByLabel(pt.login.email).fill(member.email);
    await page.getByLabel(pt.login.password).fill(member.password);
    await page.getByRole("button", { name: pt.login.submit }).click();
    await page.getByRole("heading", { name: pt.login.codeTitle }).waitFor();
    expect((await context.cookies()).find((c) => c.name === "staff_sid")).toBeUndefined();
    const loginCode = page.getByLabel(pt.login.code, { exact: true });
    expect(await loginCode.getAttribute("inputmode")).toBe("numeric");
    expect(await loginCode.getAttribute("autocomplete")).toBe("one-time-code");
    const right = app.generate({ timestamp: Date.now() + 30_000 });
    await loginCode.fill(right === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: pt.login.verify }).click();
    await page.getByRole("alert").filter({ hasText: "Código inválido. Confira o código do aplicativo e tente novamente." }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByLabel(pt.login.code, { exact: true }).fill(right);
    await page.getByRole("button", { name: pt.login.verify }).click();
    await page.waitForURL(/\/admin\/balcao$/);
    await expect.poll(() => page.getByTestId("admin-member").textContent()).toContain("Dora Dois Fatores");

    // At tablet width, a recovery code in place of the app's: it works once.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.getByRole("button", { name: pt.nav.logout }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.getByLabel(pt.login.email).fill(member.email);
    await page.getByLabel(pt.login.password).fill(member.password);
    await page.getByRole("button", { name: pt.login.submit }).click();
    await page.getByRole("button", { name: pt.login.useRecovery }).click();
    await page.getByLabel(pt.login.recovery, { exact: true }).fill(recovery[0]!);
    await page.getByRole("button", { name: pt.login.verify }).click();
    await page.waitForURL(/\/admin\/balcao$/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a member without two-factor to enrol once the owner makes it mandatory", async () => {
    // An owner of this test alone, with two-factor (the switch asks for it), flips it on and off.
    const ownerContext = await newLocalContext(browser, { baseURL });
    const second = await newMember(ownerContext, "owner", "Otília Dona");
    const write = { origin: baseURL, "x-csrf-token": second.csrf };
    // The demo owner hands the new owner an enrolment code.
    const demoContext = await newLocalContext(browser, { baseURL });
    const demoCsrf = await apiLogin(demoContext, owner.email, owner.password);
    const handed = await demoContext.request.post(`/api/admin/staff/${second.id}/totp/invite`, {
      headers: { origin: baseURL, "x-csrf-token": demoCsrf },
    });
    expect(handed.status(), await handed.text()).toBe(200);
    const convite = ((await handed.json()) as { codigo: string }).codigo;
    await demoContext.close();
    const started = await ownerContext.request.post("/api/admin/me/totp", { data: { convite }, headers: write });
    const enrolment = (await started.json()) as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(enrolment.secret) }).generate();
    expect((await ownerContext.request.post("/api/admin/me/totp/confirm", { data: { codigo: code, convite }, headers: write })).status()).toBe(200);
    const context = await browser.newContext({ viewport: PHONE, baseURL });
    await newMember(context, "manager", "Gina Gerente");
    const setMandatory = (on: boolean) => ownerContext.request.put("/api/admin/settings", { data: { totp_obrigatorio: on }, headers: write });
    expect((await setMandatory(true)).status()).toBe(200);
    try {
      const page = await context.newPage();
      await page.goto("/admin/produtos");
      await page.waitForURL(/\/admin\/conta$/);
      await page.getByRole("alert").filter({ hasText: pt.account.totp.required }).waitFor();
      await page.getByRole("button", { name: pt.account.totp.start }).waitFor();
      expect((await page.request.get("/api/admin/products")).status()).toBe(403);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    } finally {
      expect((await setMandatory(false)).status()).toBe(200);
      await context.close();
      await ownerContext.close();
    }
  });
});
