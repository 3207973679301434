import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct, AdminProductBody } from "#contract/api/admin/products.ts";
import type { AuditEntry } from "#contract/api/admin/staff.ts";
import type { ProductDetails, ProductsPage } from "#contract/api/catalog.ts";
import { call } from "../../../../tests/support/customers.ts";
import { files, multipart, png, pngSized } from "../../../../tests/support/fixtures.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

let t: TestApp;
let manager: StaffAgent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  manager = await staffAgent(t.app, t.database.db, "manager");
});
afterAll(() => t.close());

let codes = 0;
const code = () => `ADM-${process.pid}-${++codes}`;

function productBody(overrides: Partial<AdminProductBody> = {}): AdminProductBody {
  return {
    codigo: code(),
    nome_pt: "Furadeira de Impacto Teste 850W",
    nome_es: "Taladro Percutor Prueba 850W",
    descritivo_pt: "Para concreto e madeira.",
    descritivo_es: "Para hormigón y madera.",
    caracteristica_pt: "<p>Potente <strong>e leve</strong></p><script>alert(1)</script>",
    caracteristica_es: '<p onclick="x()">Potente</p>',
    brand_id: null,
    category_id: null,
    department_id: null,
    moeda_id: 2,
    valor_venda: "129,90",
    mostrar_preco: true,
    especial: false,
    ativo: true,
    qtde_disponivel: 7,
    qtde_fisica: 9,
    especificacoes: [{ nome_pt: "Potência", nome_es: "Potencia", valor_pt: "850 W", valor_es: "850 W" }],
    ...overrides,
  };
}

const create = (body: AdminProductBody) =>
  asStaff<{ data: AdminProduct; message: string; errors?: Record<string, string[]> }>(t.app, manager, "POST", "/api/admin/products", { body });
const details = (slug: string, lang: "pt" | "es") =>
  call<{ data: ProductDetails }>(t.app, "GET", `/api/public/products/${slug}/details?lang=${lang}&moeda_id=2`);

