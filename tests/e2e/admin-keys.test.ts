import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import { newAdminPage, logIn, DESKTOP } from "../support/admin-browser.ts";
import { launchBrowser } from "../support/browser.ts";

const baseURL = storeURL();
const t = admin.admin.keys;
const owner = DEMO_STAFF.find((m) => m.papel === "owner")!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the keys' screen", () => {
  it("makes a price-and-stock key with a last day and allowed addresses, and lists them", async () => {
    const { page, errors, close } = await newAdminPage(browser, baseURL, DESKTOP, { local: true });
    await page.goto("/admin/chaves");
    await logIn(page, owner.email, owner.password);
    await page.waitForURL(/\/admin\/chaves$/);
    const name = `Caixa ${randomUUID().slice(0, 6)}`;
    await page.getByLabel(t.name).fill(name);
    expect(await page.getByLabel(t.scope).inputValue()).toBe("preco_estoque");
    await page.getByLabel(t.expiry).fill(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
    await page.getByLabel(t.addresses).fill("203.0.113.0/24\n198.51.100.7");
    await page.getByRole("button", { name: t.createButton }).click();
    await expect.poll(() => page.getByTestId("new-api-key").inputValue()).toMatch(/^sk_[0-9a-f]{12}_/);
    const row = page.getByTestId("api-key-row").filter({ hasText: name });
    await expect.poll(() => row.innerText()).toContain(t.scopes.preco_estoque);
    expect(await row.innerText()).toContain("203.0.113.0/24, 198.51.100.7");
    // A bad address is named on its field.
    await page.getByLabel(t.name).fill("Outra");
    await page.getByLabel(t.addresses).fill("10.0.0.300");
    await page.getByRole("button", { name: t.createButton }).click();
    await expect.poll(() => page.locator("#field-enderecos-error").innerText()).toBe("Valor inválido");
    expect(errors).toEqual([]);
    await close();
  });
});
