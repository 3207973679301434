import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import { logIn, newAdminPage, PHONE, staffMailLink } from "../support/admin-browser.ts";
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

/** A counter created by the demo owner, signed in once in a window of its own (the session the reset must end). */
async function memberWithSession() {
  const email = `esqueceu-${randomUUID().slice(0, 8)}@loja.example`;
  const password = "Primeira#Senha2026";
  const ownerContext = await newLocalContext(browser, { baseURL });
  const login = await ownerContext.request.post("/api/admin/login", {
    data: { email: owner.email, password: owner.password },
    headers: { origin: baseURL },
  });
  const { csrf_token } = (await login.json()) as { csrf_token: string };
  const created = await ownerContext.request.post("/api/admin/staff", {
    data: { email, nome: "Ester Esquecida", papel: "counter", lang: "pt-BR", password },
    headers: { origin: baseURL, "x-csrf-token": csrf_token },
  });
  expect(created.status(), await created.text()).toBe(201);
  await ownerContext.close();
  const elsewhere = await browser.newContext({ baseURL });
  expect((await elsewhere.request.post("/api/admin/login", { data: { email, password }, headers: { origin: baseURL } })).status()).toBe(200);
  return { email, elsewhere };
}

describe("a forgotten back-office password", () => {
  it("is reset from the login screen with the e-mailed link, once, ending the member's other sessions", async () => {
    const { email, elsewhere } = await memberWithSession();
    const { page, errors, close } = await newAdminPage(browser, baseURL, PHONE);
    try {
      await page.goto("/admin/login");
      await page.getByRole("link", { name: pt.login.forgot }).click();
      await page.waitForURL(/\/admin\/recuperar-senha$/);
      await page.getByRole("heading", { level: 1, name: pt.reset.requestTitle }).waitFor();
      await page.getByLabel(pt.login.email).fill(email);
      await page.getByRole("button", { name: pt.reset.send }).click();
      await page.getByRole("status").filter({ hasText: "Se o e-mail estiver cadastrado, você receberá um link para redefinir sua senha." }).waitFor();
      await expectNoSeriousAxeViolations(page);

      const link = await staffMailLink(baseURL, email, /https?:\/\/\S+\/admin\/redefinir-senha\/[\w-]+/);
      const path = link.replace(/^https?:\/\/[^/]+/, "");
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: pt.reset.newTitle }).waitFor();
      await page.getByLabel(pt.reset.newPassword).fill("Nova#Senha2026x");
      await page.getByLabel(pt.reset.confirmPassword).fill("Outra#Senha2026x");
      await page.getByRole("button", { name: pt.reset.save }).click();
      await page.getByRole("alert").filter({ hasText: pt.account.mismatch }).first().waitFor();
      await page.getByLabel(pt.reset.newPassword).fill("Nova#Senha2026x");
      await page.getByLabel(pt.reset.confirmPassword).fill("Nova#Senha2026x");
      await page.getByRole("button", { name: pt.reset.save }).click();
      await page.getByRole("status").filter({ hasText: "Senha redefinida com sucesso! Faça login com a nova senha." }).waitFor();
      await expectNoSeriousAxeViolations(page);
      // The session of the other browser ended with the reset.
      expect((await elsewhere.request.get("/api/admin/session")).status()).toBe(401);

      // The link works once.
      await page.goto(path);
      await page.getByLabel(pt.reset.newPassword).fill("Terceira#Senha2026");
      await page.getByLabel(pt.reset.confirmPassword).fill("Terceira#Senha2026");
      await page.getByRole("button", { name: pt.reset.save }).click();
      await page.getByRole("alert").filter({ hasText: "Este link é inválido ou expirou. Solicite um novo." }).first().waitFor();

      await page.getByRole("link", { name: pt.reset.backToLogin }).click();
      await page.waitForURL(/\/admin\/login$/);
      await logIn(page, email, "Nova#Senha2026x");
      await page.waitForURL(/\/admin\/balcao$/);
      await expect.poll(() => page.getByTestId("admin-member").textContent()).toContain("Ester Esquecida");
      expect(errors).toEqual([]);
    } finally {
      await elsewhere.close();
      await close();
    }
  });
});
