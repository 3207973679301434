import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Menu, ProductDetails, ProductsPage, StartData } from "#contract/api/catalog.ts";
import { queryRows } from "#db/client.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async <T = unknown>(url: string) => {
  const res = await t.app.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() as T, headers: res.headers };
};

describe("GET /api/public/start", () => {
  it("answers everything the home page needs, in the asked language", async () => {
    const pt = await get<StartData>("/api/public/start?lang=pt&tem_estoque=1");
    expect(pt.status).toBe(200);
    expect(Object.keys(pt.body).sort()).toEqual(
      ["banners", "brands", "categories", "categories_special", "exchange_rates", "faq", "products"].sort(),
    );
    expect(pt.body.exchange_rates.map((r) => r.target_currency.id).sort()).toEqual([1, 3, 4]);
    expect(pt.body.exchange_rates.every((r) => r.source_currency.id === 2)).toBe(true);
    expect(pt.body.products.length).toBeLessThanOrEqual(20);
    const ids = pt.body.products.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(pt.body.products.every((p) => p.tem_estoque)).toBe(true);

    const es = await get<StartData>("/api/public/start?lang=es");
    const key = (s: StartData) => s.categories.find((c) => c.slug === "iluminacao")!.name;
    expect(key(pt.body)).not.toBe(key(es.body));
  });

  it("serves the cached answer for five minutes", async () => {
    const first = await get<StartData>("/api/public/start?lang=pt");
    await t.database.db.execute(sql`UPDATE faq SET pergunta_pt = 'mudou' WHERE id = ${first.body.faq[0]!.id}`);
    const second = await get<StartData>("/api/public/start?lang=pt");
    expect(second.body.faq[0]!.pergunta).toBe(first.body.faq[0]!.pergunta);
  });
});

describe("GET /api/public/menu", () => {
  it("answers the menus without icons, the first two featured brands and the dollar's rates in currency order", async () => {
    const pt = await get<{ data: Menu }>("/api/public/menu?lang=pt");
    expect(pt.status).toBe(200);
    expect(pt.headers["cache-control"]).toBe("public, max-age=60");
    const start = await get<StartData>("/api/public/start?lang=pt");
    expect(pt.body.data.categories).toEqual(
      start.body.categories.map((c) => ({
        id: c.id,
        slug: c.slug,
        name: c.name,
        visivel_menu: c.visivel_menu,
        departments: c.departments.map((d) => ({ id: d.id, slug: d.slug, name: d.name })),
      })),
    );
    expect(pt.body.data.special_line).toBe(start.body.categories_special.length > 0);
    expect(pt.body.data.featured_brands).toEqual(
      start.body.brands
        .filter((b) => b.destaque)
        .slice(0, 2)
        .map((b) => ({ id: b.id, slug: b.slug, nome: b.nome })),
    );
    expect(pt.body.data.exchange_rates.map((r) => [r.source_currency.id, r.target_currency.id])).toEqual([
      [2, 1],
      [2, 3],
      [2, 4],
    ]);
    // A fraction of the start data, which every page read before.
    expect(JSON.stringify(pt.body).length * 3).toBeLessThan(JSON.stringify(start.body).length);

    const es = await get<{ data: Menu }>("/api/public/menu?lang=es");
    const name = (m: Menu) => m.categories.find((c) => c.slug === "iluminacao")!.name;
    expect(name(pt.body.data)).not.toBe(name(es.body.data));
  });

  it("answers Portuguese for an unknown language and refuses an overlong one with the field named", async () => {
    const unknown = await get<{ data: Menu }>("/api/public/menu?lang=xx");
    expect(unknown.body.data).toEqual((await get<{ data: Menu }>("/api/public/menu")).body.data);
    const { status, body } = await get<{ errors: Record<string, string[]> }>(`/api/public/menu?lang=${"e".repeat(40)}`);
    expect(status).toBe(422);
    expect(Object.keys(body.errors)).toEqual(["lang"]);
  });
});

