import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { Menu } from "#contract/api/catalog.ts";
import esPY from "../../app/i18n/es-PY.json" with { type: "json" };
import ptBR from "../../app/i18n/pt-BR.json" with { type: "json" };
import metaEsPY from "../../app/i18n/locales/es-PY/meta.json" with { type: "json" };
import metaPtBR from "../../app/i18n/locales/pt-BR/meta.json" with { type: "json" };

const baseURL = storeURL();
const texts = { "pt-BR": ptBR, "es-PY": esPY } as const;
const titles = { "pt-BR": metaPtBR, "es-PY": metaEsPY } as const;
type TestLocale = keyof typeof texts;

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** Every screen of spec §2 (optional segments both left out and filled in). */
const ROUTES = [
  "/",
  "/produtos",
  "/produtos/ferramentas-eletricas",
  "/produtos/ferramentas-eletricas/furadeiras",
  "/produtos?order=codigo_desc",
  "/marcas",
  "/marca",
  "/marca/makita",
  "/marca/makita/ferramentas-eletricas",
  "/especial",
  "/especial/makita",
  "/especial/makita/ferramentas-eletricas/furadeiras",
  "/vendedores",
  "/sobre-nos",
  "/como-comprar",
  "/login",
  "/login?redirect=%2Fcheckout",
  "/cadastro",
  "/recuperar-senha",
  "/app/reset-password/8a6e0804-2bd0-4672-b79d-d97027f9071a/token123",
  "/app/confirmation-email/42/token123",
  "/perfil",
  "/perfil/dados-pessoais",
  "/perfil/meus-pedidos",
  "/perfil/endereco",
  "/perfil/alterar-senha",
  "/perfil/favoritos",
  "/carrinho",
  "/checkout",
  "/checkout/payment",
  "/success",
  "/pedidos",
  "/pedido/8a6e0804-2bd0-4672-b79d-d97027f9071a",
];

let browser: Browser;
/** A real product page of the demo catalogue, added to the routes once the server answers. */
let productRoute = "";

