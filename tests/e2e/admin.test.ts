import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_STAFF } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import adminEs from "#app/i18n/locales/es-PY/admin.json" with { type: "json" };
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";

const baseURL = inject("baseURL");
const pt = admin.admin;
const es = adminEs.admin;
const owner = DEMO_STAFF.find((m) => m.papel === "owner")!;
const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 768, height: 1024 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors, context, close: () => context.close() };
}

type Page = Awaited<ReturnType<typeof newPage>>["page"];

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel(pt.login.email).fill(email);
  await page.getByLabel(pt.login.password).fill(password);
  await page.getByRole("button", { name: pt.login.submit }).click();
}

describe("the back office", () => {
  it("lets the owner in where they were going, add a counter, read the refusal of a taken e-mail and find both in the audit log", async () => {
    const { page, errors, context, close } = await newPage();
    await page.goto("/admin/equipe");
    await page.waitForURL(/\/admin\/login\?redirect=%2Fadmin%2Fequipe$/);
    await expect(page.title()).resolves.toBe(`${pt.login.title} · ${pt.brand}`);
    await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toBe("noindex, nofollow");
    await logIn(page, owner.email, "Errada#123456");
    await page.getByRole("alert").filter({ hasText: "Credenciais inválidas" }).waitFor();
    await logIn(page, owner.email, owner.password);
    await page.waitForURL(/\/admin\/equipe$/);
    const cookie = (await context.cookies()).find((c) => c.name === "staff_sid");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict" });

    const email = `balcao-${randomUUID().slice(0, 8)}@loja.example`;
    const form = page.locator("form").filter({ has: page.locator('input[name="intent"][value="create"]') });
    await form.getByLabel(pt.staff.name).fill("Rosa do Balcão");
    await form.getByLabel(pt.staff.email).fill(email);
    await form.getByLabel(pt.staff.role).selectOption("counter");
    await form.getByLabel(pt.staff.password).fill("Rosa#Inicial2026");
    await form.getByRole("button", { name: pt.staff.create }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toBe("Funcionário cadastrado.");
    await expect.poll(() => page.getByTestId("staff-row").filter({ hasText: email }).textContent()).toContain(pt.staff.mustChange);
    // The same address again, in capitals: refused by its field, and nothing else changes.
    await form.getByLabel(pt.staff.name).fill("Outra Rosa");
    await form.getByLabel(pt.staff.email).fill(email.toUpperCase());
    await form.getByLabel(pt.staff.password).fill("Rosa#Inicial2026");
    await form.getByRole("button", { name: pt.staff.create }).click();
    await expect.poll(() => form.locator("#field-email-error").textContent()).toBe("Já existe um funcionário com este e-mail.");
    await expect.poll(() => page.getByTestId("staff-row").filter({ hasText: email }).count()).toBe(1);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole("link", { name: pt.nav.audit }).click();
    await page.waitForURL(/\/admin\/auditoria$/);
    const entry = page.getByTestId("audit-row").filter({ hasText: email });
    await expect.poll(() => entry.textContent()).toContain(`${pt.audit.actions.criar} · ${pt.audit.entities.funcionario}`);
    await expect.poll(() => entry.textContent()).toContain(owner.email);
    await expect.poll(() => entry.textContent()).toContain("Rosa do Balcão");
    await page.getByLabel(pt.audit.action).selectOption("trocar_senha");
    await page.getByRole("button", { name: pt.audit.filter }).click();
    await page.waitForURL(/acao=trocar_senha/);
    await expect.poll(() => page.getByTestId("audit-row").filter({ hasText: email }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole("button", { name: pt.nav.logout }).click();
    await page.waitForURL(/\/admin\/login$/);
    expect((await context.cookies()).find((c) => c.name === "staff_sid")).toBeUndefined();
    await page.goto("/admin");
    await page.waitForURL(/\/admin\/login$/);
    expect(errors).toEqual([]);
    await close();

    // The new counter: a new password first, then the counter's sections only, in the language of their choice.
    const counter = await newPage(TABLET);
    await counter.page.goto("/admin");
    await logIn(counter.page, email, "Rosa#Inicial2026");
    await counter.page.waitForURL(/\/admin\/conta$/);
    await counter.page.getByRole("alert").filter({ hasText: pt.account.mustChange }).waitFor();
    await counter.page.goto("/admin/auditoria");
    await counter.page.waitForURL(/\/admin\/conta$/);
    const passwordForm = counter.page.locator("form").filter({ has: counter.page.locator('input[name="intent"][value="password"]') });
    await passwordForm.getByLabel(pt.account.current, { exact: true }).fill("Rosa#Inicial2026");
    await passwordForm.getByLabel(pt.account.new, { exact: true }).fill("Rosa#Escolhida2026");
    await passwordForm.getByLabel(pt.account.confirm).fill("Rosa#Outra2026");
    await passwordForm.getByRole("button", { name: pt.account.change }).click();
    await expect.poll(() => passwordForm.locator("#field-password_confirmation-error").textContent()).toBe(pt.account.mismatch);
    await passwordForm.getByLabel(pt.account.new, { exact: true }).fill("Rosa#Escolhida2026");
    await passwordForm.getByLabel(pt.account.confirm).fill("Rosa#Escolhida2026");
    await passwordForm.getByRole("button", { name: pt.account.change }).click();
    await expect.poll(() => passwordForm.getByRole("status").textContent()).toBe(pt.account.changed);

    await counter.page.getByLabel(pt.account.language, { exact: true }).selectOption("es-PY");
    await counter.page.getByRole("button", { name: pt.account.saveLanguage }).click();
    await expect.poll(() => counter.page.getByRole("heading", { level: 1 }).textContent()).toBe(es.account.title);
    await expect.poll(() => counter.page.locator("html").getAttribute("lang")).toBe("es-PY");
    const nav = counter.page.getByRole("navigation", { name: es.nav.label });
    await expect.poll(() => nav.getByRole("link").allTextContents()).toEqual([es.nav.home, es.nav.account]);
    await counter.page.goto("/admin/equipe");
    await expect.poll(() => counter.page.getByRole("heading", { level: 1 }).textContent()).toBe(es.forbidden.title);
    await counter.page.goto("/admin/auditoria");
    await expect.poll(() => counter.page.getByRole("heading", { level: 1 }).textContent()).toBe(es.forbidden.title);
    expect(await counter.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(counter.errors).toEqual([]);
    await counter.close();
  });

  it("sends a visitor holding only the storefront's cookies to the staff login (a real customer session is refused in server/modules/admin)", async () => {
    const { page, context, close } = await newPage();
    await context.addCookies([
      { name: "sid", value: `x${randomUUID()}`, url: baseURL },
      { name: "lang", value: "es-PY", url: baseURL },
    ]);
    await page.goto("/admin/auditoria");
    await page.waitForURL(/\/admin\/login\?redirect=%2Fadmin%2Fauditoria$/);
    // The staff login speaks the visitor's language until a member is known.
    await page.getByRole("heading", { level: 1, name: es.login.title }).waitFor();
    expect((await page.request.get("/api/admin/session")).status()).toBe(401);
    await close();
  });
});