describe("products in the back office", () => {
  it("creates a product with every field, sanitised, and the storefront shows it at once in both languages", async () => {
    const options = await asStaff<{ categories: { id: number; departments: { id: number }[] }[]; brands: { id: number }[] }>(
      t.app,
      manager,
      "GET",
      "/api/admin/catalog-options",
    );
    const category = options.body.categories.find((c) => c.departments.length > 0)!;
    const brand = options.body.brands[0]!;
    const body = productBody({ category_id: category.id, department_id: category.departments[0]!.id, brand_id: brand.id });
    const res = await create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe("Produto cadastrado.");
    const product = res.body.data;
    expect(product).toMatchObject({ codigo: body.codigo, valor_venda: "129.90", qtde_disponivel: 7, qtde_fisica: 9, ativo: true });
    expect(product.slug).toBe(`furadeira-de-impacto-teste-850w-${body.codigo.toLowerCase()}`);
    expect(product.caracteristica_pt).toBe("<p>Potente <strong>e leve</strong></p>");
    expect(product.caracteristica_es).toBe("<p>Potente</p>");

    const pt = await details(product.slug, "pt");
    const es = await details(product.slug, "es");
    expect(pt.status).toBe(200);
    expect(pt.body.data).toMatchObject({ nome: body.nome_pt, codigo: body.codigo, valor_venda: "129.90", qtde_disponivel: 7 });
    expect(pt.body.data.especificacoes).toEqual([{ nome: "Potência", valor: "850 W" }]);
    expect(es.body.data.nome).toBe(body.nome_es);
    const list = await call<ProductsPage>(t.app, "GET", `/api/public/products?text=${encodeURIComponent(body.codigo)}`);
    expect(list.body.data.map((p) => p.codigo)).toContain(body.codigo);
  });

  it("refuses a taken code or address, a department of another category, cents in guaraníes and a bad price, field by field", async () => {
    const first = await create(productBody());
    const again = await create(productBody({ codigo: first.body.data.codigo.toLowerCase() }));
    expect(again.status).toBe(409);
    expect(again.body.errors?.codigo).toEqual(["Já existe um produto com este código."]);
    const slug = await create(productBody({ slug: first.body.data.slug }));
    expect(slug.status).toBe(409);
    expect(slug.body.errors?.slug).toEqual(["Este endereço já é usado por outro produto."]);

    const options = await asStaff<{ categories: { id: number; departments: { id: number }[] }[] }>(
      t.app,
      manager,
      "GET",
      "/api/admin/catalog-options",
    );
    const [a, b] = options.body.categories.filter((c) => c.departments.length > 0);
    const mismatch = await create(productBody({ category_id: a!.id, department_id: b!.departments[0]!.id }));
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors?.department_id).toEqual(["O departamento não pertence à categoria escolhida."]);
    const cents = await create(productBody({ moeda_id: 3, valor_venda: "150000,50" }));
    expect(cents.status).toBe(422);
    expect(cents.body.errors?.valor_venda).toEqual(["Informe um número inteiro"]);
    const bad = await create(productBody({ valor_venda: "12.345", qtde_disponivel: -1, nome_pt: "" }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(["nome_pt", "qtde_disponivel", "valor_venda"]);
  });

  it("edits the price and stock: the storefront's answer follows at once, the audit log keeps before and after", async () => {
    const { data: product } = (await create(productBody())).body;
    expect((await details(product.slug, "pt")).body.data.valor_venda).toBe("129.90");
    const saved = await asStaff<{ data: AdminProduct }>(t.app, manager, "PUT", `/api/admin/products/${product.id}`, {
      body: { ...productBody({ codigo: product.codigo, valor_venda: "99.50", qtde_disponivel: 0 }) },
    });
    expect(saved.status).toBe(200);
    const shown = (await details(product.slug, "pt")).body.data;
    expect(shown.valor_venda).toBe("99.50");
    expect(shown.tem_estoque).toBe(false);
    const owner = await staffAgent(t.app, t.database.db, "owner");
    const log = await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?entidade=produto&funcionario_id=${manager.id}`);
    const entry = log.body.data.find((e) => e.entidade_id === String(product.id) && e.acao === "editar")!;
    expect(entry.antes).toMatchObject({ valor_venda: "129.90", qtde_disponivel: 7 });
    expect(entry.depois).toMatchObject({ valor_venda: "99.50", qtde_disponivel: 0 });
  });

  it("hides a product from the storefront and finds it again among the hidden ones", async () => {
    const { data: product } = (await create(productBody())).body;
    await asStaff(t.app, manager, "PUT", `/api/admin/products/${product.id}`, { body: productBody({ codigo: product.codigo, ativo: false }) });
    expect((await details(product.slug, "pt")).status).toBe(404);
    const hidden = await asStaff<{ data: { id: number }[] }>(t.app, manager, "GET", `/api/admin/products?ativo=nao&q=${product.codigo}`);
    expect(hidden.body.data.map((p) => p.id)).toEqual([product.id]);
  });

  it("duplicates a product as a hidden copy with a code and address of its own", async () => {
    const { data: product } = (await create(productBody())).body;
    const copy = await asStaff<{ data: AdminProduct }>(t.app, manager, "POST", `/api/admin/products/${product.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({
      codigo: `${product.codigo}-C1`,
      ativo: false,
      nome_pt: product.nome_pt,
      especificacoes: product.especificacoes,
    });
    expect(copy.body.data.slug).not.toBe(product.slug);
    const second = await asStaff<{ data: AdminProduct }>(t.app, manager, "POST", `/api/admin/products/${product.id}/duplicate`);
    expect(second.body.data.codigo).toBe(`${product.codigo}-C2`);
  });

  it("lists with search by name, code and brand, filters and pages, with the total", async () => {
    const word = `zzteste${process.pid}`;
    for (let i = 0; i < 3; i++) await create(productBody({ nome_pt: `Serra ${word} ${i}`, especial: i === 0, mostrar_preco: i !== 1 }));
    const all = await asStaff<{ data: { nome_pt: string }[]; total: number; last_page: number }>(
      t.app,
      manager,
      "GET",
      `/api/admin/products?q=${word.slice(0, 8)}&per_page=20`,
    );
    expect(all.body.total).toBe(3);
    expect(all.body.data.map((p) => p.nome_pt)).toEqual([`Serra ${word} 2`, `Serra ${word} 1`, `Serra ${word} 0`]);
    const special = await asStaff<{ total: number }>(t.app, manager, "GET", `/api/admin/products?q=${word}&especial=sim`);
    const hiddenPrice = await asStaff<{ total: number }>(t.app, manager, "GET", `/api/admin/products?q=${word}&preco_oculto=sim`);
    const shownPrice = await asStaff<{ total: number }>(t.app, manager, "GET", `/api/admin/products?q=${word}&preco_oculto=nao`);
    expect([special.body.total, hiddenPrice.body.total, shownPrice.body.total]).toEqual([1, 1, 2]);
    const everything = await asStaff<{ total: number; last_page: number; data: unknown[] }>(
      t.app,
      manager,
      "GET",
      "/api/admin/products?per_page=50&page=2",
    );
    expect(everything.body.data).toHaveLength(50);
    expect(everything.body.last_page).toBe(Math.ceil(everything.body.total / 50));
    expect((await asStaff(t.app, manager, "GET", "/api/admin/products?per_page=33")).status).toBe(422);
  });

  it("stores uploaded images by their bytes as WebP variants, reorders and removes them", async () => {
    const { data: product } = (await create(productBody())).body;
    const big = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#c84" } })
      .jpeg()
      .toBuffer();
    const upload = (data: Buffer, name = "foto.jpg", type = "image/jpeg") =>
      multipart({}, { imagens: { name, type, data } }).then((form) =>
        asStaff<{ data: { id: number; url: string }[]; errors?: Record<string, string[]> }>(
          t.app,
          manager,
          "POST",
          `/api/admin/products/${product.id}/images`,
          { form },
        ),
      );
    const first = await upload(big);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const url = first.body.data[0]!.url;
    expect(url).toMatch(new RegExp(`^/media/produtos/${product.id}/[0-9a-f]{16}-1200\\.webp$`));
    const mediaDir = path.join(t.config.dataDir, "media");
    for (const width of [200, 600, 1200]) {
      const file = path.join(mediaDir, url.replace("/media/", "").replace("-1200.webp", `-${width}.webp`));
      expect(existsSync(file), file).toBe(true);
      expect((await sharp(file).metadata()).width).toBe(width);
    }
    // A small PNG is never enlarged.
    const second = await upload(png(40, 30), "peq.png", "image/png");
    expect(second.body.data).toHaveLength(2);
    expect((await sharp(path.join(mediaDir, second.body.data[1]!.url.replace("/media/", ""))).metadata()).width).toBe(40);

    // What is not an image, whatever its name says, and what is too large.
    const text = await upload(files.disguisedText().data, "foto.png", "image/png");
    expect(text.status).toBe(422);
    expect(text.body.errors?.imagens).toEqual(["Envie imagens JPEG, PNG ou WebP."]);
    const broken = await upload(Buffer.concat([png(4, 4).subarray(0, 40), Buffer.alloc(200, 7)]), "quebrada.png", "image/png");
    expect(broken.status).toBe(422);
    const huge = await upload(pngSized(10 * 1024 * 1024 + 1), "grande.png", "image/png");
    expect(huge.status).toBe(413);
    expect(huge.body.errors?.imagens).toEqual(["Cada imagem deve ter no máximo 10 MB."]);

    const [a, b] = second.body.data;
    const reordered = await asStaff<{ data: { id: number }[] }>(t.app, manager, "PUT", `/api/admin/products/${product.id}/images`, {
      body: { ids: [b!.id, a!.id] },
    });
    expect(reordered.body.data.map((i) => i.id)).toEqual([b!.id, a!.id]);
    expect((await details(product.slug, "pt")).body.data.imagens[0]!.url).toBe(b!.url);
    const wrongOrder = await asStaff(t.app, manager, "PUT", `/api/admin/products/${product.id}/images`, { body: { ids: [a!.id] } });
    expect(wrongOrder.status).toBe(422);
    const removed = await asStaff<{ data: { id: number }[] }>(t.app, manager, "DELETE", `/api/admin/products/${product.id}/images/${b!.id}`);
    expect(removed.body.data.map((i) => i.id)).toEqual([a!.id]);
    expect((await details(product.slug, "pt")).body.data.imagens.map((i) => i.url)).toEqual([a!.url]);
  });

  it("raises prices by a percentage for a selection or a filter (guaraníes stay whole), sets stock, and audits each product", async () => {
    const word = `zzmassa${process.pid}`;
    const usd = (await create(productBody({ nome_pt: `Broca ${word}`, valor_venda: "10.00" }))).body.data;
    const pyg = (await create(productBody({ nome_pt: `Broca ${word} guarani`, moeda_id: 3, valor_venda: "15001" }))).body.data;
    const other = (await create(productBody({ nome_pt: "Outro produto qualquer", valor_venda: "20.00" }))).body.data;
    const byFilter = await asStaff<{ data: { alterados: number }; message: string }>(t.app, manager, "POST", "/api/admin/products/bulk", {
      body: { filtro: { q: word }, acao: "preco_percentual", percentual: "10,5" },
    });
    expect(byFilter.status, JSON.stringify(byFilter.body)).toBe(200);
    expect(byFilter.body.data.alterados).toBe(2);
    expect(byFilter.body.message).toBe("Produtos alterados: 2.");
    const price = async (id: number) => (await asStaff<{ data: AdminProduct }>(t.app, manager, "GET", `/api/admin/products/${id}`)).body.data;
    expect((await price(usd.id)).valor_venda).toBe("11.05");
    expect((await price(pyg.id)).valor_venda).toBe("16576.00");
    expect((await price(other.id)).valor_venda).toBe("20.00");

    const bySelection = await asStaff<{ data: { alterados: number } }>(t.app, manager, "POST", "/api/admin/products/bulk", {
      body: { ids: [usd.id, other.id], acao: "estoque", estoque: 0 },
    });
    expect(bySelection.body.data.alterados).toBe(2);
    expect([(await price(usd.id)).qtde_disponivel, (await price(other.id)).qtde_disponivel, (await price(pyg.id)).qtde_disponivel]).toEqual([
      0, 0, 7,
    ]);
    const lower = await asStaff(t.app, manager, "POST", "/api/admin/products/bulk", {
      body: { ids: [other.id], acao: "preco_percentual", percentual: -50 },
    });
    expect(lower.status).toBe(200);
    expect((await price(other.id)).valor_venda).toBe("10.00");

    for (const body of [
      { ids: [usd.id], acao: "preco_percentual", percentual: "-95" },
      { ids: [usd.id], acao: "preco_percentual" },
      { acao: "estoque", estoque: 3 },
      { ids: [usd.id], acao: "estoque", estoque: -1 },
    ]) {
      expect((await asStaff(t.app, manager, "POST", "/api/admin/products/bulk", { body })).status, JSON.stringify(body)).toBe(422);
    }
    const owner = await staffAgent(t.app, t.database.db, "owner");
    const log = await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?acao=reajuste_em_massa&funcionario_id=${manager.id}`);
    const entry = log.body.data.find((e) => (e.antes as { alterados: number }).alterados === 2)!;
    expect((entry.antes as { valores: { codigo: string; valor: string }[] }).valores).toEqual(
      expect.arrayContaining([{ id: usd.id, codigo: usd.codigo, moeda_id: 2, valor: "10.00" }]),
    );
    expect((entry.depois as { valores: { codigo: string; valor: string }[] }).valores).toEqual(
      expect.arrayContaining([{ id: usd.id, codigo: usd.codigo, moeda_id: 2, valor: "11.05" }]),
    );
  });

  it("keeps a renamed product's old address answering with the product, until another product takes that address", async () => {
    const { data: product } = (await create(productBody())).body;
    const renamed = await asStaff<{ data: AdminProduct }>(t.app, manager, "PUT", `/api/admin/products/${product.id}`, {
      body: productBody({ codigo: product.codigo, slug: `novo-endereco-${product.codigo.toLowerCase()}` }),
    });
    expect(renamed.body.data.slug).toBe(`novo-endereco-${product.codigo.toLowerCase()}`);
    const old = await details(product.slug, "pt");
    expect(old.status).toBe(200);
    expect(old.body.data.slug).toBe(renamed.body.data.slug);
    // Another product may take the address; then it is that product's.
    const other = await create(productBody({ slug: product.slug }));
    expect(other.status).toBe(201);
    expect((await details(product.slug, "pt")).body.data.id).toBe(other.body.data.id);
  });
});
