import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF } from "#db/staff.ts";
import { apiMessage } from "#contract/messages.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import { accountPt } from "../support/account-texts.ts";
import { DESKTOP, logIn, PHONE } from "../support/admin-browser.ts";
import { launchBrowser, newLocalContext } from "../support/browser.ts";
import { e2eShop, PASSWORD } from "../support/e2e-shop.ts";
import { storeURL } from "../support/e2e-store.ts";

/**
 * A form sent before the page's scripts have taken it over (a slow phone, scripts off) is a plain HTML
 * post: the browser names the page's origin only as the store's referrer policy allows, and the actions'
 * origin check must find its own store there, and still refuse another site's page.
 */
const baseURL = storeURL();
const pt = accountPt.account;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;

let browser: Browser;
let foreign: Server;
let foreignOrigin: string;
/** The pages another site serves: a form that posts to the store. */
let attackPage = "";
beforeAll(async () => {
  browser = await launchBrowser();
  foreign = createServer((_, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(attackPage));
  await new Promise<void>((resolve) => foreign.listen(0, "127.0.0.1", resolve));
  // localhost is another site than the store's 127.0.0.1, as a stranger's domain is.
  foreignOrigin = `http://localhost:${(foreign.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => foreign?.close(resolve));
});

const withoutScripts = (context: Promise<BrowserContext>) =>
  context.then(async (c) => {
    const page = await c.newPage();
    return { context: c, page, close: () => c.close() };
  });

describe("forms with the page's scripts off", () => {
  it("signs a shopper in, and asks for a password reset, with plain HTML posts", async () => {
    const { email } = await e2eShop(baseURL).newCustomer("py");
    const { context, page, close } = await withoutScripts(browser.newContext({ baseURL, viewport: PHONE, javaScriptEnabled: false }));
    try {
      await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
      await page.goto("/login?redirect=%2Fperfil%2Fendereco");
      const signIn = async (password: string) => {
        await page.getByLabel(pt.fields.email, { exact: true }).fill(email);
        await page.getByLabel(pt.fields.password, { exact: true }).fill(password);
        await page.getByRole("button", { name: pt.login.submit, exact: true }).click();
      };
      // A refusal comes back with the page, in the form.
      await signIn("Errada#123456");
      await page.getByText(apiMessage("pt-BR", "invalid_credentials")).waitFor();
      // Signed in, the server itself takes the shopper where they were going, in their account's language.
      await signIn(PASSWORD);
      await page.waitForURL((url) => url.pathname === "/perfil/endereco" && url.search === "");
      expect((await context.cookies()).some((c) => c.name === "sid")).toBe(true);

      await context.clearCookies();
      await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
      await page.goto("/recuperar-senha");
      await page.getByLabel(pt.fields.email, { exact: true }).fill(email);
      await page.getByRole("button", { name: pt.recover.submit }).click();
      await page.getByText(pt.recover.sent).waitFor();
    } finally {
      await close();
    }
  });

  it("signs a member of staff into the back office with a plain HTML post", async () => {
    const { page, close } = await withoutScripts(newLocalContext(browser, { baseURL, viewport: DESKTOP, javaScriptEnabled: false }));
    try {
      await page.goto("/admin/produtos");
      await page.waitForURL(/\/admin\/login\?redirect=%2Fadmin%2Fprodutos$/);
      await logIn(page, manager.email, manager.password);
      await page.waitForURL(/\/admin\/produtos$/);
      await page.getByRole("heading", { level: 1, name: admin.admin.products.title }).waitFor();
    } finally {
      await close();
    }
  });

  it("still refuses a form another site's page posts to the store's login", async () => {
    const { email } = await e2eShop(baseURL).newCustomer("br");
    const { context, page, close } = await withoutScripts(newLocalContext(browser, { viewport: DESKTOP, javaScriptEnabled: false }));
    try {
      for (const [action, fields] of [
        ["/login", { email, password: PASSWORD }],
        ["/admin/login", { email: manager.email, password: manager.password }],
      ] as const) {
        attackPage = `<form method="post" action="${baseURL}${action}">${Object.entries(fields)
          .map(([name, value]) => `<input name="${name}" value="${value}">`)
          .join("")}<button>Go</button></form>`;
        await page.goto(foreignOrigin);
        const answer = page.waitForResponse((res) => res.request().method() === "POST");
        await page.getByRole("button", { name: "Go" }).click();
        expect((await answer).status(), action).toBe(400);
        expect(
          (await context.cookies(baseURL)).map((c) => c.name),
          action,
        ).not.toContain(action === "/login" ? "sid" : "staff_sid");
      }
    } finally {
      await close();
    }
  });

  it("refuses the demo staff's published password from anywhere but the machine itself, saying why", async () => {
    const { page, close } = await withoutScripts(browser.newContext({ baseURL, viewport: PHONE }));
    try {
      await page.goto("/admin/login");
      await logIn(page, manager.email, manager.password);
      await page
        .getByRole("alert")
        .filter({ hasText: apiMessage("pt-BR", "demo_staff_local_only") })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe("/admin/login");
    } finally {
      await close();
    }
  });
});