beforeAll(async () => {
  const list = (await (await fetch(`${baseURL}/api/public/products?per_page=1`)).json()) as { data: { slug: string }[] };
  productRoute = `/produto/${list.data[0]!.slug}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
});

afterAll(async () => {
  await browser?.close();
});

interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

async function openSession(viewport: { width: number; height: number }): Promise<Session> {
  const context = await browser.newContext({ viewport, baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return { context, page, errors };
}

async function withSession(viewport: { width: number; height: number }, run: (session: Session) => Promise<void>) {
  const session = await openSession(viewport);
  try {
    await run(session);
  } finally {
    await session.context.close();
  }
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe("web shell", () => {
  for (const locale of ["pt-BR", "es-PY"] as const satisfies TestLocale[]) {
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      it(`home in ${locale} on ${device}: language from ?lang=, header, rates, footer`, async () => {
        await withSession(viewport, async ({ page, errors }) => {
          const response = await page.goto(`/?lang=${locale}`, { waitUntil: "networkidle" });
          expect(response?.status()).toBe(200);
          expect(new URL(page.url()).searchParams.has("lang")).toBe(false);
          expect(await htmlLang(page)).toBe(locale);

          await page.getByRole("banner").waitFor({ state: "visible" });
          const rates = page.locator("[data-testid=rates-bar]:visible");
          expect(await rates.count()).toBe(1);
          expect(await rates.textContent()).toContain("U$");
          await page.getByRole("contentinfo").waitFor({ state: "visible" });
          await page.getByRole("main").waitFor({ state: "visible" });

          const bottomNav = page.getByTestId("bottom-nav");
          expect(await bottomNav.isVisible()).toBe(device === "mobile");

          // The choice is kept in a cookie: the next page, without ?lang=, stays in it.
          await page.goto("/como-comprar", { waitUntil: "networkidle" });
          expect(await htmlLang(page)).toBe(locale);
          await page.getByRole("heading", { level: 1, name: titles[locale].pages.howToBuy.title }).waitFor();
          expect(errors.join("\n")).toBe("");
        });
      });
    }
  }

  it("the language selector switches language and keeps the page", async () => {
    await withSession(VIEWPORTS.desktop, async ({ page, errors }) => {
      await page.goto("/sobre-nos?lang=pt-BR", { waitUntil: "networkidle" });
      const banner = page.getByRole("banner");
      await banner.getByRole("button", { name: ptBR.language.button.split(":")[0] }).click();
      await banner.getByRole("link", { name: ptBR.language.names["es-PY"] }).click();
      await page.waitForURL((url) => url.pathname === "/sobre-nos" && !url.searchParams.has("lang"));
      await page.getByRole("heading", { level: 1, name: metaEsPY.pages.about.title }).waitFor();
      expect(await htmlLang(page)).toBe("es-PY");
      expect(errors.join("\n")).toBe("");
    });
  });

  it("header links navigate inside the app, and the mega-menu opens on hover", async () => {
    await withSession(VIEWPORTS.desktop, async ({ page, errors }) => {
      await page.goto("/?lang=pt-BR", { waitUntil: "networkidle" });
      const banner = page.getByRole("banner");
      await banner.getByRole("link", { name: ptBR.header.howToBuy }).click();
      await page.getByRole("heading", { level: 1, name: metaPtBR.pages.howToBuy.title }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/como-comprar");

      // The document carries no departments: they come with the menu, asked for as the pointer arrives.
      const html = await (await fetch(`${baseURL}/?lang=pt-BR`)).text();
      const { data: menu } = (await (await fetch(`${baseURL}/api/public/menu?lang=pt`)).json()) as { data: Menu };
      const category = menu.categories.find((c) => c.visivel_menu && c.departments.length > 0)!;
      const department = category.departments[0]!;
      expect(html).not.toContain(`/produtos/${category.slug}/${department.slug}"`);

      await banner.getByRole("button", { name: ptBR.header.allCategories }).hover();
      const categories = banner.getByRole("list", { name: ptBR.header.categoriesMenu });
      await categories.waitFor({ state: "visible" });
      await categories.getByRole("link", { name: category.name, exact: true }).hover();
      await banner.getByRole("link", { name: department.name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/produtos/${category.slug}/${department.slug}`);
      await categories.waitFor({ state: "hidden" });

      // The pointer leaves the menu (the browser tells the menu it left only when the pointer moves), then comes back.
      await page.getByRole("main").hover();
      await banner.getByRole("button", { name: ptBR.header.allCategories }).hover();
      await categories.waitFor({ state: "visible" });
      await page.getByRole("main").hover();
      await categories.waitFor({ state: "hidden" });
      expect(errors.join("\n")).toBe("");
    });
  });

  it("the mobile departments drawer opens from the bottom bar and closes with Escape", async () => {
    await withSession(VIEWPORTS.mobile, async ({ page, errors }) => {
      await page.goto("/?lang=pt-BR", { waitUntil: "networkidle" });
      await page.getByTestId("bottom-nav").getByRole("button", { name: ptBR.bottomNav.departments }).click();
      const drawer = page.getByRole("dialog", { name: ptBR.drawer.title });
      await drawer.waitFor({ state: "visible" });
      // A category's departments, which came with the opening.
      const { data: menu } = (await (await fetch(`${baseURL}/api/public/menu?lang=pt`)).json()) as { data: Menu };
      const category = menu.categories.find((c) => c.departments.length > 0)!;
      await drawer.getByRole("button", { name: ptBR.drawer.showDepartments.replace("{{category}}", category.name) }).click();
      await drawer.getByRole("link", { name: category.departments[0]!.name, exact: true }).waitFor({ state: "visible" });
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
      expect(errors.join("\n")).toBe("");
    });
  });

  for (const locale of ["pt-BR", "es-PY"] as const satisfies TestLocale[]) {
    it(`an unknown address answers 404 with the ${locale} not-found page`, async () => {
      await withSession(VIEWPORTS.desktop, async ({ page }) => {
        await page.goto(`/?lang=${locale}`, { waitUntil: "networkidle" });
        const unknown = `/nada-por-aqui-${Math.random().toString(36).slice(2)}`;
        const response = await page.goto(unknown, { waitUntil: "networkidle" });
        expect(response?.status()).toBe(404);
        await page.getByRole("heading", { level: 1, name: texts[locale].notFound.title }).waitFor();
        await page.getByRole("banner").waitFor({ state: "visible" });
      });
    });
  }

  it("a product address without a product, or with an unknown one, answers 404", async () => {
    await withSession(VIEWPORTS.desktop, async ({ page }) => {
      for (const route of ["/produto", "/produto/produto-que-nao-existe-mesmo"]) {
        const response = await page.goto(route, { waitUntil: "networkidle" });
        expect(response?.status(), route).toBe(404);
        await page.getByRole("main").getByRole("link", { name: /./ }).first().waitFor();
      }
    });
  });

  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    it(`every spec §2 route renders on ${device} without console errors`, async () => {
      await withSession(viewport, async ({ page, errors }) => {
        for (const route of [...ROUTES, productRoute]) {
          const response = await page.goto(route, { waitUntil: "networkidle" });
          expect(response?.status(), route).toBe(200);
          await page.getByRole("banner").waitFor({ state: "visible" });
          await page.getByRole("main").getByRole("heading", { level: 1 }).first().waitFor({ state: "visible" });
        }
        expect(errors.join("\n")).toBe("");
      });
    }, 120_000);
  }
});
