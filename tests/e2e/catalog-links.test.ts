import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { BrandFacet, Category, ProductsPage } from "../../contract/api/catalog.ts";
import shellPt from "../../app/i18n/pt-BR.json" with { type: "json" };
import catalogPt from "../../app/i18n/locales/pt-BR/catalog.json" with { type: "json" };
import homePt from "../../app/i18n/locales/pt-BR/home.json" with { type: "json" };
import { launchBrowser } from "../support/browser.ts";

const baseURL = storeURL();
const t = { ...shellPt, catalog: catalogPt.catalog, home: homePt.home };
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function withPage(viewport: { width: number; height: number }, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport, baseURL });
  const page = await context.newPage();
  try {
    await page.goto("/?lang=pt-BR", { waitUntil: "networkidle" });
    await run(page);
  } finally {
    await context.close();
  }
}

const api = async <T>(path: string) => (await (await fetch(`${baseURL}${path}`)).json()) as T;

describe("the brand filter", () => {
  it("lists every brand of the whole list with its number of products", async () => {
    await withPage(DESKTOP, async (page) => {
      await page.goto("/produtos", { waitUntil: "networkidle" });
      const facets = (await api<{ data: BrandFacet[] }>("/api/public/products/brands?lang=pt")).data;
      const group = page.getByRole("group", { name: t.catalog.filters.brands });
      const labels = await group
        .locator("label")
        .evaluateAll((nodes) =>
          nodes.map((n) => [n.querySelector("span")?.textContent?.trim(), n.querySelector("[aria-hidden=true]")?.textContent?.trim()]),
        );
      expect(labels).toEqual(facets.map((b) => [b.nome, new Intl.NumberFormat("pt-BR").format(b.total)]));
      const first = facets[0]!;
      // Read out as "3M, 1 produto" / "Bosch, 12 produtos".
      const spoken = await group
        .getByRole("checkbox")
        .first()
        .evaluate((box) => box.closest("label")!.innerText);
      expect(spoken.replace(/\s+/g, " ")).toContain(`${first.total === 1 ? "1 produto" : `${first.total} produtos`}`);
      const name = new RegExp(`^${first.nome}\\W*${first.total} produtos?$`);
      await group.getByRole("checkbox", { name }).waitFor();
    });
  });
});

describe("a page past the last one", () => {
  it("shows the last page, at its address", async () => {
    await withPage(DESKTOP, async (page) => {
      const last = (await api<ProductsPage>("/api/public/products?tem_estoque=0&per_page=20")).last_page;
      await page.goto("/produtos?page=9999", { waitUntil: "networkidle" });
      expect(new URL(page.url()).searchParams.get("page")).toBe(String(last));
      const nav = page.getByRole("navigation", { name: t.catalog.pagination.label });
      await nav.getByText(String(last), { exact: true }).and(page.locator("[aria-current=page]")).waitFor();
      expect(await page.getByRole("main").getByRole("article").count()).toBeGreaterThan(0);
    });
  });
});

describe("the special line", () => {
  it("is linked from the menu, the footer and the home page, and listed in the sitemap", async () => {
    const special = (await api<{ data: Category[] }>("/api/public/categories?lang=pt&special=only")).data;
    expect(special.length).toBeGreaterThan(0);
    await withPage(DESKTOP, async (page) => {
      const menu = page.getByRole("navigation", { name: t.header.mainNav });
      expect(await menu.getByRole("link", { name: t.header.specialLine }).getAttribute("href")).toBe("/especial");
      const footer = page.getByRole("contentinfo");
      expect(await footer.getByRole("link", { name: t.header.specialLine }).getAttribute("href")).toBe("/especial");
      const section = page.getByRole("region", { name: t.home.specialLine.title });
      expect(await section.getByRole("link", { name: t.home.specialLine.seeAll }).getAttribute("href")).toBe("/especial");
      await section.getByRole("link", { name: special[0]!.name, exact: true }).click();
      await page.waitForURL(new RegExp(`/especial/${special[0]!.slug}$`));
      await page
        .getByRole("main")
        .getByRole("heading", { level: 1, name: new RegExp(catalogPt.catalog.special.title) })
        .waitFor();
    });
    const sitemap = await (await fetch(`${baseURL}/sitemap-pages.xml`)).text();
    expect(sitemap).toMatch(/<loc>[^<]*\/especial<\/loc>/);
    expect(sitemap).toContain(`/especial/${special[0]!.slug}</loc>`);
  });

  it("is in the departments drawer on a phone", async () => {
    await withPage(MOBILE, async (page) => {
      await page.getByTestId("bottom-nav").getByRole("button", { name: t.bottomNav.departments }).click();
      const drawer = page.getByRole("dialog", { name: t.drawer.title });
      await drawer.getByRole("link", { name: t.header.specialLine }).click();
      await page.waitForURL(/\/especial$/);
    });
  });
});
