import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "#db/client.ts";
import esPY from "../../app/i18n/es-PY.json" with { type: "json" };
import homePt from "../../app/i18n/locales/pt-BR/home.json" with { type: "json" };
import { launchBrowser } from "../support/browser.ts";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy.ts";
import { cartBody } from "../support/shop.ts";
import { allReadiness, msUntil } from "./books.ts";
import { api, loginVia, residents, startServer, stopServer, type ServerProcess } from "./cluster.ts";
import type { MultiEnv } from "./global-setup.ts";

/**
 * The storefront while its PostgreSQL goes away for a few seconds, in a browser: a signed-in customer is
 * not signed out by it (only a refused session ends one), and the home page's regions fail and come back
 * one by one, each with its own message.
 */

const multi = inject("multi");
const env = multi as Extract<MultiEnv, { available: true }>;
const root = path.resolve(import.meta.dirname, "../..");
const home = homePt.home;
/** The browser's own call for the categories (the home page's retry). */
const CATEGORIES = /\/api\/public\/categories\?/;

describe.skipIf(!multi.available)("the storefront through a database outage", () => {
  let proxy: FaultProxy;
  let server: ServerProcess;
  let database: Database;
  let browser: Browser;
  const buildDir = path.join(root, "build", `multi-outage-${process.pid}`);

  beforeAll(async () => {
    execFileSync("npx", ["react-router", "build"], {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir },
    });
    database = await openDatabase({ url: env.databaseUrl, poolSize: 2 });
    proxy = await startFaultProxy(env.databaseUrl);
    server = await startServer(env, "web-outage", {
      API_ONLY: "0",
      BUILD_DIR: buildDir,
      DATABASE_URL: proxy.url(env.databaseUrl),
      DATABASE_TIMEOUT_SECONDS: "2",
      // Start data and pages cached by other files' servers must not answer for a database that is away.
      REDIS_PREFIX: `${env.redisPrefix}outage:`,
    });
    browser = await launchBrowser();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
    await proxy?.close();
    await database?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  /** Cuts PostgreSQL off for as long as `during` runs, then waits until the server is ready again. */
  async function outage(during: () => Promise<void>) {
    proxy.cut();
    try {
      await during();
    } finally {
      proxy.heal();
    }
    await msUntil(() => allReadiness([server], 200), 20_000, 100);
  }

  it("keeps a signed-in customer signed in, with their cart: a 503 page meanwhile, never the login", async () => {
    const [email] = await residents(database.db, 1);
    const session = await loginVia(server, email!);
    const products = await api<{ data: { id: number; tem_estoque: boolean; qtde_disponivel: number; mostrar_preco: boolean }[] }>(
      server,
      "GET",
      "/api/public/products?per_page=100&tem_estoque=1",
    );
    // The most stocked product with its price shown (a hidden price cannot go in a cart): the other files'
    // products, a few units each, may be sold or reserved on this database by now.
    const product = products.body.data.filter((p) => p.mostrar_preco).reduce((most, p) => (p.qtde_disponivel > most.qtde_disponivel ? p : most));
    const cart = await api<{ data: { id: number; external_id: string } }>(server, "POST", "/ecom/venda/carrinho", {
      body: cartBody([{ produto_id: product.id, qtde: 2 }], 3),
      token: session.token,
    });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await context.addCookies([
      { name: "sid", value: session.token, url: server.url, httpOnly: true, sameSite: "Lax" },
      { name: "lang", value: "es-PY", url: server.url },
    ]);
    await context.addInitScript((saved) => {
      if (localStorage.getItem("cartExternalId")) return;
      localStorage.setItem("cartExternalId", saved.external_id);
      localStorage.setItem("cartId", String(saved.id));
    }, cart.body.data);
    const page = await context.newPage();
    const cartBadge = (count: number) =>
      page.locator("header").getByRole("link", { name: esPY.header.cartLabel.replace("{{count}}", String(count)) });
    try {
      await page.goto("/perfil/dados-pessoais", { waitUntil: "networkidle" });
      await page.getByText(email!).first().waitFor();
      await cartBadge(2).first().waitFor();

      await outage(async () => {
        const during = await page.goto("/perfil/dados-pessoais");
        expect(during?.status()).toBe(503);
        await page.getByText(esPY.error.unavailable).waitFor();
        expect(new URL(page.url()).pathname).toBe("/perfil/dados-pessoais");
        expect((await context.cookies()).find((c) => c.name === "sid")?.value).toBe(session.token);
      });

      await page.goto("/perfil/dados-pessoais", { waitUntil: "networkidle" });
      expect(new URL(page.url()).pathname).toBe("/perfil/dados-pessoais");
      await page.getByText(email!).first().waitFor();
      await cartBadge(2).first().waitFor();
      const kept = await api<{ data: { itens: { produto_id: number; qtde: number; ativo: boolean }[] } }>(
        server,
        "GET",
        `/ecom/venda/carrinho/${cart.body.data.external_id}?moeda_id=3`,
        { token: session.token },
      );
      expect(kept.body.data.itens.filter((l) => l.ativo).map((l) => [l.produto_id, Number(l.qtde)])).toEqual([[product.id, 2]]);
      const logged = server.lines.filter((l) => l.includes("POST /ecom/me failed"));
      expect(logged.length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it("fails, loads and retries the home page's categories, brands and banners one by one, each with its message", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: "lang", value: "pt-BR", url: server.url }]);
    const page = await context.newPage();
    const region = (name: string) => page.getByTestId(`home-error-${name}`);
    /** Asks a region again with its own button once its automatic retries let it (they run meanwhile). */
    const retry = async (name: string) => {
      const button = region(name).getByRole("button", { name: home.errors.retry });
      await expect.poll(async () => (await region(name).count()) === 0 || (await button.isEnabled()), { timeout: 15_000 }).toBe(true);
      if ((await region(name).count()) > 0) await button.click();
    };
    try {
      await outage(async () => {
        await page.goto("/", { waitUntil: "domcontentloaded" });
        await region("categories").getByText(home.errors.categories, { exact: true }).waitFor();
        await region("brands").getByText(home.errors.brands, { exact: true }).waitFor();
        await region("data").getByText(home.errors.data, { exact: true }).waitFor();
        // Categories keep failing after the database is back; the others must not wait for them.
        await page.route(CATEGORIES, (route) => route.fulfill({ status: 503, contentType: "application/json", body: "{}" }));
      });

      await retry("brands");
      await retry("data");
      await page.getByRole("region", { name: home.carousel.mainLabel }).or(page.getByLabel(home.carousel.mainLabel)).first().waitFor();
      await expect.poll(() => region("brands").count()).toBe(0);
      await expect.poll(() => region("data").count()).toBe(0);
      await waitForStrip(page);
      expect(await region("categories").getByText(home.errors.categories, { exact: true }).count()).toBe(1);
      expect(await page.getByRole("tablist").count()).toBe(0);

      await page.unroute(CATEGORIES);
      await retry("categories");
      await page.getByRole("tablist", { name: home.tabs.label }).waitFor();
      await expect.poll(() => region("categories").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

/** The brands strip is on the page (its logos link to the brands' pages). */
async function waitForStrip(page: Page) {
  await expect.poll(() => page.locator('a[href^="/marca/"]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
}
