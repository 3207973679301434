import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { ProductsPage } from "../../contract/api/catalog.ts";
import esPY from "../../app/i18n/locales/es-PY/catalog.json" with { type: "json" };
import ptBR from "../../app/i18n/locales/pt-BR/catalog.json" with { type: "json" };
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";

const baseURL = storeURL();
const texts = { "pt-BR": ptBR.catalog, "es-PY": esPY.catalog } as const;
type TestLocale = keyof typeof texts;

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function withPage(viewport: { width: number; height: number }, locale: TestLocale, run: (s: Session) => Promise<void>) {
  const context = await browser.newContext({ viewport, baseURL, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    // A failed request is reported by the feature that made it (the cart answers 404 for a new cart).
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(`${page.url()}: ${message.text()}`);
  });
  try {
    // ?lang= stores the language in a cookie and redirects to the address without it.
    await page.goto(`/produtos?lang=${locale}`, { waitUntil: "networkidle" });
    await run({ context, page, errors });
  } finally {
    await context.close();
  }
}

const api = async <T>(page: Page, path: string) => (await (await page.request.get(path)).json()) as T;
const heading = (page: Page) => page.getByRole("main").getByRole("heading", { level: 1 });
const cardNames = (page: Page) => page.getByRole("main").getByRole("article").getByRole("heading").allTextContents();
const query = (page: Page) => new URL(page.url()).searchParams;

