import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "#db/client.ts";
import { upsertStaffMember } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import { logIn, newAdminPage } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { scratchDatabase, type ScratchDatabase } from "../support/db-urls.ts";
import { freePort } from "../support/free-port.ts";
import { startStore } from "../support/store-process.ts";

/**
 * The step-up dialog (decision 026) in a real browser. The window opens at the login, so the test closes it
 * in the database: this store runs on a PostgreSQL database of its own, and the test is skipped without one.
 */
const pt = admin.admin;
const adminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

async function postgresAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

const available = await postgresAnswers();

describe.skipIf(!available)("step-up in the back office", () => {
  let browser: Browser;
  let scratch: ScratchDatabase;
  let database: Database;
  let store: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    scratch = await scratchDatabase(adminUrl, "store_stepup");
    const port = await freePort();
    store = await startStore({
      port,
      buildDir: inject("buildDir"),
      env: { DATABASE_URL: scratch.url, PUBLIC_URL: `http://127.0.0.1:${port}`, SEED_PRODUCTS: "20" },
    });
    database = await openDatabase({ url: scratch.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await database?.close();
    await store?.close();
    await scratch?.drop();
  });

  it("asks for the password in a dialog when the window has closed, then saves the new password", async () => {
    const email = `passo-extra-${randomUUID().slice(0, 8)}@loja.example`;
    const { id } = await upsertStaffMember(database.db, { email, nome: "Passo Extra", papel: "owner", password: "Primeira#Senha2026" });
    const { page, errors, close } = await newAdminPage(browser, store.url);
    await page.goto("/admin/conta");
    await logIn(page, email, "Primeira#Senha2026");
    await page.waitForURL(/\/admin\/conta$/);
    // The login was long ago.
    await database.db.execute(sql`UPDATE sessoes_funcionarios SET reautenticado_em = now() - interval '10 minutes' WHERE funcionario_id = ${id}`);

    const form = page.locator("form").filter({ has: page.locator('input[name="intent"][value="password"]') });
    await form.getByLabel(pt.account.current, { exact: true }).fill("Primeira#Senha2026");
    await form.getByLabel(pt.account.new, { exact: true }).fill("Segunda#Senha2026");
    await form.getByLabel(pt.account.confirm).fill("Segunda#Senha2026");
    await form.getByRole("button", { name: pt.account.change }).click();

    const dialog = page.getByRole("dialog", { name: pt.stepUp.title });
    await dialog.waitFor();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByLabel(pt.stepUp.password).fill("Errada#Senha2026");
    await dialog.getByRole("button", { name: pt.stepUp.confirm }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toContain("Senha ou código incorretos.");
    await dialog.getByLabel(pt.stepUp.password).fill("Primeira#Senha2026");
    await dialog.getByRole("button", { name: pt.stepUp.confirm }).click();

    // The dialog closes and the form is sent again, as it stood.
    await expect.poll(() => form.getByRole("status").textContent()).toBe(pt.account.changed);
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
