import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { Brand, Faq, Seller, StartData } from "../../contract/api/catalog.ts";
import esPY from "../../app/i18n/locales/es-PY/home.json" with { type: "json" };
import ptBR from "../../app/i18n/locales/pt-BR/home.json" with { type: "json" };
import shellPtBR from "../../app/i18n/pt-BR.json" with { type: "json" };
import metaEsPY from "../../app/i18n/locales/es-PY/meta.json" with { type: "json" };
import metaPtBR from "../../app/i18n/locales/pt-BR/meta.json" with { type: "json" };
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { PAGE_TEXT_DEFAULTS, type PageTextKey } from "../../contract/page-texts.ts";

const baseURL = storeURL();
const texts = { "pt-BR": ptBR.home, "es-PY": esPY.home } as const;
const pageTitles = { "pt-BR": metaPtBR.pages, "es-PY": metaEsPY.pages } as const;
type TestLocale = keyof typeof texts;
/** A page text as the store shows it while staff changed nothing (docs/decisions/033). */
const pageWords = (locale: TestLocale, key: PageTextKey) => PAGE_TEXT_DEFAULTS[key][locale === "pt-BR" ? "pt" : "es"];

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

let browser: Browser;
let brands: Brand[];
let sellers: Record<TestLocale, Seller[]>;
let faq: Record<TestLocale, Faq[]>;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseURL}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  brands = (await api<{ data: Brand[] }>("/api/public/brands")).data;
  sellers = {
    "pt-BR": (await api<{ data: Seller[] }>("/api/public/team?lang=pt")).data,
    "es-PY": (await api<{ data: Seller[] }>("/api/public/team?lang=es")).data,
  };
  faq = {
    "pt-BR": (await api<StartData>("/api/public/start?lang=pt&moeda_id=2&tem_estoque=1")).faq,
    "es-PY": (await api<StartData>("/api/public/start?lang=es&moeda_id=3&tem_estoque=1")).faq,
  };
  if (!brands.some((b) => !b.logo) || !sellers["pt-BR"].some((s) => !s.foto) || faq["pt-BR"].length === 0) {
    throw new Error("the seeded data lacks a brand without logo, a seller without photo or the FAQ");
  }
});

afterAll(async () => {
  await browser?.close();
});