describe("GET /api/public/categories and brands", () => {
  it("lists categories with their departments", async () => {
    const { status, body } = await get<{ data: StartData["categories"] }>("/api/public/categories?lang=pt");
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(15);
    const keys = body.data.find((c) => c.slug === "chaves-e-soquetes")!;
    expect(keys.departments.map((d) => d.slug)).toContain("jogo-de-chaves");
    // Spec §3: the departments also go by departamentos and subcategorias.
    for (const c of body.data) expect([c.departamentos, c.subcategorias], c.slug).toEqual([c.departments, c.departments]);
    const special = await get<{ data: StartData["categories"] }>("/api/public/categories?special=only");
    for (const c of special.body.data) expect(c.subcategorias, c.slug).toEqual(c.departments);
  });

  it("narrows to the special line with special=only", async () => {
    const all = await get<{ data: unknown[] }>("/api/public/categories");
    const special = await get<{ data: { id: number }[] }>("/api/public/categories?special=only");
    expect(special.body.data.length).toBeGreaterThan(0);
    expect(special.body.data.length).toBeLessThanOrEqual(all.body.data.length);
  });

  it("lists brands by name", async () => {
    const { body } = await get<{ data: { nome: string; logo: string | null }[] }>("/api/public/brands");
    expect(body.data.length).toBeGreaterThanOrEqual(20);
    expect(body.data.some((b) => b.logo === null)).toBe(true);
  });

  it("refuses a bad special value with the field named", async () => {
    const { status, body } = await get<{ errors: Record<string, string[]> }>("/api/public/categories?special=maybe");
    expect(status).toBe(422);
    expect(Object.keys(body.errors)).toContain("special");
  });
});

