import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextIp } from "../../../tests/support/customers.ts";
import { cartBody, createCart, pickProducts } from "../../../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, ip: string, lang = "pt-BR") =>
  t.app.inject({ method: "GET", url, remoteAddress: ip, headers: { "accept-language": lang } });

describe("limits of the costly public calls, per client address", () => {
  it("lets a shopper's searches and suggestions through, and answers a flood 429 in the visitor's language", async () => {
    const shopper = nextIp();
    // Typing "furadeira de impacto" with suggestions, then a few searches and their brand filters.
    const words = ["fu", "fur", "fura", "furad", "furadeira", "furadeira d", "furadeira de", "furadeira de imp", "furadeira de impacto"];
    for (const text of words) expect((await get(`/api/public/products?text=${encodeURIComponent(text)}&per_page=4`, shopper)).statusCode).toBe(200);
    for (const text of ["serra", "broca", "trena", "parafusadeira", "esmerilhadeira"]) {
      expect((await get(`/api/public/products?text=${text}&all_products=1`, shopper)).statusCode).toBe(200);
      expect((await get(`/api/public/products/brands?text=${text}&all_products=1`, shopper)).statusCode).toBe(200);
    }

    const flood = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) statuses.push((await get(`/api/public/products?text=serra${i}&all_products=1`, flood, "es-PY")).statusCode);
    expect(statuses.slice(0, 100).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const refused = await get("/api/public/products?text=serra&all_products=1", flood, "es-PY");
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/^Demasiados intentos\. Espere \d+ segundos/);
    // Browsing without a search is cached and shared: not limited, even for the same address.
    for (let i = 0; i < 150; i++) expect((await get(`/api/public/products?page=${(i % 5) + 1}`, flood)).statusCode).toBe(200);
    // Another shopper is unaffected.
    expect((await get("/api/public/products?text=serra", nextIp())).statusCode).toBe(200);
  });

  it("limits full-catalogue exports", async () => {
    const shopper = nextIp();
    for (let i = 0; i < 5; i++) expect((await get("/api/public/products/export?format=txt&text=serra&all_products=1", shopper)).statusCode).toBe(200);
    const flood = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await get("/api/public/products/export?format=txt&text=trena&all_products=1", flood)).statusCode);
    expect(statuses.slice(0, 15).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await get("/api/public/products/export?format=txt", flood)).json<{ message: string }>().message).toMatch(
      /^Muitas tentativas\. Aguarde \d+ segundos/,
    );
  });

  it("lifts the search and export limits with RATE_LIMITS=0 (benchmarks)", async () => {
    process.env.RATE_LIMITS = "0";
    try {
      const ip = nextIp();
      for (let i = 0; i < 125; i++) expect((await get(`/api/public/products?text=broca${i % 3}&per_page=5`, ip)).statusCode).toBe(200);
      for (let i = 0; i < 22; i++) expect((await get("/api/public/products/export?format=txt&text=trena&all_products=1", ip)).statusCode).toBe(200);
    } finally {
      delete process.env.RATE_LIMITS;
    }
  });

  it("limits cart writes", async () => {
    const [product] = await pickProducts(t.database.db, 1);
    const cart = await createCart(t.app, [{ produto_id: product!.id, qtde: 1 }]);
    const put = (ip: string, qtde: number) =>
      t.app.inject({
        method: "PUT",
        url: `/ecom/venda/carrinho/${cart.id}`,
        remoteAddress: ip,
        payload: cartBody([{ produto_id: product!.id, qtde }], 2, cart.external_id),
      });
    const shopper = nextIp();
    for (let qtde = 1; qtde <= 10; qtde++) expect((await put(shopper, (qtde % 3) + 1)).statusCode).toBe(200);
    const flood = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) statuses.push((await put(flood, 1)).statusCode);
    expect(statuses.slice(0, 100).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
