import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKey } from "#contract/api/admin/imports.ts";
import type { AdminProduct, AdminProductRow } from "#contract/api/admin/products.ts";
import { apiKeys, staff } from "#db/schema/staff.ts";
import { call } from "../../../../tests/support/customers.ts";
import { applyImport, checkFile, csvFile, settled, type Auth } from "../../../../tests/support/imports.ts";
import { asStaff, staffAgent, STORE_HOST, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { addressAllowed } from "./api-keys.ts";

/** Issue 30, item 3: what an API key of the shop's own system may do (docs/decisions/024). */

let t: TestApp;
let owner: StaffAgent;
let manager: StaffAgent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN, IMPORTS_PER_HOUR: "100" });
  owner = await staffAgent(t.app, t.database.db, "owner");
  manager = await staffAgent(t.app, t.database.db, "manager");
});
afterAll(() => t.close());

let runs = 0;
const prefix = () => `KEY${process.pid}-${++runs}`;

async function createKey(body: Record<string, unknown>, by: StaffAgent = owner) {
  return asStaff<{ message: string; data: ApiKey; chave: string; errors?: Record<string, string[]> }>(t.app, by, "POST", "/api/admin/api-keys", {
    body: { nome: "Sistema da loja", ...body },
  });
}

async function keyOf(body: Record<string, unknown> = {}, by?: StaffAgent): Promise<{ key: string; data: ApiKey }> {
  const res = await createKey(body, by);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { key: res.body.chave, data: res.body.data };
}

const listImports = (key: string, ip?: string) =>
  call<{ message: string }>(t.app, "GET", "/api/admin/imports", { headers: { host: STORE_HOST, authorization: `Bearer ${key}` }, ip });

async function byCode(codigo: string): Promise<AdminProduct> {
  const page = await asStaff<{ data: AdminProductRow[] }>(t.app, manager, "GET", `/api/admin/products?q=${encodeURIComponent(codigo)}`);
  const row = page.body.data.find((p) => p.codigo === codigo)!;
  return (await asStaff<{ data: AdminProduct }>(t.app, manager, "GET", `/api/admin/products/${row.id}`)).body.data;
}

/** Two products a manager imports, at 20 and 30 dollars. */
async function products() {
  const p = prefix();
  const checked = await checkFile(
    t.app,
    csvFile(["codigo;nome_pt;nome_es;moeda;preco;estoque", `${p}-1;Chave A;Llave A;USD;20;3`, `${p}-2;Chave B;Llave B;USD;30;3`]),
    { agent: manager },
  );
  expect((await applyImport(t.app, checked.id, { agent: manager })).status).toBe(202);
  await settled(t.app, checked.id, { agent: manager });
  return p;
}