describe("GET /api/public/products", () => {
  it("pages the catalogue, newest first by default", async () => {
    const { status, body } = await get<ProductsPage>("/api/public/products");
    expect(status).toBe(200);
    expect(body.data).toHaveLength(20);
    expect(body.total).toBeGreaterThanOrEqual(150);
    const ids = body.data.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const p = body.data[0]!;
    expect(p.token).toBe("");
    expect(p.preco_atual!.moeda.id).toBe(2);
    expect(p.preco_atual!.formatado).toMatch(/^U\$ \d{1,3}(\.\d{3})*,\d{2}$/);
  });

  it("converts prices to guaraníes with moeda_id=3", async () => {
    const { body } = await get<ProductsPage>("/api/public/products?moeda_id=3&per_page=50");
    const priced = body.data.filter((p) => p.mostrar_preco);
    expect(priced.length).toBeGreaterThan(0);
    for (const p of priced) {
      expect(p.preco_atual!.moeda.simbolo).toBe("G$");
      expect(p.preco_atual!.formatado).toMatch(/^G\$ \d{1,3}(\.\d{3})*$/);
    }
  });

  it("caps per_page and honours page", async () => {
    const big = await get<ProductsPage>("/api/public/products?per_page=5000");
    expect(big.body.per_page).toBe(100);
    expect(big.body.data).toHaveLength(100);
    const p1 = await get<ProductsPage>("/api/public/products?per_page=10&page=1");
    const p2 = await get<ProductsPage>("/api/public/products?per_page=10&page=2");
    expect(p2.body.data[0]!.id).toBeLessThan(p1.body.data[9]!.id);
  });

  it("sorts in-stock items first and then by price with the spec's pairs", async () => {
    const { body } = await get<ProductsPage>("/api/public/products?order_by=tem_estoque,valor_venda&order=desc,asc&per_page=100&moeda_id=2");
    const firstOut = body.data.findIndex((p) => !p.tem_estoque);
    if (firstOut >= 0) expect(body.data.slice(firstOut).every((p) => !p.tem_estoque)).toBe(true);
    // Hidden prices are not sent (their rows still sort by price among the others).
    const inStock = body.data.filter((p) => p.tem_estoque && p.mostrar_preco).map((p) => Number(p.preco_atual!.valor_venda));
    expect(inStock).toEqual([...inStock].sort((a, b) => a - b));
  });

  it("sorts by name in the asked language", async () => {
    const { body } = await get<ProductsPage>("/api/public/products?order_by=nome&order=asc&lang=es&per_page=30");
    const names = body.data.map((p) => p.nome);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("filters by category, department, brands and availability", async () => {
    const cats = await get<{ data: StartData["categories"] }>("/api/public/categories");
    const cat = cats.body.data.find((c) => c.slug === "ferramentas-eletricas") ?? cats.body.data[0]!;
    const byCat = await get<ProductsPage>(`/api/public/products?category_id=${cat.id}&per_page=100`);
    expect(byCat.body.total).toBeGreaterThan(0);
    expect(byCat.body.data.every((p) => p.categoria?.id === cat.id)).toBe(true);

    const dep = byCat.body.data[0]!.departamento!;
    const byDep = await get<ProductsPage>(`/api/public/products?department_id=${dep.id}&per_page=100`);
    expect(byDep.body.data.every((p) => p.departamento?.id === dep.id)).toBe(true);

    const brandIds = [...new Set(byCat.body.data.map((p) => p.marca!.id))].slice(0, 2);
    const byBrands = await get<ProductsPage>(`/api/public/products?brands_ids=${brandIds.join(",")}&per_page=100`);
    expect(byBrands.body.data.every((p) => brandIds.includes(p.marca!.id))).toBe(true);

    const one = await get<ProductsPage>(`/api/public/products?brand_id=${brandIds[0]}&per_page=100`);
    expect(one.body.data.every((p) => p.marca!.id === brandIds[0])).toBe(true);

    const available = await get<ProductsPage>("/api/public/products?tem_estoque=1&per_page=100");
    expect(available.body.data.every((p) => p.tem_estoque)).toBe(true);
    const all = await get<ProductsPage>("/api/public/products?per_page=1");
    expect(available.body.total).toBeLessThan(all.body.total);
  });

  it("finds products despite typos and missing accents, closest first", async () => {
    const typo = await get<ProductsPage>("/api/public/products?text=furadera&all_products=1");
    expect(typo.body.total).toBeGreaterThan(0);
    expect(typo.body.data[0]!.nome.toLowerCase()).toContain("furadeira");

    const [accented] = await queryRows<{ nome_pt: string }>(
      t.database.db,
      sql`SELECT nome_pt FROM produtos WHERE nome_pt ~ '[ãçéáíóúâêô]' ORDER BY id LIMIT 1`,
    );
    const word = accented!.nome_pt.split(/\s+/).find((w) => /[ãçéáíóúâêô]/.test(w))!;
    const plain = word.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    const noAccent = await get<ProductsPage>(`/api/public/products?text=${encodeURIComponent(plain)}`);
    expect(noAccent.body.data.some((p) => p.nome.toLowerCase().includes(word.toLowerCase()))).toBe(true);

    const byCode = await get<ProductsPage>(`/api/public/products?text=${encodeURIComponent(typo.body.data[0]!.codigo)}`);
    expect(byCode.body.data[0]!.codigo).toBe(typo.body.data[0]!.codigo);

    const brand = typo.body.data[0]!.marca!.nome;
    const two = await get<ProductsPage>(`/api/public/products?text=${encodeURIComponent("furadeira " + brand)}`);
    expect(two.body.data.length).toBeGreaterThan(0);
    expect(two.body.data.every((p) => p.marca!.nome === brand)).toBe(true);

    const none = await get<ProductsPage>("/api/public/products?text=zzzqqqxxx");
    expect(none.body).toMatchObject({ data: [], total: 0 });
  });

  it("ignores the category when searching the whole catalogue", async () => {
    const withCat = await get<ProductsPage>("/api/public/products?text=furadeira&category_id=999999&all_products=1");
    expect(withCat.body.total).toBeGreaterThan(0);
  });

  it("treats LIKE wildcards in the search as plain text", async () => {
    const { status, body } = await get<ProductsPage>("/api/public/products?text=%25%25");
    expect(status).toBe(200);
    expect(body.total).toBe(0);
  });

  it.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["moeda_id=9", "moeda_id"],
    ["per_page=-1", "per_page"],
    ["order_by=preco%3B%20drop", "order_by"],
    ["order_by=id&order=sideways", "order"],
    ["brands_ids=1,a", "brands_ids"],
    ["category_id=-3", "category_id"],
  ])("refuses %s with a 422 naming %s", async (query, field) => {
    const { status, body } = await get<{ message: string; errors: Record<string, string[]> }>(`/api/public/products?${query}`);
    expect(status).toBe(422);
    expect(body.message).toBe("Existem alguns campos com problema, verifique e tente novamente!");
    expect(body.errors[field]![0]).toEqual(expect.any(String));
  });

  it("answers validation errors in Spanish for Spanish requests", async () => {
    const { body } = await get<{ message: string }>("/api/public/products?page=0&lang=es");
    expect(body.message).toBe("¡Hay algunos campos con problemas, verifique e intente nuevamente!");
  });
});

