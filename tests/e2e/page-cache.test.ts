import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeURL } from "../support/e2e-store.ts";
import type { ProductSummary, ProductsPage } from "../../contract/api/catalog.ts";
import ptBR from "../../app/i18n/locales/pt-BR/product.json" with { type: "json" };
import { launchBrowser } from "../support/browser.ts";

/** The shared page cache of guests' catalogue pages (docs/decisions/013), seen from outside. */
const baseURL = storeURL();

let browser: Browser;
let products: ProductSummary[];

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseURL}${path}`, { headers, redirect: "manual" });
  return { res, html: await res.text() };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const list = (await (await fetch(`${baseURL}/api/public/products?per_page=40&tem_estoque=1`)).json()) as ProductsPage;
  products = list.data.filter((p) => p.mostrar_preco);
  if (products.length < 6) throw new Error("the seeded catalogue lacks priced products in stock");
});

afterAll(async () => {
  await browser?.close();
});

describe("page cache", () => {
  it("renders a guest's product page once and answers the next visitors from the cache", async () => {
    const path = `/produto/${products[0]!.slug}`;
    const first = await get(path);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("x-page-cache")).toBe("miss");
    const second = await get(path);
    const third = await get(path);
    expect(second.res.headers.get("x-page-cache")).toBe("hit");
    expect(third.res.headers.get("x-page-cache")).toBe("hit");
    expect(second.html).toContain(products[0]!.nome.replace(/&/g, "&amp;"));
    // The same document, but for the script nonces (a production build's; tests/multi/page-cache.test.ts checks them).
    const strip = (html: string) => html.replace(/nonce="[^"]+"/g, "");
    expect(strip(third.html)).toBe(strip(first.html));
  });

  it("keeps a page per language and currency: a guaraní visitor never gets the dollar page", async () => {
    const path = `/produto/${products[1]!.slug}`;
    const pt = await get(path);
    const py = await get(path, { cookie: "lang=es-PY" });
    expect(py.res.headers.get("x-page-cache")).toBe("miss");
    expect(pt.html).toContain('lang="pt-BR"');
    expect(py.html).toContain('lang="es-PY"');
    expect(py.html).toContain("G$");
    const pyAgain = await get(path, { cookie: "lang=es-PY" });
    expect(pyAgain.res.headers.get("x-page-cache")).toBe("hit");
    expect(pyAgain.html).toContain('lang="es-PY"');
  });

  it("keeps a list per device: a phone's 12-a-page list never reaches a desktop, nor the reverse", async () => {
    const list = "/produtos?sort=nome:asc";
    const phone = { "sec-ch-ua-mobile": "?1" };
    const cards = (html: string) => html.match(/<article/g)?.length;
    expect(cards((await get(list, phone)).html)).toBe(12);
    expect(cards((await get(list)).html)).toBe(20);
    const phoneAgain = await get(list, phone);
    const desktopAgain = await get(list, { "sec-ch-ua-mobile": "?0" });
    expect(phoneAgain.res.headers.get("x-page-cache")).toBe("hit");
    expect(desktopAgain.res.headers.get("x-page-cache")).toBe("hit");
    expect(cards(phoneAgain.html)).toBe(12);
    expect(cards(desktopAgain.html)).toBe(20);
    expect(desktopAgain.res.headers.get("vary")).toMatch(/sec-ch-ua-mobile/i);
  });

  it("caches product lists, but never a signed-in customer's page nor a language switch", async () => {
    const list = "/produtos?page=2";
    await get(list);
    expect((await get(list)).res.headers.get("x-page-cache")).toBe("hit");

    const path = `/produto/${products[2]!.slug}`;
    await get(path);
    const customer = await get(path, { cookie: "sid=some-session-token" });
    expect(customer.res.headers.get("x-page-cache")).toBeNull();
    // The dead session cookie is cleared on the customer's own answer, never stored for others.
    expect(customer.res.headers.get("set-cookie")).toContain("sid=;");
    expect((await get(path)).res.headers.get("set-cookie")).toBeNull();

    const switched = await get(`${path}?lang=es-PY`);
    expect(switched.res.status).toBe(302);
    expect(switched.res.headers.get("x-page-cache")).toBeNull();
  });

  it("does not cache a page that is not there", async () => {
    const missing = "/produto/no-such-product-at-all";
    const first = await get(missing);
    const second = await get(missing);
    expect(first.res.status).toBe(404);
    expect(second.res.status).toBe(404);
    expect(second.res.headers.get("x-page-cache")).toBeNull();
  });

  it("a page from the cache hydrates with no policy violation", async () => {
    const product = products.find((p, i) => i >= 3 && p.qtde_disponivel >= 3);
    if (!product) throw new Error("the seeded catalogue lacks a product with three units");
    const path = `/produto/${product.slug}`;
    await get(path);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(path);
    expect(response?.headers()["x-page-cache"]).toBe("hit");
    // Hydrated: the quantity buttons answer (before hydration a click does nothing).
    const quantity = page.getByLabel(ptBR.product.quantity.label, { exact: true });
    const more = page.getByRole("button", { name: ptBR.product.quantity.increase });
    await expect
      .poll(async () => {
        await more.click();
        return quantity.inputValue();
      })
      .not.toBe("1");
    expect(violations).toEqual([]);
    await context.close();
  });
});
