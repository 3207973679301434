import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminImport, ApiKey } from "#contract/api/admin/imports.ts";
import type { AdminProduct, AdminProductRow, CatalogOptions } from "#contract/api/admin/products.ts";
import type { AuditEntry } from "#contract/api/admin/staff.ts";
import type { ProductDetails } from "#contract/api/catalog.ts";
import { call } from "../../../../tests/support/customers.ts";
import { files, multipart, type FixtureFile } from "../../../../tests/support/fixtures.ts";
import { asStaff, staffAgent, STORE_HOST, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

let t: TestApp;
let manager: StaffAgent;
let owner: StaffAgent;
let options: CatalogOptions;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN, IMPORTS_PER_HOUR: "40" });
  manager = await staffAgent(t.app, t.database.db, "manager");
  owner = await staffAgent(t.app, t.database.db, "owner");
  options = (await asStaff<CatalogOptions>(t.app, manager, "GET", "/api/admin/catalog-options")).body;
});
afterAll(() => t.close());

let runs = 0;
const prefix = () => `IMP${process.pid}-${++runs}`;

const csv = (lines: string[], name = "produtos.csv"): FixtureFile => ({ name, type: "text/csv", data: Buffer.from(lines.join("\n"), "utf8") });

type Auth = { agent: StaffAgent } | { key: string };
const headersOf = (auth: Auth): Record<string, string> => ("key" in auth ? { authorization: `Bearer ${auth.key}` } : {});
const agentOf = (auth: Auth) => ("agent" in auth ? auth.agent : undefined);

async function upload(file: FixtureFile, auth: Auth = { agent: manager }) {
  return asStaff<{ message: string; data: AdminImport; errors?: Record<string, string[]> }>(t.app, agentOf(auth), "POST", "/api/admin/imports", {
    form: await multipart({}, { arquivo: file }),
    headers: headersOf(auth),
  });
}