describe("product list, desktop", () => {
  for (const locale of ["pt-BR", "es-PY"] as const) {
    it(`${locale}: category → department, back and reload keep the state`, async () => {
      await withPage(DESKTOP, locale, async ({ page, errors }) => {
        const t = texts[locale];
        await heading(page).filter({ hasText: t.list.defaultTitle }).waitFor();
        const sidebar = page.getByRole("complementary", { name: t.filters.title });
        const categories = sidebar.getByRole("navigation", { name: t.filters.categories });
        const first = categories.getByRole("link").first();
        const categoryName = (await first.textContent())!.trim();
        await first.click();
        await heading(page).filter({ hasText: categoryName }).waitFor();
        expect(new URL(page.url()).pathname).toMatch(/^\/produtos\/[a-z-]+$/);

        const departments = sidebar.getByRole("navigation", { name: categoryName });
        await departments.getByRole("link", { name: t.filters.allInCategory.replace("{{category}}", categoryName) }).waitFor();
        const department = departments.getByRole("link").nth(1);
        const departmentName = (await department.textContent())!.trim();
        await department.click();
        await heading(page).filter({ hasText: departmentName }).waitFor();
        expect(new URL(page.url()).pathname.split("/")).toHaveLength(4);

        await page.reload({ waitUntil: "networkidle" });
        await heading(page).filter({ hasText: departmentName }).waitFor();
        await page.goBack();
        await heading(page).filter({ hasText: categoryName }).waitFor();

        await sidebar.getByRole("link", { name: t.filters.changeCategory }).click();
        await heading(page).filter({ hasText: t.list.defaultTitle }).waitFor();
        expect(errors).toEqual([]);
      });
    });
  }

  it("sort, brand filter and availability change the address and the list", async () => {
    await withPage(DESKTOP, "pt-BR", async ({ page, errors }) => {
      const t = texts["pt-BR"];
      await page.goto("/produtos/ferramentas-eletricas", { waitUntil: "networkidle" });
      await heading(page).filter({ hasText: "Ferramentas Elétricas" }).waitFor();

      await page.getByRole("combobox", { name: t.sort.label }).selectOption({ label: t.sort.priceAsc });
      await page.waitForURL(/sort=valor_venda%3Aasc/);
      const category = (await api<{ data: { id: number; slug: string }[] }>(page, "/api/public/categories?lang=pt")).data.find(
        (c) => c.slug === "ferramentas-eletricas",
      )!;
      const expected = await api<ProductsPage>(
        page,
        `/api/public/products?category_id=${category.id}&order_by=tem_estoque,valor_venda&order=desc,asc&per_page=20`,
      );
      await page.getByRole("main").getByRole("article").first().filter({ hasText: expected.data[0]!.nome }).waitFor();
      expect(await cardNames(page)).toEqual(expected.data.map((p) => p.nome));

      // A brand keeps the route and the sort, and resets the page.
      const brands = page.getByRole("group", { name: t.filters.brands });
      const box = brands.getByRole("checkbox").first();
      const brandName = (await brands.locator("label").first().locator("span").first().textContent())!.trim();
      // The box is controlled by the address: it turns checked once the navigation lands.
      await box.click();
      await page.waitForURL(/brandSlug=\d+/);
      await expect.poll(() => box.isChecked(), { timeout: 10_000 }).toBe(true);
      expect(new URL(page.url()).pathname).toBe("/produtos/ferramentas-eletricas");
      expect(query(page).get("sort")).toBe("valor_venda:asc");
      const onlyBrand = async () => {
        const cards = await page.getByRole("main").getByRole("article").allTextContents();
        return cards.length > 0 && cards.every((c) => c.includes(brandName));
      };
      await expect.poll(onlyBrand, { timeout: 10_000 }).toBe(true);
      await box.click();
      await expect.poll(() => query(page).has("brandSlug"), { timeout: 10_000 }).toBe(false);

      await page.getByRole("combobox", { name: t.filters.availability }).selectOption("available");
      await page.waitForURL(/availability=available/);
      await page.getByRole("main").getByRole("article").first().waitFor();
      await expect.poll(() => page.getByRole("main").getByText(t.card.outOfStock, { exact: true }).count(), { timeout: 10_000 }).toBe(0);
      expect(errors).toEqual([]);
    });
  });

  it("shows 20 skeletons while a client navigation loads", async () => {
    await withPage(DESKTOP, "pt-BR", async ({ page }) => {
      // Hold the next page's data until the skeletons have been seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/produtos\.data|\/produtos\/[^?]*\.data/, async (route) => {
        await held;
        await route.continue();
      });
      const sidebar = page.getByRole("complementary", { name: texts["pt-BR"].filters.title });
      await sidebar.getByRole("link").first().click();
      const skeleton = page.getByTestId("product-skeleton");
      await skeleton.waitFor();
      expect(await skeleton.locator("li").count()).toBe(20);
      release();
      await skeleton.waitFor({ state: "detached" });
      await page.getByRole("main").getByRole("article").first().waitFor();
    });
  });

  it("pagination shows a window of five pages around the current one", async () => {
    await withPage(DESKTOP, "pt-BR", async ({ page }) => {
      const t = texts["pt-BR"];
      const nav = page.getByRole("navigation", { name: t.pagination.label });
      const numbers = async () => (await nav.locator("ul").first().getByText(/^\d+$/).allTextContents()).map(Number);
      expect(await numbers()).toEqual([1, 2, 3, 4, 5]);
      expect(await nav.getByRole("link", { name: t.pagination.previous }).count()).toBe(0);

      await page.goto("/produtos?page=6", { waitUntil: "networkidle" });
      expect(await numbers()).toEqual([4, 5, 6, 7, 8]);
      await nav.getByRole("link", { name: t.pagination.page.replace("{{page}}", "7") }).click();
      await page.waitForURL(/page=7/);
      await nav.getByText("7", { exact: true }).and(page.locator("[aria-current=page]")).waitFor();
      expect(await numbers()).toEqual([5, 6, 7, 8, 9]);

      await page.goto("/produtos?page=10", { waitUntil: "networkidle" });
      expect(await numbers()).toEqual([6, 7, 8, 9, 10]);
      expect(await nav.getByRole("link", { name: t.pagination.next }).count()).toBe(0);
      await page.goBack();
      await nav.getByText("7", { exact: true }).and(page.locator("[aria-current=page]")).waitFor();
    });
  });

  it("an empty search says so, and an unknown category is a 404", async () => {
    await withPage(DESKTOP, "es-PY", async ({ page }) => {
      const t = texts["es-PY"];
      await page.goto("/produtos?text=qqzzxxwwkk", { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: t.list.emptyTitle }).waitFor();
      await page.getByText(t.list.emptyText).waitFor();
      const response = await page.goto("/produtos/no-existe-esta-categoria");
      expect(response?.status()).toBe(404);
    });
  });

  it("exports the in-stock products as a TXT price list", async () => {
    await withPage(DESKTOP, "pt-BR", async ({ page, errors }) => {
      const t = texts["pt-BR"];
      await page.goto("/produtos/ferramentas-eletricas", { waitUntil: "networkidle" });
      const select = page.getByRole("combobox", { name: t.export.label });
      const [download] = await Promise.all([page.waitForEvent("download"), select.selectOption("txt")]);
      const text = await readFile((await download.path())!, "utf8");
      // Spec §9 header: the generation date and the notice that prices may change, then the rows.
      const [generated, notice, blank, ...rows] = text.split("\n");
      expect(generated).toMatch(/^Lista de preços gerada em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
      expect(notice).toBe("Os preços podem sofrer alterações sem aviso prévio.");
      expect(blank).toBe("");
      const lines = rows.filter(Boolean);
      const category = (await api<{ data: { id: number; slug: string }[] }>(page, "/api/public/categories?lang=pt")).data.find(
        (c) => c.slug === "ferramentas-eletricas",
      )!;
      const inStock = await api<ProductsPage>(page, `/api/public/products?category_id=${category.id}&tem_estoque=1&per_page=1`);
      expect(lines).toHaveLength(inStock.total);
      for (const line of lines) {
        // Code padded to 12 (one space after a longer code), name padded to 90, then the price.
        const match = /^(\S+ +)(.{90})(\*U\$ [\d.]+,\d{2}\*|N\/A)$/.exec(line);
        expect(match, line).not.toBeNull();
        expect(match![1]!.length).toBeGreaterThanOrEqual(12);
      }
      // Every price starts in the same column, however long the codes.
      expect(new Set(lines.map((l) => l.search(/\*|N\/A$/))).size).toBe(1);
      expect(await select.inputValue()).toBe("");
      expect(errors).toEqual([]);
    });
  });

  it("prints the grid with the date and the price disclaimer", async () => {
    await withPage(DESKTOP, "es-PY", async ({ page, context }) => {
      const t = texts["es-PY"];
      await page.goto("/produtos/ferramentas-eletricas", { waitUntil: "networkidle" });
      const [popup] = await Promise.all([context.waitForEvent("page"), page.getByRole("combobox", { name: t.export.label }).selectOption("grid")]);
      await popup.getByText(t.export.disclaimer).waitFor();
      expect(await popup.locator(".sheet").count()).toBeGreaterThan(0);
      expect(await popup.locator(".sheet").first().locator(".item").count()).toBeLessThanOrEqual(20);
      await popup.close();
    });
  });
});

