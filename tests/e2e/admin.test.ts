import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import adminEs from "#app/i18n/locales/es-PY/admin.json" with { type: "json" };
import counterEs from "#app/i18n/locales/es-PY/admin-counter.json" with { type: "json" };
import ordersEs from "#app/i18n/locales/es-PY/admin-orders.json" with { type: "json" };
import { DESKTOP, logIn, newAdminPage, TABLET } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import sharp from "sharp";
import { formatPrice } from "#contract/money.ts";

const baseURL = storeURL();
const pt = admin.admin;
const es = adminEs.admin;
const owner = DEMO_STAFF.find((m) => m.papel === "owner")!;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;
const counterMember = DEMO_STAFF.find((m) => m.papel === "counter")!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newPage = (viewport = DESKTOP) => newAdminPage(browser, baseURL, viewport);
/** A window at the machine that runs the store, where the demo staff's README passwords work. */
const newLocalPage = (viewport = DESKTOP) => newAdminPage(browser, baseURL, viewport, { local: true });

describe("the back office", () => {
  it("lets the owner in where they were going, add a counter, read the refusal of a taken e-mail and find both in the audit log", async () => {
    const { page, errors, context, close } = await newLocalPage();
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
    await expect
      .poll(() => nav.getByRole("link").allTextContents())
      .toEqual([es.nav.home, counterEs.admin.counter.nav, ordersEs.admin.orders.navLabel, es.nav.account]);
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

  it("lets a manager create a product with an image and a description, and shoppers see it at once in both languages", async () => {
    const { page, errors, context, close } = await newLocalPage();
    const p = pt.product;
    await page.goto("/admin/produtos/novo");
    await logIn(page, manager.email, manager.password);
    await page.waitForURL(/\/admin\/produtos\/novo$/);
    const code = `E2E-${randomUUID().slice(0, 6).toUpperCase()}`;
    await page.getByLabel(p.code, { exact: true }).fill(code);
    await page.getByLabel(p.namePt).fill("Serra Tico-Tico Painel 650W");
    await page.getByLabel(p.nameEs).fill("Sierra Caladora Panel 650W");
    const editor = page.getByRole("textbox", { name: p.detailsPt });
    await editor.click();
    await page.keyboard.type("Corte ");
    await page.getByRole("toolbar").first().getByRole("button", { name: p.editor.bold }).click();
    await editor.click();
    await page.keyboard.press("End");
    await page.keyboard.type("preciso");
    await page.getByLabel(p.price).fill("59,90");
    await page.getByLabel(p.available).fill("4");
    await page.getByLabel(p.physical).fill("4");
    await page.getByRole("button", { name: p.addSpec }).click();
    await page.getByLabel(p.specNamePt).fill("Potência");
    await page.getByLabel(p.specNameEs).fill("Potencia");
    await page.getByLabel(p.specValuePt).fill("650 W");
    await page.getByLabel(p.specValueEs).fill("650 W");
    await page.getByRole("button", { name: p.save }).click();
    await page.waitForURL(/\/admin\/produtos\/\d+\?salvo=1$/);
    await page.getByRole("heading", { level: 1, name: p.editTitle.replace("{{code}}", code) }).waitFor();

    const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: "#2a6" } })
      .jpeg()
      .toBuffer();
    await page.getByLabel(p.upload).setInputFiles([{ name: "serra.jpg", mimeType: "image/jpeg", buffer: photo }]);
    await page.getByTestId("product-image").first().waitFor();
    // A text file named like a picture is refused by its bytes, with the reason.
    await page.getByLabel(p.upload).setInputFiles([{ name: "falsa.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") }]);
    await page.getByRole("alert").filter({ hasText: "Envie imagens JPEG, PNG ou WebP." }).waitFor();
    expect(await page.getByTestId("product-image").count()).toBe(1);
    const slug = await page.getByLabel(p.slug).inputValue();
    expect(slug).toBe(`serra-tico-tico-painel-650w-${code.toLowerCase()}`);

    const shopper = await context.newPage();
    await shopper.goto(`/produto/${slug}`);
    await shopper.getByRole("heading", { level: 1, name: "Serra Tico-Tico Painel 650W" }).waitFor();
    expect(await shopper.content()).toContain("U$ 59,90");
    const srcset = await shopper.locator(`main img[src^="/media/produtos/"]`).first().getAttribute("srcset");
    expect(srcset).toMatch(/-200\.webp 200w, .*-600\.webp 600w, .*-1200\.webp 1200w$/);
    await shopper.goto(`/produto/${slug}?lang=es-PY`);
    await shopper.getByRole("heading", { level: 1, name: "Sierra Caladora Panel 650W" }).waitFor();
    const details = (await (await shopper.request.get(`/api/public/products/${slug}/details?lang=pt`)).json()) as {
      data: { caracteristica: string; especificacoes: { nome: string; valor: string }[] };
    };
    expect(details.data.caracteristica).toBe("<p>Corte <strong>preciso</strong></p>");
    expect(details.data.especificacoes).toEqual([{ nome: "Potência", valor: "650 W" }]);

    // A new price reaches the shopper's next page at once.
    await page.getByLabel(p.price).fill("54,90");
    await page.getByRole("button", { name: p.save }).click();
    await page.getByRole("status").filter({ hasText: "Produto salvo." }).waitFor();
    await shopper.goto(`/produto/${slug}?lang=pt-BR`);
    await shopper.getByRole("heading", { level: 1, name: "Serra Tico-Tico Painel 650W" }).waitFor();
    expect(await shopper.content()).toContain("U$ 54,90");

    // A new address: the old one sends shoppers there for good.
    await page.getByLabel(p.slug).fill(`serra-tico-tico-${code.toLowerCase()}`);
    // The last save's message is still on screen: this save is done when its answer has come.
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(".data"));
    await page.getByRole("button", { name: p.save }).click();
    expect((await saved).status()).toBe(200);
    const moved = await shopper.request.get(`/produto/${slug}`, { maxRedirects: 0 });
    expect([moved.status(), moved.headers().location]).toEqual([301, `/produto/serra-tico-tico-${code.toLowerCase()}`]);
    await shopper.goto(`/produto/${slug}`);
    await shopper.waitForURL(new RegExp(`/produto/serra-tico-tico-${code.toLowerCase()}$`));

    // The list finds it by its code.
    await page.goto(`/admin/produtos?q=${code}`);
    expect(await page.getByTestId("product-row").count()).toBe(1);
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("refuses the catalogue to a counter account", async () => {
    const { page, close } = await newLocalPage();
    await page.goto("/admin/produtos");
    await logIn(page, counterMember.email, counterMember.password);
    await page.waitForURL(/\/admin\/produtos$/);
    await page.getByRole("heading", { level: 1, name: es.forbidden.title }).waitFor();
    expect(await page.getByRole("navigation", { name: es.nav.label }).getByRole("link").allTextContents()).toEqual([
      es.nav.home,
      counterEs.admin.counter.nav,
      ordersEs.admin.orders.navLabel,
      es.nav.account,
    ]);
    expect((await page.request.get("/api/admin/products")).status()).toBe(403);
    await close();
  });

  it("lets a manager enter today's guaraní rate: the storefront's guaraní prices follow; a slipped thousands point asks for confirmation", async () => {
    const { page, context, close } = await newLocalPage();
    const r = pt.rates;
    const rates = (await (await page.request.get("/api/public/menu")).json()) as {
      data: { exchange_rates: { target_currency: { id: number }; tax: string }[] };
    };
    const today = Number(rates.data.exchange_rates.find((x) => x.target_currency.id === 3)!.tax);
    const list = (await (await page.request.get("/api/public/products?per_page=1&tem_estoque=1")).json()) as {
      data: { slug: string; valor_venda: string; moeda: { id: number } }[];
    };
    const product = list.data.find((p) => p.moeda.id === 2) ?? list.data[0]!;
    await page.goto("/admin/cambio");
    await logIn(page, manager.email, manager.password);
    await page.waitForURL(/\/admin\/cambio$/);
    const field = page.getByLabel(r.per.replace("{{symbol}}", "G$"));
    await field.fill("7.350");
    await page.getByRole("button", { name: r.save }).click();
    await page.locator("#field-tax_3-error").waitFor();
    expect(await page.locator("#field-tax_3-error").textContent()).toContain("Confira o valor e confirme.");
    await page.getByLabel(r.confirm).waitFor();

    const next = today + 100;
    await field.fill(String(next));
    await page.getByRole("button", { name: r.save }).click();
    await page.getByRole("status").filter({ hasText: "Cotações salvas." }).waitFor();
    await page
      .getByTestId("rate-history-row")
      .filter({ hasText: String(next) })
      .first()
      .waitFor();

    const shopper = await context.newPage();
    await shopper.goto(`/produto/${product.slug}?lang=es-PY`);
    await shopper.locator("h1").waitFor();
    const guarani = formatPrice(Number(product.valor_venda) * next, 3);
    expect(await shopper.content()).toContain(guarani);

    // Today's rate again, for the other tests (the last save's message is still on screen: wait for this one's answer).
    await field.fill(String(today));
    const restored = page.waitForResponse((res) => res.request().method() === "POST" && res.url().includes("/admin/cambio.data"));
    await page.getByRole("button", { name: r.save }).click();
    expect((await restored).status()).toBe(200);
    await close();
  });
});
