import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { ProductDetails, ProductSummary, ProductsPage } from "../../contract/api/catalog.ts";
import esPY from "../../app/i18n/locales/es-PY/product.json" with { type: "json" };
import ptBR from "../../app/i18n/locales/pt-BR/product.json" with { type: "json" };
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";

const baseURL = storeURL();
const texts = { "pt-BR": ptBR.product, "es-PY": esPY.product } as const;
type TestLocale = keyof typeof texts;

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/**
 * The cart feature reads the visitor's stored cart on every page; a 404 there is spec §7's
 * "404 clears and creates a new cart", not a fault of this page.
 */
const CART_PROBE = /\/ecom\/venda\/carrinho\/[0-9a-f-]{36}(\?|$)/;

let browser: Browser;
/** In stock with 2..20 units, several images, an empty specification value and same-brand company. */
let product: ProductDetails;
/** Priced in guaranies, so the secondary currencies differ by locale. */
let guaraniProduct: ProductSummary;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseURL}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function findProducts() {
  const all: ProductSummary[] = [];
  for (let page = 1; ; page++) {
    const list = await api<ProductsPage>(`/api/public/products?per_page=100&page=${page}`);
    all.push(...list.data);
    if (page >= list.last_page) break;
  }
  const candidates = all.filter(
    (p) => p.tem_estoque && p.mostrar_preco && p.qtde_disponivel >= 2 && p.qtde_disponivel <= 20 && p.imagens.length >= 3 && p.marca,
  );
  for (const candidate of candidates) {
    const { data } = await api<{ data: ProductDetails }>(`/api/public/products/${candidate.id}/details`);
    if (!data.especificacoes.some((s) => !s.valor?.trim())) continue;
    const sameBrand = await api<ProductsPage>(`/api/public/products?brand_id=${data.marca!.id}&tem_estoque=1&per_page=13`);
    if (sameBrand.data.filter((p) => p.id !== data.id).length >= 2) {
      product = data;
      break;
    }
  }
  const guarani = all.find((p) => p.moeda.id === 3 && p.mostrar_preco);
  if (!product || !guarani) throw new Error("the seeded catalogue lacks a product the tests need");
  guaraniProduct = guarani;
}

beforeAll(async () => {
  browser = await launchBrowser();
  await findProducts();
});

afterAll(async () => {
  await browser?.close();
});

interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function withSession(viewport: { width: number; height: number }, run: (session: Session) => Promise<void>) {
  const context = await browser.newContext({ viewport, baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error" || CART_PROBE.test(message.location().url)) return;
    errors.push(`${page.url()}: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  // The console only names the page; this says which request failed.
  page.on("response", (response) => {
    if (response.status() < 400 || (response.status() === 404 && CART_PROBE.test(response.url()))) return;
    errors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  try {
    await run({ context, page, errors });
  } finally {
    await context.close();
  }
}

async function openProduct(page: Page, slug: string, locale: TestLocale) {
  const response = await page.goto(`/produto/${slug}?lang=${locale}`, { waitUntil: "networkidle" });
  expect(response?.status()).toBe(200);
  return response;
}

describe("product page", () => {
  for (const locale of ["pt-BR", "es-PY"] as const) {
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      it(`${locale} on ${device}: server-rendered detail, SEO tags, table, related products, no a11y violations`, async () => {
        await withSession(viewport, async ({ page, errors }) => {
          const t = texts[locale];
          await openProduct(page, product.slug, locale);
          // The page speaks the locale's language: the name is the product's name in it.
          const { data: shown } = await api<{ data: ProductDetails }>(`/api/public/products/${product.id}/details?lang=${locale.slice(0, 2)}`);
          expect(shown.id).toBe(product.id);
          await page.getByRole("heading", { level: 1, name: shown.nome }).waitFor();
          await page.getByText(t.code.replace("{{code}}", product.codigo)).first().waitFor();

          // Structured data: two blocks of valid JSON, a Product and its breadcrumb trail.
          const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
          const parsed = blocks.map((text) => JSON.parse(text) as { "@type": string; sku?: string });
          expect(parsed.map((d) => d["@type"]).sort()).toEqual(["BreadcrumbList", "Product"]);
          expect(parsed.find((d) => d["@type"] === "Product")?.sku).toBe(product.codigo);

          const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
          expect(canonical).toMatch(new RegExp(`/produto/${product.slug}$`));
          const hreflangs = await page
            .locator('link[rel="alternate"]')
            .evaluateAll((links) => links.map((link) => link.getAttribute("hreflang")).sort());
          expect(hreflangs).toEqual(["es", "pt-BR", "x-default"]);
          const title = await page.title();
          expect(title.length).toBeLessThanOrEqual(60);

          // Spec table: the empty value is a dash.
          const table = page.getByRole("table", { name: t.specs.title });
          await table.getByRole("cell", { name: "-", exact: true }).first().waitFor();

          // Related products arrive after the first paint; this product is not among them.
          const related = page.getByRole("region", { name: t.related.title.replace("{{brand}}", product.marca!.nome) });
          await related.scrollIntoViewIfNeeded();
          await related.getByRole("link").first().waitFor();
          const hrefs = await related.getByRole("link").evaluateAll((links) => links.map((l) => l.getAttribute("href")));
          expect(hrefs).not.toContain(`/produto/${product.slug}`);
          if (device === "mobile") {
            // Two columns: the first two cards share a row.
            const [a, b] = await Promise.all([
              related.getByRole("listitem").nth(0).boundingBox(),
              related.getByRole("listitem").nth(1).boundingBox(),
            ]);
            expect(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x).toBe(true);
          }

          await expectNoSeriousAxeViolations(page);
          expect(errors.join("\n")).toBe("");
        });
      });
    }
  }

  it("gallery: full-screen viewer with next, previous, arrow keys and Escape", async () => {
    await withSession(VIEWPORTS.desktop, async ({ page, errors }) => {
      const t = texts["pt-BR"];
      await openProduct(page, product.slug, "pt-BR");
      const total = product.imagens.length;
      const thumbnails = page.getByRole("list", { name: t.gallery.thumbnails }).getByRole("button");
      expect(await thumbnails.count()).toBe(total);
      expect((await thumbnails.first().boundingBox())?.width).toBe(80);

      await page.getByRole("button", { name: new RegExp(t.gallery.open) }).click();
      const heading = (n: number) =>
        t.gallery.modalTitle.replace("{{name}}", product.nome).replace("{{n}}", String(n)).replace("{{total}}", String(total));
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: heading(1) }).waitFor();
      await dialog.getByRole("button", { name: t.gallery.next }).click();
      await dialog.getByRole("heading", { name: heading(2) }).waitFor();
      await dialog.getByRole("button", { name: t.gallery.previous }).click();
      await dialog.getByRole("heading", { name: heading(1) }).waitFor();
      await page.keyboard.press("ArrowRight");
      await dialog.getByRole("heading", { name: heading(2) }).waitFor();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await dialog.getByRole("heading", { name: heading(total) }).waitFor();
      await expectNoSeriousAxeViolations(page);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(errors.join("\n")).toBe("");
    });
  });

  for (const locale of ["pt-BR", "es-PY"] as const) {
    it(`quantity stays within 1..stock and the ${locale} stock alert shows for 3 s`, async () => {
      await withSession(VIEWPORTS.mobile, async ({ page, errors }) => {
        const t = texts[locale];
        const max = Math.min(99, product.qtde_disponivel);
        await openProduct(page, product.slug, locale);
        const input = page.getByRole("spinbutton", { name: t.quantity.label });
        await expect.poll(() => input.inputValue()).toBe("1");
        expect(await page.getByRole("button", { name: t.quantity.decrease }).isDisabled()).toBe(true);

        await input.fill("999");
        await expect.poll(() => input.inputValue()).toBe(String(max));
        const alert = page.getByText(t.quantity.maxStock.replace("{{n}}", String(max)));
        await alert.waitFor();
        await alert.waitFor({ state: "hidden", timeout: 5000 });

        await page.getByRole("button", { name: t.quantity.increase }).click();
        await alert.waitFor();
        await expect.poll(() => input.inputValue()).toBe(String(max));
        await page.getByRole("button", { name: t.quantity.decrease }).click();
        await expect.poll(() => input.inputValue()).toBe(String(max - 1));
        expect(errors.join("\n")).toBe("");
      });
    });
  }

  it("secondary currencies: USD first in Spanish, BRL first in Portuguese", async () => {
    await withSession(VIEWPORTS.desktop, async ({ page }) => {
      await openProduct(page, guaraniProduct.slug, "pt-BR");
      const list = page.getByRole("list", { name: texts["pt-BR"].price.otherCurrencies });
      const symbols = async () => (await list.getByRole("listitem").allTextContents()).map((text) => text.trim().slice(0, 2));
      expect(await symbols()).toEqual(["R$", "U$", "P$"]);
      await openProduct(page, guaraniProduct.slug, "es-PY");
      const listEs = page.getByRole("list", { name: texts["es-PY"].price.otherCurrencies });
      expect((await listEs.getByRole("listitem").allTextContents()).map((text) => text.trim().slice(0, 2))).toEqual(["U$", "R$", "P$"]);
      expect(await page.getByTestId("main-price").textContent()).toMatch(/^G\$ [\d.]+$/);
    });
  });

  for (const locale of ["pt-BR", "es-PY"] as const) {
    it(`an unknown product answers 404 with the ${locale} not-found state`, async () => {
      await withSession(VIEWPORTS.desktop, async ({ page }) => {
        await page.goto(`/?lang=${locale}`, { waitUntil: "networkidle" });
        const response = await page.goto("/produto/produto-que-nao-existe-123", { waitUntil: "networkidle" });
        expect(response?.status()).toBe(404);
        const t = texts[locale];
        await page.getByRole("heading", { level: 1, name: t.notFound.title }).waitFor();
        const link = page.getByRole("main").getByRole("link", { name: t.notFound.link });
        expect(await link.getAttribute("href")).toBe("/produtos");
        await page.getByRole("banner").waitFor();
        await expectNoSeriousAxeViolations(page);
      });
    });
  }

  it("a failed client-side load shows the error state and retries by itself", async () => {
    await withSession(VIEWPORTS.desktop, async ({ page }) => {
      const t = texts["pt-BR"];
      await openProduct(page, product.slug, "pt-BR");
      // The next product's data request fails once; the automatic retry (after 2 s) gets it.
      let failures = 0;
      await page.route(/\/produto\/[^/?]+\.data/, async (route) => {
        if (failures++ === 0) await route.fulfill({ status: 500, contentType: "text/plain", body: "boom" });
        else await route.continue();
      });
      const related = page.getByRole("region", { name: t.related.title.replace("{{brand}}", product.marca!.nome) });
      await related.scrollIntoViewIfNeeded();
      const link = related.getByRole("link").first();
      const name = (await link.textContent())!.trim();
      await link.click();
      await page.getByRole("heading", { level: 1, name: t.error.title }).waitFor();
      await page.getByRole("heading", { level: 1, name }).waitFor({ timeout: 10_000 });
      expect(failures).toBeGreaterThanOrEqual(2);
    });
  });

  it("after the automatic retries are used up, the retry button starts them over", async () => {
    await withSession(VIEWPORTS.desktop, async ({ page }) => {
      const t = texts["pt-BR"];
      await openProduct(page, product.slug, "pt-BR");
      // Every data request of the next product fails: the first load, then 3 retries (2, 4, 6 s).
      let requests = 0;
      await page.route(/\/produto\/[^/?]+\.data/, async (route) => {
        requests += 1;
        await route.fulfill({ status: 500, contentType: "text/plain", body: "boom" });
      });
      const related = page.getByRole("region", { name: t.related.title.replace("{{brand}}", product.marca!.nome) });
      await related.scrollIntoViewIfNeeded();
      await related.getByRole("link").first().click();
      await page.getByRole("heading", { level: 1, name: t.error.title }).waitFor();
      await expect.poll(() => requests, { timeout: 20_000, interval: 500 }).toBe(4);
      // No fourth automatic retry.
      await page.waitForTimeout(9_000);
      expect(requests).toBe(4);
      // The visitor's retry fails too; the automatic retries start again (the next 2 s later).
      await page.getByRole("button", { name: t.error.retry }).click();
      await expect.poll(() => requests, { timeout: 5_000, interval: 250 }).toBe(5);
      await expect.poll(() => requests, { timeout: 6_000, interval: 250 }).toBe(6);
    });
  }, 60_000);

  it("shipping calculator: Ciudad del Este gets delivery options", async () => {
    await withSession(VIEWPORTS.desktop, async ({ page, errors }) => {
      const t = texts["es-PY"];
      await openProduct(page, product.slug, "es-PY");
      const calculator = page.getByRole("region", { name: t.shipping.title });
      const department = calculator.getByRole("combobox", { name: t.shipping.department });
      await department.getByRole("option", { name: "Alto Paraná" }).waitFor({ state: "attached" });
      await department.selectOption({ label: "Alto Paraná" });
      const city = calculator.getByRole("combobox", { name: t.shipping.city });
      await city.selectOption({ label: "Ciudad del Este" });
      await calculator.getByRole("button", { name: t.shipping.submit }).click();
      const options = calculator.getByRole("heading", { name: t.shipping.options });
      await options.waitFor();
      const items = calculator.getByTestId("shipping-options").getByRole("listitem");
      expect(await items.count()).toBeGreaterThan(1);
      expect(await items.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/G\$ [\d.]+|Gratis/)]));
      expect(errors.join("\n")).toBe("");
    });
  });

  it("on a phone in Portuguese, the shop-pickup notice replaces the Paraguayan shipping calculator", async () => {
    await withSession(VIEWPORTS.mobile, async ({ page, errors }) => {
      const t = texts["pt-BR"];
      await openProduct(page, product.slug, "pt-BR");
      const pickup = page.getByRole("region", { name: t.shipping.pickupTitle });
      await pickup.getByText(t.shipping.pickupText).waitFor();
      expect(await page.getByRole("region", { name: t.shipping.title }).count()).toBe(0);
      expect(await page.getByRole("combobox", { name: t.shipping.department }).count()).toBe(0);
      expect(errors.join("\n")).toBe("");
    });
  });

  it("the sitemap index leads to a file listing the product pages", async () => {
    const index = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    expect(index).toContain("<sitemapindex");
    const productsLoc = /<loc>([^<]*sitemap-products\.xml\?page=1)<\/loc>/.exec(index)?.[1];
    expect(productsLoc).toBeTruthy();
    const response = await fetch(new URL(new URL(productsLoc!).pathname + new URL(productsLoc!).search, baseURL));
    expect(response.headers.get("content-type")).toContain("application/xml");
    const urls = await response.text();
    expect(urls).toContain(`/produto/${product.slug}</loc>`);
    expect(urls.match(/<url>/g)?.length).toBe(200);
    expect(urls).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    const pages = await (await fetch(`${baseURL}/sitemap-pages.xml`)).text();
    expect(pages).toContain("/produtos/");
    expect(pages).toContain("/marca/");
  });
});