describe("header search", () => {
  it("suggests with typos, moves with the keyboard and ends with 'see all results'", async () => {
    await withPage(DESKTOP, "pt-BR", async ({ page, errors }) => {
      const t = texts["pt-BR"];
      const box = page.getByRole("banner").getByRole("combobox").first();
      await box.fill("furadera");
      const list = page.getByRole("listbox", { name: t.search.suggestions });
      await list.waitFor();
      const options = list.getByRole("option");
      await options.first().waitFor();
      const count = await options.count();
      expect(count).toBeLessThanOrEqual(5);
      expect((await options.allTextContents()).slice(0, -1).some((o) => /furadeira/i.test(o))).toBe(true);
      await expect.poll(() => options.last().textContent(), { timeout: 10_000 }).toContain("furadera");
      await expectNoSeriousAxeViolations(page);

      await box.press("ArrowDown");
      expect(await options.first().getAttribute("aria-selected")).toBe("true");
      expect(await box.getAttribute("aria-activedescendant")).toBe(await options.first().getAttribute("id"));
      await box.press("Escape");
      await list.waitFor({ state: "hidden" });

      await box.press("ArrowDown");
      for (let i = 1; i < count; i++) await box.press("ArrowDown");
      expect(await options.last().getAttribute("aria-selected")).toBe("true");
      await box.press("Enter");
      await page.waitForURL(/\/produtos\?text=furadera/);
      await heading(page).filter({ hasText: "furadera" }).waitFor();

      await box.fill("serra");
      await list.getByRole("option").first().waitFor();
      await box.press("ArrowDown");
      await box.press("Enter");
      await page.waitForURL(/\/produto\//);
      expect(errors).toEqual([]);
    });
  });

  it("shows the empty state and nothing under two characters", async () => {
    await withPage(MOBILE, "es-PY", async ({ page }) => {
      const t = texts["es-PY"];
      const box = page.getByRole("banner").getByRole("combobox").last();
      await page.waitForURL(/per_page=12/);
      await box.fill("q");
      expect(await box.getAttribute("aria-expanded")).toBe("false");
      await box.fill("qqzzxxwwkk");
      await page.getByText(t.search.empty.replace("{{text}}", "qqzzxxwwkk")).waitFor();
    });
  });
});

describe("product list, mobile", () => {
  for (const locale of ["pt-BR", "es-PY"] as const) {
    it(`${locale}: 12 per page, 'page x of y' and the filter overlay`, async () => {
      await withPage(MOBILE, locale, async ({ page, errors }) => {
        const t = texts[locale];
        await page.waitForURL(/per_page=12/);
        // The page count says which size is on screen: wait for the 12-per-page one.
        const total = (await api<ProductsPage>(page, "/api/public/products?per_page=1")).total;
        await page.getByText(`Página 1 de ${Math.ceil(total / 12)}`, { exact: true }).waitFor();
        expect(await page.getByRole("main").getByRole("article").count()).toBe(12);
        await expectNoSeriousAxeViolations(page);

        await page.getByRole("button", { name: t.filters.open }).click();
        const dialog = page.getByRole("dialog", { name: t.filters.title });
        await dialog.waitFor();
        const category = dialog.getByRole("button").filter({ hasNotText: t.filters.close }).nth(1);
        const categoryName = (await category.textContent())!.trim();
        await category.click();
        await dialog.getByRole("link", { name: t.filters.allInCategory.replace("{{category}}", categoryName) }).waitFor();
        const department = dialog.getByRole("link").nth(1);
        const departmentName = (await department.textContent())!.trim();
        await department.click();
        await dialog.waitFor({ state: "hidden" });
        await heading(page).filter({ hasText: departmentName }).waitFor();
        expect(query(page).get("per_page")).toBe("12");
        expect(errors).toEqual([]);
      });
    });
  }
});

describe("product list, on a phone that says so", () => {
  it("serves 12 a page in the document itself, with no second load, and keeps the size page after page", async () => {
    // Chromium on a phone sends Sec-CH-UA-Mobile: ?1 with every request, documents and data alike.
    const context = await browser.newContext({ viewport: MOBILE, baseURL, extraHTTPHeaders: { "sec-ch-ua-mobile": "?1" } });
    await context.addCookies([{ name: "lang", value: "pt-BR", url: baseURL }]);
    const page = await context.newPage();
    try {
      const dataLoads: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.endsWith(".data")) dataLoads.push(request.url());
      });
      const total = (await api<ProductsPage>(page, "/api/public/products?per_page=1")).total;
      const response = await page.goto("/produtos", { waitUntil: "networkidle" });
      expect(response?.headers().vary).toMatch(/sec-ch-ua-mobile/i);
      const html = await response!.text();
      expect(html.match(/<article/g)).toHaveLength(12);
      // The first row's images are asked for at once (usually the largest paint), the others when near.
      const images = html.match(/<img [^>]*>/g)!.filter((img) => img.includes("/media/"));
      // (HTML attribute names ignore case; React writes this one as fetchPriority.)
      expect(images.slice(0, 4).every((img) => /fetchpriority="high"/i.test(img) && !img.includes('loading="lazy"'))).toBe(true);
      expect(images.slice(4).every((img) => img.includes('loading="lazy"'))).toBe(true);
      // The page's scripts are asked for once it is painted, not beside its stylesheet and first images.
      expect(html).not.toMatch(/<link rel="modulepreload"/);
      // Among them the page's texts, which the scripts would otherwise ask for only once they have all arrived.
      expect(html).toMatch(/"\/assets\/pt-BR-[\w-]+\.js"/);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/[^?]*\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      }));
      expect(timing.paint).toBeGreaterThan(0);
      expect(timing.scripts.length).toBeGreaterThan(5);
      expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint!);
      await page.getByText(`Página 1 de ${Math.ceil(total / 12)}`, { exact: true }).waitFor();
      expect(await page.getByRole("main").getByRole("article").count()).toBe(12);
      expect(query(page).has("per_page")).toBe(false);
      expect(dataLoads).toEqual([]);

      await page.getByRole("main").getByRole("link", { name: ptBR.catalog.pagination.next }).click();
      await page.getByText(`Página 2 de ${Math.ceil(total / 12)}`, { exact: true }).waitFor();
      expect(await page.getByRole("main").getByRole("article").count()).toBe(12);
    } finally {
      await context.close();
    }
  });
});

describe("brand page and special line", () => {
  it("titles the brand page and answers 404 for an unknown brand", async () => {
    await withPage(DESKTOP, "pt-BR", async ({ page }) => {
      const t = texts["pt-BR"];
      await page.goto("/marca/makita", { waitUntil: "networkidle" });
      await heading(page)
        .filter({ hasText: t.brand.title.replace("{{brand}}", "Makita") })
        .waitFor();
      await page.getByRole("main").getByRole("article").first().waitFor();
      await expectNoSeriousAxeViolations(page);
      const response = await page.goto("/marca/marca-que-nao-existe");
      expect(response?.status()).toBe(404);
      await heading(page).filter({ hasText: t.brand.notFound }).waitFor();
      await page.goto("/especial", { waitUntil: "networkidle" });
      await heading(page).filter({ hasText: t.special.title }).waitFor();
    });
  });
});

describe("accessibility", () => {
  it("the desktop list has no serious or critical axe violations", async () => {
    await withPage(DESKTOP, "es-PY", async ({ page }) => {
      await page.goto("/produtos/ferramentas-eletricas", { waitUntil: "networkidle" });
      await page.getByRole("main").getByRole("article").first().waitFor();
      await expectNoSeriousAxeViolations(page);
    });
  });
});