describe("GET /api/public/products/{id}/details", () => {
  it("finds a product by id and by slug, with specifications and sanitised HTML", async () => {
    const list = await get<ProductsPage>("/api/public/products?per_page=1");
    const { id, slug } = list.body.data[0]!;
    await t.database.db.execute(
      sql`UPDATE produtos SET caracteristica_pt = '<p onclick="x()">Bom</p><script>alert(1)</script><img src=x onerror=alert(1)>' WHERE id = ${id}`,
    );
    const byId = await get<{ data: ProductDetails }>(`/api/public/products/${id}/details?lang=`);
    expect(byId.status).toBe(200);
    expect(byId.body.data.caracteristica).toBe("<p>Bom</p>");
    expect(Array.isArray(byId.body.data.especificacoes)).toBe(true);
    const bySlug = await get<{ data: ProductDetails }>(`/api/public/products/${slug}/details?moeda_id=3&lang=es`);
    expect(bySlug.body.data.id).toBe(id);
    expect(bySlug.body.data.preco_atual!.formatado.startsWith("G$ ")).toBe(true);
  });

  it("finds a product by a slug as long as the column allows (220 characters)", async () => {
    const list = await get<ProductsPage>("/api/public/products?per_page=2");
    const { id } = list.body.data[1]!;
    const slug = `${"parafusadeira-de-impacto-a-bateria-".repeat(6)}${id}`.padEnd(220, "x");
    expect(slug).toHaveLength(220);
    await t.database.db.execute(sql`UPDATE produtos SET slug = ${slug} WHERE id = ${id}`);
    const bySlug = await get<{ data: ProductDetails }>(`/api/public/products/${slug}/details`);
    expect([bySlug.status, bySlug.body.data?.id]).toEqual([200, id]);
  });

  it("answers 404 with a message for an unknown product", async () => {
    const { status, body } = await get<{ message: string }>("/api/public/products/nao-existe-123/details");
    expect(status).toBe(404);
    expect(body.message).toBe("Produto não encontrado");
  });
});

describe("team and newsletter", () => {
  it("lists the sales team", async () => {
    const { body } = await get<{ data: { nome: string; whatsapp: string | null }[] }>("/api/public/team?lang=es");
    expect(body.data.length).toBeGreaterThan(0);
  });

  it("keeps the digits of a phone for offers, once", async () => {
    const post = (celular: unknown) => t.app.inject({ method: "POST", url: "/api/public/contato-newsletter", payload: { celular } });
    expect((await post("+55 (11) 98765-4321")).statusCode).toBe(200);
    expect((await post("5511987654321")).statusCode).toBe(200);
    const rows = await queryRows<{ celular: string }>(t.database.db, sql`SELECT celular FROM contatos_newsletter WHERE celular = '5511987654321'`);
    expect(rows).toHaveLength(1);
  });

  it.each([["123"], ["1234567890123456"], [""], [12345678901]])("refuses %s", async (celular) => {
    const res = await t.app.inject({ method: "POST", url: "/api/public/contato-newsletter", payload: { celular } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.celular).toHaveLength(1);
  });

  it("refuses a body that is not JSON without a 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/public/contato-newsletter",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe("API surface", () => {
  it("answers JSON 404 for unknown API paths", async () => {
    const { status, body } = await get<{ message: string }>("/api/public/nothing");
    expect(status).toBe(404);
    expect(body.message).toBe("O Recurso que está tentando acessar não existe");
  });

  it("publishes OpenAPI at /api/docs", async () => {
    const { status, body } = await get<{ paths: Record<string, unknown> }>("/api/docs/json");
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(["/api/public/products", "/api/public/products/{id}/details", "/api/public/start"]),
    );
  });
});
