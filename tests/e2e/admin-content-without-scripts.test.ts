import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopLocalInput } from "#contract/shop-time.ts";
import { apiMessage, type ApiMessageKey } from "#contract/messages.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import contentPt from "#app/i18n/locales/pt-BR/admin-content.json" with { type: "json" };
import deliveryPt from "#app/i18n/locales/pt-BR/admin-delivery.json" with { type: "json" };
import pagesPt from "#app/i18n/locales/pt-BR/admin-pages.json" with { type: "json" };
import adminPt from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import { DESKTOP, logIn } from "../support/admin-browser.ts";
import { launchBrowser, newLocalContext } from "../support/browser.ts";
import { storeURL } from "../support/e2e-store.ts";

/**
 * The back office's content, pages and delivery forms with the page's scripts off: each is a plain HTML post.
 * A refusal comes back with the page, saying why in words and keeping what was typed; a success redirects to
 * the page, which says it once, so a reload never posts the form again.
 */
const baseURL = storeURL();
const ct = contentPt.admin.content;
const pg = pagesPt.admin.pages;
const dl = deliveryPt.admin.delivery;
const cat = adminPt.admin.catalogue;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;
const said = (key: ApiMessageKey) => apiMessage("pt-BR", key);

let browser: Browser;
let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await newLocalContext(browser, { baseURL, viewport: DESKTOP, javaScriptEnabled: false });
  page = await context.newPage();
  close = () => context.close();
  await page.goto("/admin/login");
  await logIn(page, manager.email, manager.password);
  await page.waitForURL((url) => url.pathname !== "/admin/login");
});
afterAll(async () => {
  await close?.();
  await browser?.close();
});

/** Presses a form's button and waits for the page the server answered (or redirected to). */
async function press(form: Locator, name: string) {
  await form.getByRole("button", { name, exact: true }).click();
  await page.waitForLoadState();
  // React never took the page over: what the member sees is the server's HTML alone.
  expect(await page.locator("html[data-hydrated]").count()).toBe(0);
}

const statusOf = (form: Locator) => form.getByRole("status").textContent();
const alertOf = (form: Locator) => form.getByRole("alert").textContent();