/** Polls an import until its step is done (the screen does the same). */
async function settled(id: number, auth: Auth = { agent: manager }): Promise<AdminImport> {
  for (let i = 0; i < 600; i++) {
    const res = await asStaff<{ data: AdminImport }>(t.app, agentOf(auth), "GET", `/api/admin/imports/${id}`, { headers: headersOf(auth) });
    expect(res.status).toBe(200);
    if (res.body.data.estado !== "checking" && res.body.data.estado !== "applying") return res.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} never settled`);
}

async function checkFile(file: FixtureFile, auth: Auth = { agent: manager }) {
  const res = await upload(file, auth);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return settled(res.body.data.id, auth);
}

async function applyImport(id: number, auth: Auth = { agent: manager }) {
  const res = await asStaff<{ message: string; data: AdminImport }>(t.app, agentOf(auth), "POST", `/api/admin/imports/${id}/apply`, {
    headers: headersOf(auth),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return settled(id, auth);
}

async function byCode(codigo: string): Promise<AdminProduct | undefined> {
  const page = await asStaff<{ data: AdminProductRow[] }>(t.app, manager, "GET", `/api/admin/products?q=${encodeURIComponent(codigo)}`);
  const row = page.body.data.find((p) => p.codigo === codigo);
  if (!row) return undefined;
  return (await asStaff<{ data: AdminProduct }>(t.app, manager, "GET", `/api/admin/products/${row.id}`)).body.data;
}

const HEADER = "codigo;nome_pt;nome_es;marca;categoria;moeda;preco;estoque;especial";

describe("importing products", () => {
  it("checks a file first (counts, each refused row with its line and reason), applies it whole, and a second import changes nothing", async () => {
    const p = prefix();
    const category = options.categories[0]!;
    const brand = options.brands[0]!;
    const file = csv([
      HEADER,
      `${p}-1;Serra Circular Importada;Sierra Circular Importada;${brand.nome};${category.name_pt};USD;199,90;5;sim`,
      `${p}-2;Esmerilhadeira Importada;Amoladora Importada;;;PYG;350000;0;nao`,
      `${p}-3;Produto Sem Preço;Producto Sin Precio;;;USD;abc;1;nao`,
      `${p}-4;Marca Inexistente;Marca Inexistente;Marca Que Não Existe;;USD;10;1;nao`,
      `${p}-1;Linha Repetida;Fila Repetida;;;USD;10;1;nao`,
    ]);
    const checked = await checkFile(file);
    expect(checked).toMatchObject({ estado: "checked", linhas: 5, criadas: 2, atualizadas: 0, inalteradas: 0, recusadas: 3 });
    expect(checked.erros).toEqual([
      { linha: 4, coluna: "preco", codigo: `${p}-3`, valor: "abc", mensagem: "Valor inválido" },
      { linha: 5, coluna: "marca", codigo: `${p}-4`, valor: "Marca Que Não Existe", mensagem: '"Marca Que Não Existe" não existe na loja.' },
      { linha: 6, coluna: "codigo", codigo: `${p}-1`, valor: `${p}-1`, mensagem: "Este código já apareceu na linha 2." },
    ]);
    // The dry run wrote nothing.
    expect(await byCode(`${p}-1`)).toBeUndefined();

    const applied = await applyImport(checked.id);
    expect(applied).toMatchObject({ estado: "applied", criadas: 2, recusadas: 3 });
    const saw = await byCode(`${p}-1`);
    expect(saw).toMatchObject({
      nome_pt: "Serra Circular Importada",
      nome_es: "Sierra Circular Importada",
      brand_id: brand.id,
      category_id: category.id,
      moeda_id: 2,
      valor_venda: "199.90",
      qtde_disponivel: 5,
      qtde_fisica: 5,
      especial: true,
      ativo: true,
    });
    expect((await byCode(`${p}-2`))?.valor_venda).toBe("350000.00");
    // Shoppers see it at once, in both languages.
    const pt = await call<{ data: ProductDetails }>(t.app, "GET", `/api/public/products/${saw!.slug}/details?lang=pt&moeda_id=2`);
    const es = await call<{ data: ProductDetails }>(t.app, "GET", `/api/public/products/${saw!.slug}/details?lang=es&moeda_id=2`);
    expect(pt.body.data).toMatchObject({ nome: "Serra Circular Importada", valor_venda: "199.90" });
    expect(es.body.data.nome).toBe("Sierra Circular Importada");

    // The same file again: nothing to create or change, and applying it writes nothing.
    const again = await checkFile(file);
    expect(again).toMatchObject({ criadas: 0, atualizadas: 0, inalteradas: 2, recusadas: 3 });
    const reapplied = await applyImport(again.id);
    expect(reapplied).toMatchObject({ estado: "applied", criadas: 0, atualizadas: 0, inalteradas: 2 });
    expect((await byCode(`${p}-1`))!.updated_at).toBe(saw!.updated_at);

    // The audit log names the import, its counts and the values written.
    const audit = await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", "/api/admin/audit?entidade=importacao");
    const entry = audit.body.data.find((e) => e.entidade_id === String(checked.id));
    expect(entry).toMatchObject({ acao: "importar", autor: manager.email });
    expect(entry!.depois).toMatchObject({ criadas: 2, atualizadas: 0 });
    // …and the first refused rows with the values they refused.
    expect((entry!.depois as { recusas: unknown[] }).recusas[0]).toEqual({
      linha: 4,
      coluna: "preco",
      codigo: `${p}-3`,
      valor: "abc",
      mensagem: "Valor inválido",
    });
  });

  it("a price-and-stock file changes only price and stock, and refuses what a new product would need", async () => {
    const p = prefix();
    const first = await checkFile(
      csv([HEADER, `${p}-1;Trena Importada;Cinta Importada;;;USD;20;3;nao`, `${p}-2;Nível Importado;Nivel Importado;;;PYG;90000;4;nao`]),
    );
    await applyImport(first.id);
    const before = await byCode(`${p}-1`);
    const sync = await checkFile(
      csv(["codigo,preco,estoque", `${p}-1,25.5,8`, `${p}-2,"90000,50",4`, `${p}-9,10,1`, `${p}-2B,,1`], "sincronizacao.csv"),
    );
    expect(sync).toMatchObject({ estado: "checked", colunas: ["codigo", "preco", "estoque"], atualizadas: 1, recusadas: 3 });
    expect(sync.erros.map((e) => [e.linha, e.coluna, e.valor, e.mensagem])).toEqual([
      [3, "preco", "90000,50", "Informe um número inteiro"],
      [4, null, null, "Produto novo: o arquivo precisa das colunas nome_pt, nome_es, moeda."],
      [5, "preco", "", "Este campo é Obrigatório"],
    ]);
    await applyImport(sync.id);
    const after = await byCode(`${p}-1`);
    expect(after).toMatchObject({ valor_venda: "25.50", qtde_disponivel: 8, qtde_fisica: 8, nome_pt: before!.nome_pt, slug: before!.slug });
    expect((await byCode(`${p}-2`))?.valor_venda).toBe("90000.00");
  });

  it("export → import round-trips in CSV and XLSX: nothing changes", async () => {
    // A name a spreadsheet would run as a formula leaves the CSV as text, and comes back as it was.
    const p = prefix();
    await applyImport((await checkFile(csv([HEADER, `${p}-1;"=HYPERLINK(""http://x.test"";""a"")";-Menos;;;USD;1;1;nao`]))).id);
    for (const formato of ["csv", "xlsx"] as const) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/admin/export?formato=${formato}`,
        headers: { host: STORE_HOST, cookie: `staff_sid=${encodeURIComponent(manager.cookie)}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(new RegExp(`attachment; filename="produtos-\\d{4}-\\d{2}-\\d{2}\\.${formato}"`));
      if (formato === "csv") expect(res.body).toContain(`;"'=HYPERLINK(""http://x.test"";""a"")";"'-Menos";`);
      const checked = await checkFile({ name: `export.${formato}`, type: "application/octet-stream", data: res.rawPayload });
      expect(checked.falha).toBeNull();
      expect(checked.estado).toBe("checked");
      expect(checked.recusadas, JSON.stringify(checked.erros.slice(0, 3))).toBe(0);
      expect(checked.criadas + checked.atualizadas).toBe(0);
      expect(checked.inalteradas).toBeGreaterThan(50);
    }
  });

  it("an edited export updates what changed: names, specifications, a workbook's numbers", async () => {
    const p = prefix();
    await applyImport((await checkFile(csv([HEADER, `${p}-1;Alicate Importado;Pinza Importada;;;USD;12;2;nao`]))).id);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("produtos");
    sheet.addRow(["codigo", "nome_pt", "preco", "especificacoes", "ativo"]);
    const specs = JSON.stringify([{ nome_pt: "Tamanho", nome_es: "Tamaño", valor_pt: "8 pol", valor_es: "8 pulg" }]);
    sheet.addRow([`${p}-1`, "Alicate Universal Importado", 13.5, specs, "não"]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const checked = await checkFile({ name: "editado.xlsx", type: "application/octet-stream", data });
    expect(checked).toMatchObject({ formato: "xlsx", atualizadas: 1, recusadas: 0 });
    await applyImport(checked.id);
    expect(await byCode(`${p}-1`)).toMatchObject({
      nome_pt: "Alicate Universal Importado",
      nome_es: "Pinza Importada",
      valor_venda: "13.50",
      ativo: false,
      especificacoes: [{ nome_pt: "Tamanho", nome_es: "Tamaño", valor_pt: "8 pol", valor_es: "8 pulg" }],
    });
  });

  it("refuses files it cannot take, with the reason in the member's language", async () => {
    const png = await upload(files.png("produtos.csv"));
    expect(png.status).toBe(415);
    expect(png.body.message).toBe("Envie um arquivo CSV (texto) ou uma planilha XLSX.");
    const unknown = await checkFile(csv(["codigo;preco;cor", "X;1;azul"]));
    expect(unknown).toMatchObject({ estado: "failed" });
    expect(unknown.falha).toMatch(/^Coluna desconhecida: "cor"/);
    const noCode = await checkFile(csv(["nome_pt;preco", "X;1"]));
    expect(noCode.falha).toBe('Falta a coluna "codigo": é por ela que cada linha encontra o seu produto.');
    const empty = await upload(csv([]));
    expect(empty.status).toBe(422);
    const spanish = await staffAgent(t.app, t.database.db, "manager", "es-PY");
    const refused = await checkFile(csv(["codigo;preco", `${prefix()}-1;1`]), { agent: spanish });
    expect(refused.erros[0]?.mensagem).toBe("Producto nuevo: el archivo necesita las columnas nome_pt, nome_es, moeda, estoque.");
    // An import is applied once; a failed one never.
    expect((await asStaff(t.app, manager, "POST", `/api/admin/imports/${unknown.id}/apply`)).status).toBe(409);
  });
});

describe("API keys for the shop's own system", () => {
  it("the owner creates a key shown once; it imports without a session and opens nothing else; revoked, it opens nothing", async () => {
    const created = await asStaff<{ message: string; data: ApiKey; chave: string }>(t.app, owner, "POST", "/api/admin/api-keys", {
      body: { nome: "Sistema da loja", escopo: "catalogo" },
    });
    expect(created.status).toBe(201);
    expect(created.body.chave).toMatch(new RegExp(`^sk_${created.body.data.prefixo}_[A-Za-z0-9_-]{32}$`));
    const listed = await asStaff<{ data: ApiKey[] }>(t.app, owner, "GET", "/api/admin/api-keys");
    expect(JSON.stringify(listed.body)).not.toContain(created.body.chave);
    expect((await asStaff(t.app, manager, "POST", "/api/admin/api-keys", { body: { nome: "x" } })).status).toBe(403);

    const key = { key: created.body.chave };
    const p = prefix();
    const checked = await checkFile(csv([HEADER, `${p}-1;Chave Importada;Llave Importada;;;USD;30;1;nao`]), key);
    expect(checked).toMatchObject({ criadas: 1, autor: expect.stringContaining(created.body.data.prefixo) });
    await applyImport(checked.id, key);
    expect(await byCode(`${p}-1`)).toMatchObject({ nome_pt: "Chave Importada" });
    // Nothing but the import.
    expect((await call(t.app, "GET", "/api/admin/products", { headers: { host: STORE_HOST, ...headersOf(key) } })).status).toBe(403);
    expect((await call(t.app, "GET", "/api/admin/export", { headers: { host: STORE_HOST, ...headersOf(key) } })).status).toBe(403);
    // A made-up key, then the revoked one.
    const fake = await call(t.app, "GET", "/api/admin/imports", {
      headers: { host: STORE_HOST, authorization: `Bearer sk_${"0".repeat(12)}_${"a".repeat(32)}` },
    });
    expect(fake.status).toBe(401);
    expect((await asStaff(t.app, owner, "DELETE", `/api/admin/api-keys/${created.body.data.id}`)).status).toBe(200);
    const revoked = await call<{ message: string }>(t.app, "GET", "/api/admin/imports", { headers: { host: STORE_HOST, ...headersOf(key) } });
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe("Chave de API inválida ou revogada.");
  });
});
