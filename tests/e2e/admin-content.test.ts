import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { shopLocalInput } from "#contract/shop-time.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import content from "#app/i18n/locales/pt-BR/admin-content.json" with { type: "json" };
import admin from "#app/i18n/locales/pt-BR/admin.json" with { type: "json" };
import { DESKTOP, logIn, newAdminPage, TABLET } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { scratchDatabase, type ScratchDatabase } from "../support/db-urls.ts";
import { storeURL } from "../support/e2e-store.ts";
import { freePort } from "../support/free-port.ts";
import { forgetPrefix, reachable, testRedisUrl, uniquePrefix } from "../support/redis.ts";
import { startStore } from "../support/store-process.ts";

/**
 * A manager changes a banner's image and end date on one store process and a guest sees it on another's home
 * page: two stores on one PostgreSQL database and one Redis, sharing the media volume, as deploy.md runs them,
 * their pages cached for a minute, so only the write's clear (the image) and the page's own end (the date)
 * can explain what the guest sees. Without PostgreSQL or Redis the test's store plays both parts.
 */

const t = content.admin.content;
const nav = admin.admin.nav;
const manager = DEMO_STAFF.find((m) => m.papel === "manager")!;
const pgAdminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
/** What "at once" allows another process: the page cache reads the shared generation every second. */
const AT_ONCE_MS = 5000;

let browser: Browser;
let office: string;
let shop: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  if (!((await reachable(pgAdminUrl)) && (await reachable(testRedisUrl)))) {
    console.warn("admin-content: PostgreSQL or Redis not reachable, one store plays both processes.");
    office = shop = storeURL();
    return;
  }
  const database: ScratchDatabase = await scratchDatabase(pgAdminUrl, "store_content");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-content-"));
  const prefix = uniquePrefix("content");
  cleanups.push(async () => {
    await database.drop();
    await forgetPrefix(testRedisUrl, prefix);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl,
    REDIS_PREFIX: prefix,
    DATA_DIR: dataDir,
    SEED_PRODUCTS: "40",
    PAGE_CACHE_FRESH_SECONDS: "60",
    PAGE_CACHE_STALE_SECONDS: "60",
  };
  const buildDir = inject("buildDir");
  // The first migrates and seeds; the second finds it done.
  const a = await startStore({ port: await freePort(), buildDir, env });
  cleanups.unshift(a.close);
  const b = await startStore({ port: await freePort(), buildDir, env });
  cleanups.unshift(b.close);
  [office, shop] = [a.url, b.url];
}, 300_000);

afterAll(async () => {
  await browser?.close();
  for (const cleanup of cleanups) await cleanup();
});

