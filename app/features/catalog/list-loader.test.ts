import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { loadCatalogList } from "./list-loader.server.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The loader's context over the real API; `failing` paths answer 503 as an unavailable API would. */
function context(failing: RegExp | null): AppLoadContext {
  return {
    site: {
      brand: "pt",
      brandName: "Loja",
      phone: "",
      email: "",
      address: "",
      whatsapp: "",
      origin: "http://x",
      originPt: "http://x",
      originEs: "http://y",
    },
    apiFetch: async (path: string) => {
      if (failing?.test(path)) return new Response("{}", { status: 503 });
      const res = await t.app.inject({ method: "GET", url: path });
      return new Response(res.body, { status: res.statusCode, headers: { "content-type": "application/json" } });
    },
  } as unknown as AppLoadContext;
}

const load = (url: string, failing: RegExp | null, slugs = {}) =>
  loadCatalogList({ request: new Request(`http://x${url}`), context: context(failing), kind: "products", slugs });

describe("the product list's loader", () => {
  it("answers the error state (which retries) when categories or brands fail to load, instead of an error page", async () => {
    for (const failing of [/\/api\/public\/categories/, /\/api\/public\/brands\?/]) {
      const data = await load("/produtos/ferramentas-eletricas", failing, { category: "ferramentas-eletricas" });
      expect(data.result).toBeNull();
      expect(data.categories).toEqual([]);
    }
  });

  it("gives the brand filter every brand of the result with its count", async () => {
    const data = await load("/produtos", null);
    expect(data.result?.total).toBeGreaterThan(0);
    expect(data.brands.length).toBeGreaterThan(1);
    const unbranded = data.result!.total - data.brands.reduce((sum, b) => sum + b.total, 0);
    expect(unbranded).toBeGreaterThanOrEqual(0);
    expect(data.brands.every((b) => b.total > 0)).toBe(true);
  });

  it("sends a page past the last one to the last page's address", async () => {
    const last = (await load("/produtos", null)).result!.last_page;
    expect(last).toBeGreaterThan(1);
    const response = await load("/produtos?sort=nome:asc&page=999", null).then(
      () => null,
      (thrown: unknown) => thrown as Response,
    );
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe(`/produtos?sort=nome%3Aasc&page=${last}`);
  });
});
