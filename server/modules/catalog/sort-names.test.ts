import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductsPage } from "#contract/api/catalog.ts";
import { createTestApp, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A lower-case initial and an accented capital, as shops really name things.
  await t.database.db.execute(sql`UPDATE produtos SET nome_pt = 'álcool isopropílico 1 L', nome_es = 'Ñandutí de prueba'
    WHERE id = (SELECT min(id) FROM produtos WHERE ativo)`);
});
afterAll(() => t.close());

const get = async <T>(url: string) => (await t.app.inject({ method: "GET", url })).json<T>();
/** How a reader files a name: without accents or case. */
const key = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

async function allNames(lang: string, order: "asc" | "desc"): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const body = await get<ProductsPage>(`/api/public/products?lang=${lang}&order_by=nome&order=${order}&per_page=100&page=${page}`);
    names.push(...body.data.map((p) => p.nome));
    if (page >= body.last_page) return names;
  }
}

describe("sorting by name", () => {
  it("files accented and lower-case initials with their letter, Z–A in Portuguese", async () => {
    const names = await allNames("pt", "desc");
    const keys = names.map(key);
    expect(keys).toEqual([...keys].sort().reverse());
    // "Trena …" comes before "Óculos …", which comes before "álcool …" at the very end.
    const firstOculos = names.findIndex((n) => n.startsWith("Óculos"));
    const lastTrena = names.findLastIndex((n) => n.startsWith("Trena"));
    expect(firstOculos).toBeGreaterThan(-1);
    expect(lastTrena).toBeLessThan(firstOculos);
    expect(names.at(-1)).toBe("álcool isopropílico 1 L");
  });

  it("files Spanish names the same way A–Z", async () => {
    const names = await allNames("es", "asc");
    const keys = names.map(key);
    expect(keys).toEqual([...keys].sort());
    const nandu = names.indexOf("Ñandutí de prueba");
    expect(key(names[nandu - 1]!) <= "nandu").toBe(true);
    expect(key(names[nandu + 1]!) >= "nandu").toBe(true);
  });

  it("puts the TXT price list in the same order", async () => {
    const txt = (await t.app.inject({ method: "GET", url: "/api/public/products/export?format=txt&order_by=nome&order=desc&lang=pt" })).body;
    const lines = txt.split("\n").filter((l) => /\*|N\/A$/.test(l));
    const list = await get<ProductsPage>("/api/public/products?lang=pt&tem_estoque=1&order_by=nome&order=desc&per_page=3");
    for (const [i, product] of list.data.entries()) expect(lines[i]).toContain(product.codigo);
  });
});