async function withPage(viewport: { width: number; height: number }, run: (page: Page, errors: string[]) => Promise<void>) {
  const context = await browser.newContext({ viewport, baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    // The cart answers 404 for an unknown cart id by design (spec §8: a fresh cart follows); the
    // browser logs that response, which is not an error of these pages.
    if (message.type() === "error" && !message.location().url.includes("/ecom/venda/carrinho/")) {
      errors.push(`${page.url()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  try {
    await run(page, errors);
  } finally {
    await context.close();
  }
}

async function open(page: Page, path: string, locale: TestLocale) {
  const response = await page.goto(`${path}?lang=${locale}`, { waitUntil: "networkidle" });
  expect(response?.status()).toBe(200);
  return page.getByRole("main");
}

describe("content pages", () => {
  for (const locale of ["pt-BR", "es-PY"] as const) {
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      it(`brands list in ${locale} on ${device}: a card per brand, logo or name`, async () => {
        await withPage(viewport, async (page, errors) => {
          const main = await open(page, "/marcas", locale);
          await main.getByRole("heading", { level: 1, name: pageTitles[locale].brands.title }).waitFor();
          const withLogo = brands.find((b) => b.logo)!;
          const withoutLogo = brands.find((b) => !b.logo)!;
          await main.getByRole("link", { name: withLogo.nome, exact: true }).waitFor();
          expect(await main.getByRole("link", { name: withLogo.nome, exact: true }).getAttribute("href")).toBe(`/marca/${withLogo.slug}`);
          await main.getByRole("link", { name: withoutLogo.nome, exact: true }).getByText(withoutLogo.nome).waitFor();
          expect(await main.locator('a[href^="/marca/"]').count()).toBe(brands.length);
          await expectNoSeriousAxeViolations(page);
          expect(errors.join("\n")).toBe("");
        });
      });

      it(`sales team in ${locale} on ${device}: photo or avatar, role, WhatsApp digits`, async () => {
        await withPage(viewport, async (page, errors) => {
          const t = texts[locale];
          const main = await open(page, "/vendedores", locale);
          await main.getByRole("heading", { level: 1, name: pageTitles[locale].sellers.title }).waitFor();
          const team = sellers[locale];
          for (const seller of team) {
            await main.getByRole("heading", { level: 2, name: seller.nome }).waitFor();
            await main.getByText(seller.funcao, { exact: true }).waitFor();
          }
          const first = team.find((s) => s.whatsapp)!;
          const link = main.getByRole("link", { name: t.sellersPage.contactLabel.replace("{{name}}", first.nome) });
          expect(await link.getAttribute("href")).toBe(`https://wa.me/${first.whatsapp!.replace(/\D/g, "")}`);
          expect(await main.getByTestId("default-avatar").count()).toBe(team.filter((s) => !s.foto).length);
          await expectNoSeriousAxeViolations(page);
          expect(errors.join("\n")).toBe("");
        });
      });

      it(`about in ${locale} on ${device}: history, three values, contact details`, async () => {
        await withPage(viewport, async (page, errors) => {
          const main = await open(page, "/sobre-nos", locale);
          await main.getByRole("heading", { level: 1, name: pageTitles[locale].about.title }).waitFor();
          await main.getByRole("heading", { level: 2, name: pageWords(locale, "about.historyTitle") }).waitFor();
          await main.getByRole("img", { name: pageWords(locale, "about.imageAlt").split("{{brand}}")[0]!.trim() }).waitFor();
          for (const value of ["quality", "service", "agility"] as const) {
            await main.getByRole("heading", { level: 3, name: pageWords(locale, `about.values.${value}.title`) }).waitFor();
          }
          const contact = main.getByRole("region", { name: pageWords(locale, "about.contactTitle") });
          expect(await contact.locator('a[href^="tel:"]').count()).toBe(1);
          expect(await contact.locator('a[href^="mailto:"]').count()).toBe(1);
          await expectNoSeriousAxeViolations(page);
          expect(errors.join("\n")).toBe("");
        });
      });

      it(`how to buy in ${locale} on ${device}: both audiences and the FAQ`, async () => {
        await withPage(viewport, async (page, errors) => {
          const main = await open(page, "/como-comprar", locale);
          await main.getByRole("heading", { level: 1, name: pageTitles[locale].howToBuy.title }).waitFor();
          const headings = await main.getByRole("heading", { level: 2 }).allTextContents();
          // Each visitor reads their own country first.
          expect(headings.slice(0, 2)).toEqual(
            locale === "pt-BR"
              ? [pageWords(locale, "howToBuy.brazilTitle"), pageWords(locale, "howToBuy.paraguayTitle")]
              : [pageWords(locale, "howToBuy.paraguayTitle"), pageWords(locale, "howToBuy.brazilTitle")],
          );
          await main.getByText(pageWords(locale, "howToBuy.brazilNotice")).waitFor();
          const question = faq[locale][0]!;
          await main.getByText(question.pergunta).click();
          await main.getByText(question.resposta).waitFor({ state: "visible" });
          await expectNoSeriousAxeViolations(page);
          expect(errors.join("\n")).toBe("");
        });
      });
    }
  }

  it("a client-side visit to the sales team streams the team in", async () => {
    await withPage(VIEWPORTS.desktop, async (page, errors) => {
      await page.goto("/sobre-nos?lang=pt-BR", { waitUntil: "networkidle" });
      await page.getByRole("banner").getByRole("link", { name: shellPtBR.header.salesTeam }).first().click();
      await page.getByRole("main").getByRole("heading", { level: 2, name: sellers["pt-BR"][0]!.nome }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/vendedores");
      expect(errors.join("\n")).toBe("");
    });
  });
});
