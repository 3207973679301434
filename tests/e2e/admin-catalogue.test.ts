import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { ProductsPage } from "#contract/api/catalog.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import { DESKTOP, logIn, newAdminPage, PHONE, TABLET } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";

const baseURL = storeURL();
const pt = admin.admin;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function managerPage(viewport = DESKTOP) {
  const { page, errors, close } = await newAdminPage(browser, baseURL, viewport, { local: true });
  // The delete buttons ask first.
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto("/admin/login");
  await logIn(page, manager.email, manager.password);
  await page.waitForURL(/\/admin$/);
  return { page, errors, close };
}

type Page = Awaited<ReturnType<typeof managerPage>>["page"];

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The storefront's footer lists the first menu categories: the new one (order 0) comes first. */
async function footerHas(page: Page, name: string) {
  await page.goto("/?lang=pt-BR");
  return page.getByRole("contentinfo").getByRole("link", { name, exact: true }).count();
}

describe("the back office's catalogue", () => {
  it("lets a manager create a category, move its address (the old one lands on the new) and hide it from the menu", async () => {
    const { page, errors, close } = await managerPage();
    const id = randomUUID().slice(0, 6);
    const name = `Categoria E2E ${id}`;
    await page.getByRole("navigation", { name: pt.nav.label }).getByRole("link", { name: pt.nav.categories }).click();
    await page.waitForURL(/\/admin\/categorias$/);

    const create = page.getByRole("form", { name: pt.catalogue.newCategory });
    await create.getByLabel(pt.catalogue.namePt).fill(name);
    await create.getByLabel(pt.catalogue.nameEs).fill(`Categoría E2E ${id}`);
    await create.getByLabel(pt.catalogue.icon).selectOption("energia");
    await create.getByLabel(pt.catalogue.order).fill("0");
    await create.getByRole("button", { name: pt.catalogue.create }).click();
    await expect.poll(() => create.getByRole("status").textContent()).toBe("Categoria cadastrada.");
    const item = page.getByTestId("admin-category").filter({ hasText: name });
    const oldSlug = `categoria-e2e-${id}`;
    await expect.poll(() => item.locator("summary").first().textContent()).toContain(`/${oldSlug}`);
    await expectNoSeriousAxeViolations(page);

    // A taken address is refused by its field.
    await item.locator("summary").first().click();
    const edit = item.getByRole("form", { name: pt.catalogue.edit.replace("{{name}}", name) });
    await edit.getByLabel(pt.catalogue.slug).fill("ferramentas-eletricas");
    await edit.getByRole("button", { name: pt.catalogue.save }).click();
    await expect.poll(() => edit.locator('[id$="-slug-error"]').textContent()).toBe("Este endereço já está em uso. Escolha outro.");

    const shopper = await browser.newPage({ baseURL, viewport: DESKTOP });
    await shopper.goto(`/produtos/${oldSlug}`);
    await shopper.getByRole("heading", { level: 1, name }).waitFor();
    // No waiting: the write cleared every cache the storefront's next answer would come from.
    expect(await footerHas(shopper, name)).toBe(1);

    const newSlug = `${oldSlug}-nova`;
    await edit.getByLabel(pt.catalogue.slug).fill(newSlug);
    await edit.getByRole("button", { name: pt.catalogue.save }).click();
    await expect.poll(() => edit.getByRole("status").textContent()).toBe("Categoria salva. A loja já mostra a mudança.");
    await expect.poll(() => item.locator("summary").first().textContent()).toContain(`/${newSlug}`);

    // The shopper's old address (a bookmark, a search engine's link) lands on the new one.
    const answer = await shopper.goto(`/produtos/${oldSlug}?page=1`);
    expect(new URL(shopper.url()).pathname).toBe(`/produtos/${newSlug}`);
    expect(answer?.request().redirectedFrom()?.url()).toContain(`/produtos/${oldSlug}`);
    await shopper.getByRole("heading", { level: 1, name }).waitFor();

    // Hidden from the menu: gone from the storefront's menus, its list still answers.
    await edit.getByLabel(pt.catalogue.visible).uncheck();
    await edit.getByRole("button", { name: pt.catalogue.save }).click();
    await expect.poll(() => item.locator("summary").first().textContent()).toContain(pt.catalogue.hidden);
    expect(await footerHas(shopper, name)).toBe(0);
    await shopper.goto(`/produtos/${newSlug}`);
    await shopper.getByRole("heading", { level: 1, name }).waitFor();
    await shopper.close();

    // At phone and tablet widths the screen has no sideways scroll.
    for (const size of [PHONE, TABLET]) {
      await page.setViewportSize(size);
      expect(await overflow(page), `${size.width} px`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize(DESKTOP);

    // Nothing uses it: it may go.
    await edit.getByRole("button", { name: pt.catalogue.delete }).click();
    await expect.poll(() => page.getByTestId("admin-category").filter({ hasText: name }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it("lets a manager create a brand and upload its logo, which the storefront's brand list shows", async () => {
    const { page, errors, close } = await managerPage(TABLET);
    const name = `Marca E2E ${randomUUID().slice(0, 6)}`;
    await page.goto("/admin/marcas");
    const create = page.getByRole("form", { name: pt.brands.new });
    await create.getByLabel(pt.brands.name).fill(name);
    await create.getByRole("button", { name: pt.catalogue.create }).click();
    await expect.poll(() => create.getByRole("status").textContent()).toBe("Marca cadastrada.");
    const item = page.getByTestId("admin-brand").filter({ hasText: name });
    await item.locator("summary").first().click();
    await item.getByText(pt.brands.noLogo).waitFor();

    // An SVG is refused by its bytes, whatever the picker allowed.
    const input = item.getByLabel(pt.brands.upload);
    await input.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await item.getByRole("alert").filter({ hasText: "SVG não é aceito" }).waitFor();

    const logo = await sharp({ create: { width: 900, height: 300, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await expect.poll(() => item.getByRole("status").first().textContent()).toBe("Logotipo salvo.");
    const preview = item.getByRole("img", { name: pt.brands.logoAlt.replace("{{name}}", name) });
    await expect.poll(() => preview.getAttribute("src")).toMatch(/^\/media\/marcas\/\d+\/[0-9a-f]{16}\.webp$/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    await page.setViewportSize(PHONE);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page);

    const src = await preview.getAttribute("src");
    await page.goto("/marcas?lang=pt-BR");
    const card = page.getByRole("img", { name, exact: true });
    await expect.poll(() => card.getAttribute("src")).toBe(src);
    expect(errors).toEqual([]);
    await close();
  });

  it("lets a manager put a product in the special line from the product list, and take it out again", async () => {
    const { page, errors, close } = await managerPage();
    const outside = (await (await fetch(`${baseURL}/api/public/products?special=exclude&per_page=1&lang=pt`)).json()) as ProductsPage;
    const product = outside.data[0]!;
    const special = async () => {
      const list = (await (await fetch(`${baseURL}/api/public/products?special=only&per_page=100&lang=pt`)).json()) as ProductsPage;
      return list.data.some((p) => p.id === product.id);
    };
    expect(await special()).toBe(false);
    const apply = async (acao: string) => {
      await page.goto(`/admin/produtos?q=${encodeURIComponent(product.codigo)}`);
      await page.getByLabel(pt.bulk.select.replace("{{name}}", product.nome)).check();
      await page.getByLabel(pt.bulk.action).selectOption(acao);
      await page.getByRole("button", { name: pt.bulk.apply }).click();
      await expect.poll(() => page.locator("#bulk-form").getByRole("status").textContent()).toBe("Produtos alterados: 1.");
    };
    await apply("especial_incluir");
    expect(await special()).toBe(true);
    await apply("especial_remover");
    expect(await special()).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });
});
