import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dashboard } from "#contract/api/admin/dashboard.ts";
import { formatPrice } from "#contract/money.ts";
import { DEMO_STAFF } from "#db/staff.ts";
import texts from "#app/i18n/locales/pt-BR/admin-dashboard.json" with { type: "json" };
import { storeURL } from "../support/e2e-store.ts";
import { DESKTOP, logIn, newAdminPage, PHONE, TABLET } from "../support/admin-browser.ts";
import { expectNoSeriousAxeViolations, launchBrowser } from "../support/browser.ts";
import { e2eShop } from "../support/e2e-shop.ts";

const baseURL = storeURL();
const t = texts.admin.dashboard;
const owner = DEMO_STAFF.find((m) => m.papel === "owner")!;
const counter = DEMO_STAFF.find((m) => m.papel === "counter")!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the dashboard", () => {
  it("shows the owner today's, the week's and the month's figures per currency, the waiting orders and the daily chart with its table", async () => {
    // An order waiting for its payment, placed now in guaraníes.
    const shop = e2eShop(baseURL);
    const buyer = await shop.newCustomer("py");
    const products = await shop.json<{ data: { id: number }[] }>("/api/public/products?per_page=1&tem_estoque=1&moeda_id=3");
    await shop.reserve(buyer.token, [{ produto_id: products.data[0]!.id, qtde: 1 }]);

    for (const viewport of [DESKTOP, TABLET, PHONE]) {
      const { page, errors, close } = await newAdminPage(browser, baseURL, viewport, { local: true });
      await page.goto("/admin");
      await logIn(page, owner.email, owner.password);
      await page.waitForURL(/\/admin$/);
      // The figures are worked out at most every 15 s: wait for the ones that count the new order.
      let data: Dashboard | undefined;
      await expect
        .poll(
          async () => {
            data = ((await (await page.request.get("/api/admin/dashboard")).json()) as { data: Dashboard }).data;
            return data.aguardando_pagamento.find((w) => w.moeda_id === 3)?.pedidos ?? 0;
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBeGreaterThan(0);
      await page.reload();
      const dashboard = page.getByTestId("dashboard");
      await expect.poll(() => dashboard.getByRole("heading", { name: t.title }).isVisible()).toBe(true);

      // Each span with dollars and guaraníes side by side, as the storefront formats money.
      for (const periodo of ["hoje", "semana", "mes"] as const) {
        const panel = page.getByTestId(`dashboard-${periodo}`);
        expect(await panel.getByRole("heading", { name: t.periods[periodo] }).isVisible()).toBe(true);
        const figures = data!.periodos.find((p) => p.periodo === periodo)!;
        for (const moeda of [2, 3]) {
          const block = panel.getByTestId(`dashboard-currency-${moeda}`);
          const now = figures.atual.find((f) => f.moeda_id === moeda)!;
          expect(await block.getByTestId("dashboard-sales").innerText()).toBe(formatPrice(now.vendas, moeda));
          expect(await block.getByTestId("dashboard-orders").innerText()).toMatch(new RegExp(`^${now.pedidos}\\b`));
        }
        expect(await panel.getByTestId("dashboard-currency-2").innerText()).toContain("U$");
        expect(await panel.getByTestId("dashboard-currency-3").innerText()).toContain("G$");
      }
      const today = data!.periodos[0]!.atual.find((f) => f.moeda_id === 3)!;
      expect(today.pedidos).toBeGreaterThan(0);
      const waiting = data!.aguardando_pagamento.find((w) => w.moeda_id === 3)!;
      expect(await page.getByTestId("dashboard-waiting").innerText()).toContain(formatPrice(waiting.valor, 3));

      // The chart of each currency is drawn, and its numbers are in a table with a caption.
      for (const moeda of [2, 3])
        await expect.poll(() => page.getByTestId(`dashboard-chart-${moeda}`).locator("svg.recharts-surface").count()).toBe(1);
      const table = page.getByRole("table", { name: t.daily.caption });
      expect(await table.locator("tbody tr").count()).toBe(30);
      const todayRow = table.locator("tbody tr").first();
      const daily = data!.vendas_diarias.filter((r) => r.dia === data!.vendas_diarias.at(-1)!.dia);
      for (const r of daily) expect(await todayRow.innerText()).toContain(formatPrice(r.vendas, r.moeda_id));
      await expectNoSeriousAxeViolations(page);
      // Nothing runs off the side, at any width (a product's long name is cut, not stretched).
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(errors).toEqual([]);
      await close();
    }
  });

  it("is not shown to counter staff, and its API refuses them", async () => {
    const { page, close } = await newAdminPage(browser, baseURL, DESKTOP, { local: true });
    await page.goto("/admin");
    await logIn(page, counter.email, counter.password);
    await page.waitForURL(/\/admin(\/balcao)?$/);
    await page.waitForLoadState("networkidle");
    expect(await page.getByTestId("dashboard").count()).toBe(0);
    expect(await page.getByRole("table", { name: texts.admin.dashboard.daily.caption }).count()).toBe(0);
    expect((await page.request.get("/api/admin/dashboard")).status()).toBe(403);
    await close();
  });
});
