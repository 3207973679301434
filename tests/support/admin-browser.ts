import type { Browser, Page } from "playwright-core";
import { newLocalContext } from "./browser.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };

/** Helpers of the back office's browser tests: a fresh window, and the login form filled as staff would. */

export const DESKTOP = { width: 1280, height: 800 };
export const TABLET = { width: 768, height: 1024 };
export const PHONE = { width: 390, height: 844 };

/**
 * A window of its own (cookies apart), collecting the page errors it meets. The demo staff sign in with
 * the README's passwords only at the machine itself (`local`); anyone else is a visitor from afar.
 */
export async function newAdminPage(browser: Browser, baseURL: string, viewport = DESKTOP, { local = false } = {}) {
  const options = { viewport, baseURL, acceptDownloads: true };
  const context = local ? await newLocalContext(browser, options) : await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors, context, close: () => context.close() };
}

export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel(admin.admin.login.email).fill(email);
  await page.getByLabel(admin.admin.login.password).fill(password);
  await page.getByRole("button", { name: admin.admin.login.submit }).click();
}

/**
 * The newest link matching `pattern` in the mail the store wrote to `email` (the dev outbox, /dev/mail.json,
 * which answers only to the machine itself); staff mail goes out after the answer, so it is waited for.
 */
export async function staffMailLink(baseURL: string, email: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const { data } = (await (await fetch(`${baseURL}/dev/mail.json`)).json()) as { data: { para: string; texto: string }[] };
    const mail = data.find((m) => m.para.toLowerCase() === email.toLowerCase() && pattern.test(m.texto));
    if (mail) return pattern.exec(mail.texto)![0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${email} with ${pattern}`);
}