describe("the back office's content forms with the page's scripts off", () => {
  it("creates and edits a banner, a refusal saying why and keeping what was typed", async () => {
    await page.goto("/admin/banners");
    const create = page.getByRole("form", { name: ct.banners.new });
    await create.getByLabel(ct.banners.titlePt).fill("Banner sem scripts");
    await create.getByLabel(ct.banners.titleEs).fill("Banner sin scripts");
    await create.getByLabel(ct.banners.link).fill("https://example.com/ofertas");
    await create.getByLabel(ct.active).uncheck();
    await press(create, ct.create);
    expect(await alertOf(create)).toContain(said("banner_link_local"));
    expect(await create.getByLabel(ct.banners.titlePt).inputValue()).toBe("Banner sem scripts");
    expect(await create.getByLabel(ct.banners.link).inputValue()).toBe("https://example.com/ofertas");
    expect(await create.getByLabel(ct.active).isChecked()).toBe(false);
    expect(await page.getByTestId("admin-banner").filter({ hasText: "Banner sem scripts" }).count()).toBe(0);

    await create.getByLabel(ct.banners.link).fill("/produtos");
    await press(create, ct.create);
    expect(await statusOf(create)).toBe(said("banner_created"));
    // Redirected to the page itself: a blank form again, and a reload would only read the page.
    expect(await create.getByLabel(ct.banners.titlePt).inputValue()).toBe("");
    const item = page.getByTestId("admin-banner").filter({ hasText: "Banner sem scripts" });
    expect(await item.count()).toBe(1);

    await item.locator("summary").click();
    const edit = item.getByRole("form", { name: ct.banners.edit.replace("{{name}}", "Banner sem scripts") });
    await edit.getByLabel(ct.banners.start).fill(shopLocalInput(new Date(Date.now() + 7_200_000).toISOString()));
    await edit.getByLabel(ct.banners.end).fill(shopLocalInput(new Date(Date.now() + 3_600_000).toISOString()));
    await edit.getByLabel(ct.banners.descriptionPt).fill("Descrição nova");
    await press(edit, cat.save);
    expect(await alertOf(edit)).toContain(said("banner_window"));
    expect(await edit.getByLabel(ct.banners.descriptionPt).inputValue()).toBe("Descrição nova");
    await edit.getByLabel(ct.banners.start).fill("");
    await press(edit, cat.save);
    expect(await statusOf(edit)).toBe(said("banner_saved"));
    expect(await edit.getByLabel(ct.banners.descriptionPt).inputValue()).toBe("Descrição nova");

    // Its image, as a plain multipart post: a file that is no image is refused, saying so; a JPEG is kept.
    const upload = item.getByRole("form", { name: ct.send });
    await upload
      .getByLabel(ct.image, { exact: true })
      .setInputFiles({ name: "nota.txt", mimeType: "text/plain", buffer: Buffer.from("não é imagem") });
    await press(upload, ct.send);
    expect(await alertOf(item)).toContain(said("banner_image_type"));
    const image = await sharp({ create: { width: 1600, height: 800, channels: 3, background: "#1d7a3a" } })
      .jpeg()
      .toBuffer();
    await upload.getByLabel(ct.image, { exact: true }).setInputFiles({ name: "banner.jpg", mimeType: "image/jpeg", buffer: image });
    await press(upload, ct.send);
    expect(await statusOf(item)).toBe(said("banner_image_saved"));
    const shown = item.getByRole("img", { name: ct.banners.imageAlt.replace("{{name}}", "Banner sem scripts") });
    expect(await shown.getAttribute("src")).toMatch(/^\/media\/banners\/\d+\/[0-9a-f]{16}\.webp$/);
  });

  it("creates and edits a seller, a refusal saying why and keeping what was typed", async () => {
    await page.goto("/admin/vendedores");
    const create = page.getByRole("form", { name: ct.sellers.new });
    await create.getByLabel(ct.sellers.name).fill("Vendedora Sem Scripts");
    await create.getByLabel(ct.sellers.rolePt).fill("Atendimento");
    await create.getByLabel(ct.sellers.roleEs).fill("Atención");
    await create.getByLabel(ct.sellers.whatsapp).fill("0981 123");
    await press(create, ct.create);
    expect(await alertOf(create)).toContain(said("whatsapp_invalid"));
    expect(await create.getByLabel(ct.sellers.name).inputValue()).toBe("Vendedora Sem Scripts");
    expect(await create.getByLabel(ct.sellers.whatsapp).inputValue()).toBe("0981 123");

    await create.getByLabel(ct.sellers.whatsapp).fill("+595 981 555 444");
    await press(create, ct.create);
    expect(await statusOf(create)).toBe(said("seller_created"));
    const item = page.getByTestId("admin-seller").filter({ hasText: "Vendedora Sem Scripts" });
    expect(await item.count()).toBe(1);

    await item.locator("summary").click();
    const edit = item.getByRole("form", { name: ct.sellers.edit.replace("{{name}}", "Vendedora Sem Scripts") });
    await edit.getByLabel(ct.sellers.rolePt).fill("Vendas no atacado");
    await press(edit, cat.save);
    expect(await statusOf(edit)).toBe(said("seller_saved"));
    expect(await item.locator("summary").textContent()).toContain("Vendas no atacado");
  });

  it("creates and edits a FAQ entry, a refusal saying why and keeping what was typed", async () => {
    await page.goto("/admin/paginas");
    const create = page.getByRole("form", { name: pg.faq.new });
    // Blanks pass the browser's own check of a required field; the server refuses them.
    await create.getByLabel(pg.faq.questionPt).fill("   ");
    await create.getByLabel(pg.faq.questionEs).fill("¿Aceptan cheques?");
    await create.getByLabel(pg.faq.answerPt).fill("Não, só Pix e cartão.");
    await create.getByLabel(pg.faq.answerEs).fill("No, solo tarjeta.");
    await press(create, cat.create);
    const refusal = await alertOf(create);
    expect(refusal?.trim()).not.toBe("");
    expect(await create.locator('[id="new-faq-pergunta_pt-error"]').textContent()).not.toBe("");
    expect(await create.getByLabel(pg.faq.answerPt).inputValue()).toBe("Não, só Pix e cartão.");

    await create.getByLabel(pg.faq.questionPt).fill("Vocês aceitam cheques?");
    await press(create, cat.create);
    expect(await statusOf(create)).toBe(said("faq_created"));
    const item = page.getByTestId("admin-faq").filter({ hasText: "Vocês aceitam cheques?" });
    expect(await item.count()).toBe(1);

    await item.locator("summary").click();
    const edit = item.getByRole("form", { name: pg.faq.edit.replace("{{question}}", "Vocês aceitam cheques?") });
    await edit.getByLabel(pg.faq.answerPt).fill("Não: Pix, cartão ou dinheiro.");
    await press(edit, cat.save);
    expect(await statusOf(edit)).toBe(said("faq_saved"));
    expect(await edit.getByLabel(pg.faq.answerPt).inputValue()).toBe("Não: Pix, cartão ou dinheiro.");
  });

  it("creates and edits a delivery rate and a pickup point; a reload after creating adds nothing", async () => {
    await page.goto("/admin/entregas");
    const place = "Naranjal · Alto Paraná";
    const rates = () => page.getByTestId("admin-rate").filter({ hasText: place }).count();
    expect(await rates()).toBe(0);
    await page.locator("summary", { hasText: dl.rates.new }).click();
    const newRate = page.getByRole("form", { name: dl.rates.new });
    await newRate.getByLabel(dl.rates.service).selectOption({ label: "Motoboy Alto Paraná (mesmo dia)" });
    await newRate.getByLabel(dl.department).selectOption({ label: "Alto Paraná" });
    await newRate.getByLabel(dl.city).selectOption({ label: "Naranjal" });
    await newRate.getByLabel(dl.rates.value).fill("22000,50");
    await newRate.getByLabel(dl.rates.days).fill("2");
    await press(newRate, dl.create);
    // A guaraní rate with cents: refused by its field, in words, with what was chosen kept.
    expect(await alertOf(newRate)).not.toBe("");
    expect(await newRate.locator('[id="new-rate-valor-error"]').textContent()).toBe("Informe um número inteiro");
    expect(await newRate.getByLabel(dl.rates.value).inputValue()).toBe("22000,50");
    expect(await newRate.getByLabel(dl.city).inputValue()).not.toBe("");
    expect(await rates()).toBe(0);

    await newRate.getByLabel(dl.rates.value).fill("22000");
    await press(newRate, dl.create);
    expect(await statusOf(newRate)).toBe(said("shipping_rate_created"));
    expect(await rates()).toBe(1);
    await page.reload();
    await page.waitForLoadState();
    expect(await rates()).toBe(1);
    // Said once: the reload reads the page only.
    expect(await page.locator('[role="status"]', { hasText: said("shipping_rate_created") }).count()).toBe(0);

    const rate = page.getByTestId("admin-rate").filter({ hasText: place });
    await rate.locator("summary").click();
    const editRate = rate.getByRole("form", { name: dl.rates.edit.replace("{{place}}", place) });
    await editRate.getByLabel(dl.rates.value).fill("23000");
    await press(editRate, dl.save);
    expect(await statusOf(editRate)).toBe(said("shipping_rate_saved"));
    expect(await rate.locator("summary").textContent()).toContain("23.000");

    // A pickup point in a city of another department is refused, saying so; its fields keep what was typed.
    await page.locator("summary", { hasText: dl.points.new }).click();
    const newPoint = page.getByRole("form", { name: dl.points.new });
    await newPoint.getByLabel(dl.points.name).fill("Agencia Sin Scripts");
    await newPoint.getByLabel(dl.points.address).fill("Ruta 6 km 3");
    await newPoint.getByLabel(dl.department).selectOption({ label: "Alto Paraná" });
    await newPoint.getByLabel(dl.city).selectOption({ label: "Encarnación" });
    await newPoint.getByLabel(dl.points.hours).fill("Lun a Vie 8:00 a 17:00");
    await newPoint.getByLabel(dl.active).uncheck();
    await press(newPoint, dl.create);
    expect(await alertOf(newPoint)).toContain(said("delivery_city_outside_state"));
    expect(await newPoint.getByLabel(dl.points.name).inputValue()).toBe("Agencia Sin Scripts");
    expect(await newPoint.getByLabel(dl.active).isChecked()).toBe(false);
    const points = () => page.getByTestId("admin-point").filter({ hasText: "Agencia Sin Scripts" }).count();
    expect(await points()).toBe(0);

    await newPoint.getByLabel(dl.city).selectOption({ label: "Naranjal" });
    await press(newPoint, dl.create);
    expect(await statusOf(newPoint)).toBe(said("pickup_point_created"));
    expect(await points()).toBe(1);

    const point = page.getByTestId("admin-point").filter({ hasText: "Agencia Sin Scripts" });
    await point.locator("summary").click();
    const editPoint = point.getByRole("form", { name: dl.points.edit.replace("{{name}}", "Agencia Sin Scripts") });
    await editPoint.getByLabel(dl.points.hours).fill("Lun a Sáb 8:00 a 12:00");
    await press(editPoint, dl.save);
    expect(await statusOf(editPoint)).toBe(said("pickup_point_saved"));
    expect(await editPoint.getByLabel(dl.points.hours).inputValue()).toBe("Lun a Sáb 8:00 a 12:00");
  });
});
