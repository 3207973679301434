import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { asStaff, staffAgent, STORE_ORIGIN } from "../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";
import { loadCatalogList } from "./list-loader.server.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
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

const load = (url: string, failing: RegExp | null, slugs = {}, kind: "products" | "brand" | "special" = "products") =>
  loadCatalogList({ request: new Request(`http://x${url}`), context: context(failing), kind, slugs });

/** Where a load sent the visitor, when it threw a redirect. */
const redirected = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (thrown: unknown) => (thrown instanceof Response ? { status: thrown.status, location: thrown.headers.get("location") } : thrown),
  );

describe("the product list's loader", () => {
  it("answers the error state (which retries) when categories or brands fail to load, instead of an error page", async () => {
    for (const failing of [/\/api\/public\/categories/, /\/api\/public\/brands\?/]) {
      const data = await load("/produtos/ferramentas-eletricas", failing, { category: "ferramentas-eletricas" });
      expect(data.result).toBeNull();
      expect(data.categories).toEqual([]);
    }
  });

  it("says a brand page's brand did not load (spec §8 'Erro ao carregar marca'), other lists only that products did not", async () => {
    const brandPage = await load("/marca/bosch", /\/api\/public\/brands\?/, { brand: "bosch" }, "brand");
    expect([brandPage.result, brandPage.loadError]).toEqual([null, "brand"]);
    const list = await load("/produtos/ferramentas-eletricas", /\/api\/public\/brands\?/, { category: "ferramentas-eletricas" });
    expect([list.result, list.loadError]).toEqual([null, undefined]);
    const brands = await load("/marca", /\/api\/public\/brands\?/, {}, "brand");
    expect(brands.loadError).toBeUndefined();
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

  it("answers an address the back office changed with a 301 to the current one, and an unknown one with a 404", async () => {
    const manager = await staffAgent(t.app, t.database.db, "manager");
    const write = async (method: "POST" | "PUT", url: string, body: unknown) => {
      const res = await asStaff<{ data: { id: number; slug: string } }>(t.app, manager, method, url, { body });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body.data;
    };
    const names = { name_pt: "Categoria Movida", name_es: "Categoría Movida" };
    const category = await write("POST", "/api/admin/categories", { ...names, slug: "categoria-antiga" });
    const department = await write("POST", `/api/admin/categories/${category.id}/departments`, { ...names, slug: "departamento-antigo" });
    const brand = await write("POST", "/api/admin/brands", { nome: "Marca Movida", slug: "marca-antiga" });
    await write("PUT", `/api/admin/categories/${category.id}`, { ...names, slug: "categoria-nova" });
    await write("PUT", `/api/admin/categories/${category.id}/departments/${department.id}`, { ...names, slug: "departamento-novo" });
    await write("PUT", `/api/admin/brands/${brand.id}`, { nome: "Marca Movida", slug: "marca-nova" });

    expect(
      await redirected(
        load("/produtos/categoria-antiga/departamento-antigo?page=2", null, { category: "categoria-antiga", department: "departamento-antigo" }),
      ),
    ).toEqual({
      status: 301,
      location: "/produtos/categoria-nova/departamento-novo?page=2",
    });
    expect(await redirected(load("/marca/marca-antiga", null, { brand: "marca-antiga" }, "brand"))).toEqual({
      status: 301,
      location: "/marca/marca-nova",
    });
    // The special line's first segment: an old brand's slug, which the loader first takes for a category.
    expect(await redirected(load("/especial/marca-antiga", null, { brand: "marca-antiga" }, "special"))).toEqual({
      status: 301,
      location: "/especial/marca-nova",
    });
    expect(await redirected(load("/especial/categoria-antiga", null, { brand: "categoria-antiga" }, "special"))).toEqual({
      status: 301,
      location: "/especial/categoria-nova",
    });
    expect(await redirected(load("/produtos/nunca-existiu", null, { category: "nunca-existiu" }))).toMatchObject({ init: { status: 404 } });
  });

  it("tells the brand page which part of its address is missing: the brand, or a category of a known brand", async () => {
    const brand = (await load("/marcas", null)).brands[0]!;
    expect(
      await redirected(
        load(`/marca/${brand.slug}/categoria-que-nao-existe`, null, { brand: brand.slug, category: "categoria-que-nao-existe" }, "brand"),
      ),
    ).toMatchObject({ init: { status: 404 }, data: { what: "category", message: "Categoria não encontrada", brand: { slug: brand.slug } } });
    expect(await redirected(load("/marca/marca-que-nao-existe", null, { brand: "marca-que-nao-existe" }, "brand"))).toMatchObject({
      init: { status: 404 },
      data: { what: "brand", message: "Marca não encontrada" },
    });
  });
});