describe("the back office's content", () => {
  it("lets a manager change a banner's image and end date, and another process's home page follows", async () => {
    const { page, errors, close } = await newAdminPage(browser, office, DESKTOP, { local: true });
    const guest = await browser.newPage({ baseURL: shop, viewport: DESKTOP });
    try {
      // The guest's home page on the other process, cached before the change.
      await guest.goto("/?lang=pt-BR");
      const bannerTitle = "Jogos de chaves";
      await guest.getByRole("img", { name: bannerTitle }).first().waitFor();
      const oldSrc = await guest.getByRole("img", { name: bannerTitle }).first().getAttribute("src");

      await page.goto("/admin/login");
      await logIn(page, manager.email, manager.password);
      await page.waitForURL(/\/admin$/);
      await page.getByRole("navigation", { name: nav.label }).getByRole("link", { name: t.nav.banners }).click();
      await page.waitForURL(/\/admin\/banners$/);
      await expectNoSeriousAxeViolations(page);

      const item = page.getByTestId("admin-banner").filter({ hasText: bannerTitle });
      await item.locator("summary").click();
      const image = await sharp({ create: { width: 1600, height: 800, channels: 3, background: "#1d7a3a" } })
        .jpeg()
        .toBuffer();
      await item.getByLabel(t.image, { exact: true }).setInputFiles({ name: "novo-banner.jpg", mimeType: "image/jpeg", buffer: image });
      await expect.poll(() => item.getByRole("status").first().textContent()).toBe("Imagem do banner salva.");
      // The message may show before the list has read the banner again: wait for its new image.
      const shownImage = item.getByRole("img", { name: t.banners.imageAlt.replace("{{name}}", bannerTitle) });
      await expect.poll(() => shownImage.getAttribute("src")).toMatch(/^\/media\/banners\/\d+\/[0-9a-f]{16}\.webp$/);
      const newSrc = (await shownImage.getAttribute("src"))!;

      // On the other process at once, and the file is there too (the shared media volume).
      const since = Date.now();
      await expect
        .poll(
          async () => {
            await guest.goto("/?lang=pt-BR");
            return guest.getByRole("img", { name: bannerTitle }).first().getAttribute("src");
          },
          { timeout: AT_ONCE_MS },
        )
        .toBe(newSrc);
      expect(Date.now() - since).toBeLessThan(AT_ONCE_MS);
      expect(newSrc).not.toBe(oldSrc);
      expect(await guest.evaluate((src) => fetch(src).then((r) => r.headers.get("content-type")), newSrc!)).toBe("image/webp");

      // An end date in the past is refused before its start; one a little ahead is saved, then the banner leaves by itself.
      const edit = item.getByRole("form", { name: t.banners.edit.replace("{{name}}", bannerTitle) });
      await edit.getByLabel(t.banners.start).fill(shopLocalInput(new Date(Date.now() + 3_600_000).toISOString()));
      await edit.getByLabel(t.banners.end).fill(shopLocalInput(new Date(Date.now() + 60_000).toISOString()));
      await edit.getByRole("button", { name: admin.admin.catalogue.save }).click();
      await expect.poll(() => edit.getByRole("alert").textContent()).toContain("O fim deve ser depois do início.");
      const endsAt = Date.now() + 15_000;
      await edit.getByLabel(t.banners.start).fill("");
      await edit.getByLabel(t.banners.end).fill(shopLocalInput(new Date(endsAt).toISOString()));
      await edit.getByRole("button", { name: admin.admin.catalogue.save }).click();
      await expect.poll(() => edit.getByRole("status").textContent()).toBe("Banner salvo.");
      await expect.poll(() => item.locator("summary").textContent()).toContain(t.banners.onAir);

      await guest.goto("/?lang=pt-BR");
      expect(await guest.getByRole("img", { name: bannerTitle }).count()).toBeGreaterThan(0);
      // No write after the end: the cached page (a minute's life) goes when the banner does.
      await guest.waitForTimeout(Math.max(0, endsAt - Date.now()));
      await expect
        .poll(
          async () => {
            await guest.goto("/?lang=pt-BR");
            return guest.getByRole("img", { name: bannerTitle }).count();
          },
          { timeout: AT_ONCE_MS },
        )
        .toBe(0);
      await page.reload();
      await expect.poll(() => item.locator("summary").textContent()).toContain(t.banners.offAir);
      expect(errors).toEqual([]);
    } finally {
      await guest.close();
      await close();
    }
  }, 120_000);

  it("shows the sales team and the offers sign-ups at tablet width, the sign-ups exported as CSV", async () => {
    const { page, errors, close } = await newAdminPage(browser, office, TABLET, { local: true });
    try {
      const phone = `5959${String(Date.now()).slice(-8)}`;
      expect(
        (
          await fetch(`${office}/api/public/contato-newsletter`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ celular: phone }),
          })
        ).status,
      ).toBeLessThan(300);
      await page.goto("/admin/login");
      await logIn(page, manager.email, manager.password);
      await page.waitForURL(/\/admin$/);

      await page.goto("/admin/vendedores");
      const create = page.getByRole("form", { name: t.sellers.new });
      await create.getByLabel(t.sellers.name).fill("Vendedora E2E");
      await create.getByLabel(t.sellers.rolePt).fill("Atendimento");
      await create.getByLabel(t.sellers.roleEs).fill("Atención");
      await create.getByLabel(t.sellers.whatsapp).fill("0981 123");
      await create.getByRole("button", { name: t.create }).click();
      await expect.poll(() => create.getByRole("alert").textContent()).toContain("+595 ### ### ###");
      await create.getByLabel(t.sellers.whatsapp).fill("+595 981 123 456");
      await create.getByRole("button", { name: t.create }).click();
      await expect.poll(() => create.getByRole("status").textContent()).toBe("Vendedor adicionado.");
      await expect.poll(() => page.getByTestId("admin-seller").filter({ hasText: "Vendedora E2E" }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page);

      const storefront = await browser.newPage({ baseURL: shop });
      await storefront.goto("/vendedores?lang=pt-BR");
      await storefront.getByText("Vendedora E2E").waitFor();
      expect(await storefront.getByRole("link", { name: /Vendedora E2E/ }).getAttribute("href")).toBe("https://wa.me/595981123456");
      await storefront.close();

      await page.goto("/admin/contatos");
      await page.getByTestId("admin-signups").getByText(phone).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page);
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: t.signups.export }).click()]);
      expect(download.suggestedFilename()).toMatch(/^contatos-ofertas-\d{4}-\d{2}-\d{2}\.csv$/);
      const file = await download.path();
      const text = (await import("node:fs")).readFileSync(file, "utf8");
      expect(text).toContain(`"${phone}"`);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