describe("API keys for the shop's own system", () => {
  it("a new key is price-and-stock: other columns are refused with the reason; a price of 0 is refused", async () => {
    const { key, data } = await keyOf();
    expect(data).toMatchObject({ escopo: "preco_estoque", expira_em: null, enderecos: [] });
    const auth: Auth = { key };
    const p = await products();
    const full = await checkFile(t.app, csvFile(["codigo;nome_pt;preco", `${p}-1;Outro nome;21`]), auth);
    expect(full).toMatchObject({ estado: "failed" });
    expect(full.falha).toBe(
      "Esta chave de API envia só preço e estoque (codigo;preco;estoque); o arquivo tem também: nome_pt. Para outras colunas, o dono cria uma chave de catálogo completo.",
    );
    const sync = await checkFile(t.app, csvFile(["codigo;preco;estoque", `${p}-1;22;9`, `${p}-2;0;1`]), auth);
    expect(sync).toMatchObject({ estado: "checked", atualizadas: 1, recusadas: 1 });
    expect(sync.erros).toEqual([
      { linha: 3, coluna: "preco", codigo: `${p}-2`, valor: "0", mensagem: "Preço zero não é aceito de uma chave de API." },
    ]);
    expect((await applyImport(t.app, sync.id, auth)).status).toBe(202);
    await settled(t.app, sync.id, auth);
    expect(await byCode(`${p}-1`)).toMatchObject({ valor_venda: "22.00", qtde_disponivel: 9 });
    expect((await byCode(`${p}-2`)).valor_venda).toBe("30.00");
    // A full-catalogue key writes any column.
    const catalogue = await keyOf({ escopo: "catalogo" });
    const named = await checkFile(t.app, csvFile(["codigo;nome_pt", `${p}-1;Chave Renomeada`]), { key: catalogue.key });
    expect(named).toMatchObject({ estado: "checked", atualizadas: 1 });
  });

  it("a price moved past the bulk change's limits needs the key's explicit confirmation", async () => {
    const { key } = await keyOf();
    const p = await products();
    // 20 → 200 is +900%; 30 → 2 is −93%; both past −90%…+500%.
    const checked = await checkFile(t.app, csvFile(["codigo;preco;estoque", `${p}-1;200;3`, `${p}-2;2;3`]), { key });
    expect(checked).toMatchObject({ estado: "checked", atualizadas: 2, fora_limite: 2 });
    const refused = await applyImport(t.app, checked.id, { key });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "2 preço(s) mudam além dos limites do reajuste em massa (de -90% a +500%). Confira e aplique com confirmar=true.",
    );
    expect((await byCode(`${p}-1`)).valor_venda).toBe("20.00");
    expect((await applyImport(t.app, checked.id, { key }, "?confirmar=true")).status).toBe(202);
    expect(await settled(t.app, checked.id, { key })).toMatchObject({ estado: "applied", atualizadas: 2 });
    expect((await byCode(`${p}-1`)).valor_venda).toBe("200.00");
  });

  it("an expiry and allowed addresses are chosen at creation, listed, and enforced", async () => {
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const { key, data } = await keyOf({ expira_em: day, enderecos: "203.0.113.0/24\n2001:db8::/32, 198.51.100.7" });
    expect(data.enderecos).toEqual(["203.0.113.0/24", "2001:db8::/32", "198.51.100.7"]);
    expect(data.expira_em).toBe(new Date(`${day}T23:59:59.999-03:00`).toISOString());
    const listed = await asStaff<{ data: ApiKey[] }>(t.app, owner, "GET", "/api/admin/api-keys");
    expect(listed.body.data.find((k) => k.id === data.id)).toMatchObject({ expira_em: data.expira_em, enderecos: data.enderecos });

    expect((await listImports(key, "203.0.113.9")).status).toBe(200);
    expect((await listImports(key, "198.51.100.7")).status).toBe(200);
    const elsewhere = await listImports(key, "192.0.2.1");
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe("Esta chave de API não aceita pedidos do endereço 192.0.2.1.");

    await t.database.db
      .update(apiKeys)
      .set({ expira_em: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, data.id));
    const expired = await listImports(key, "203.0.113.9");
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe("Esta chave de API expirou. O dono da loja pode criar outra.");

    // Bad choices are refused field by field.
    const bad = await createKey({ expira_em: "2001-01-01", enderecos: "10.0.0.300" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ enderecos: ["Valor inválido"], expira_em: ["Valor inválido"] });
  });

  it("a key dies with its creator's deactivation", async () => {
    const other = await staffAgent(t.app, t.database.db, "owner");
    const { key } = await keyOf({}, other);
    expect((await listImports(key)).status).toBe(200);
    await t.database.db.update(staff).set({ ativo: false }).where(eq(staff.id, other.id));
    const dead = await listImports(key);
    expect(dead.status).toBe(401);
    expect(dead.body.message).toBe("Chave de API inválida ou revogada.");
  });

  it("a key's requests are limited per minute", async () => {
    const { key } = await keyOf();
    const other = await keyOf();
    let status = 200;
    for (let i = 0; i < 121 && status === 200; i++) status = (await listImports(key)).status;
    expect(status).toBe(429);
    expect((await listImports(other.key)).status).toBe(200);
    // The members' screens poll freely.
    for (let i = 0; i < 130; i++) expect((await asStaff(t.app, manager, "GET", "/api/admin/imports")).status).toBe(200);
  });

  it("matches addresses and ranges, IPv4 written as IPv6 too", () => {
    expect(addressAllowed([], "192.0.2.1")).toBe(true);
    expect(addressAllowed(["192.0.2.0/24"], "::ffff:192.0.2.200")).toBe(true);
    expect(addressAllowed(["192.0.2.0/24"], "192.0.3.1")).toBe(false);
    expect(addressAllowed(["2001:db8::/32"], "2001:db8:1::5")).toBe(true);
    expect(addressAllowed(["2001:db8::1"], "2001:db8::2")).toBe(false);
  });
});
