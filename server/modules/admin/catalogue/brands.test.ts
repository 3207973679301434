import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminBrand } from "#contract/api/admin/catalogue.ts";
import type { AuditEntry } from "#contract/api/admin/staff.ts";
import type { Brand, ProductsPage } from "#contract/api/catalog.ts";
import { call } from "../../../../tests/support/customers.ts";
import { files, multipart, png } from "../../../../tests/support/fixtures.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { movedSlugs, productIn } from "../../../../tests/support/admin-catalogue.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

let t: TestApp;
let manager: StaffAgent;
let owner: StaffAgent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  manager = await staffAgent(t.app, t.database.db, "manager");
  owner = await staffAgent(t.app, t.database.db, "owner");
});
afterAll(() => t.close());

let n = 0;
const unique = () => `${process.pid}${++n}`;
type Answer<T> = { data: T; message: string; errors?: Record<string, string[]> };

const moved = (query: Record<string, string>) => movedSlugs(t.app, query);

const productInPlaces = (places: Parameters<typeof productIn>[2]) => productIn(t.app, manager, places);

describe("brands in the back office", () => {
  const createBrand = (body: { nome: string; slug?: string; destaque?: boolean }) =>
    asStaff<Answer<AdminBrand>>(t.app, manager, "POST", "/api/admin/brands", { body });
  const upload = (id: number, file: { name: string; type: string; data: Buffer }) =>
    multipart({}, { logo: file }).then((form) => asStaff<Answer<AdminBrand>>(t.app, manager, "POST", `/api/admin/brands/${id}/logo`, { form }));
  const publicBrands = async () => (await call<{ data: Brand[] }>(t.app, "GET", "/api/public/brands?lang=pt")).body.data;

  it("creates, edits and renames a brand: the storefront lists it at once and its old address leads to the new one", async () => {
    await publicBrands();
    const id = unique();
    const res = await createBrand({ nome: `Bosch Teste ${id}`, destaque: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ slug: `bosch-teste-${id}`, destaque: true, logo: null });
    expect((await publicBrands()).find((b) => b.id === res.body.data.id)).toMatchObject({ nome: res.body.data.nome, destaque: true });
    const taken = await createBrand({ nome: "Outra", slug: res.body.data.slug });
    expect(taken.status).toBe(409);
    const renamed = await asStaff<Answer<AdminBrand>>(t.app, manager, "PUT", `/api/admin/brands/${res.body.data.id}`, {
      body: { nome: "Bosch Renomeada", slug: `bosch-nova-${unique()}`, destaque: false },
    });
    expect(renamed.status).toBe(200);
    expect(await moved({ marca: res.body.data.slug })).toMatchObject({ marca: renamed.body.data.slug });
    expect((await publicBrands()).find((b) => b.id === res.body.data.id)).toMatchObject({ nome: "Bosch Renomeada", destaque: false });
    expect((await asStaff(t.app, manager, "POST", "/api/admin/brands", { body: { nome: "" } })).status).toBe(422);
  });

  it("takes a logo by its bytes, stores it as WebP at most 400 px wide, refuses SVG and disguised files, and removes it", async () => {
    const { data: brand } = (await createBrand({ nome: `Logo ${unique()}` })).body;
    const big = await sharp({ create: { width: 1200, height: 400, channels: 3, background: "#246" } })
      .jpeg()
      .toBuffer();
    const saved = await upload(brand.id, { name: "logo.jpg", type: "image/jpeg", data: big });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe("Logotipo salvo.");
    const url = saved.body.data.logo!;
    expect(url).toMatch(new RegExp(`^/media/marcas/${brand.id}/[0-9a-f]{16}\\.webp$`));
    const file = path.join(t.config.dataDir, "media", url.replace("/media/", ""));
    expect((await sharp(file).metadata()).width).toBe(400);
    expect((await publicBrands()).find((b) => b.id === brand.id)?.logo).toBe(url);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const refused = await upload(brand.id, { name: "logo.svg", type: "image/svg+xml", data: svg });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.logo).toEqual(["Envie o logotipo em JPEG, PNG ou WebP (SVG não é aceito)."]);
    expect((await upload(brand.id, files.disguisedText("logo.png"))).status).toBe(422);
    expect((await asStaff(t.app, manager, "POST", `/api/admin/brands/${brand.id}/logo`, { body: {} })).status).toBe(415);

    // A new logo replaces the old one's file.
    const second = await upload(brand.id, { name: "p.png", type: "image/png", data: png(60, 20) });
    expect(second.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    const removed = await asStaff<Answer<AdminBrand>>(t.app, manager, "DELETE", `/api/admin/brands/${brand.id}/logo`);
    expect(removed.body.data.logo).toBeNull();
    expect(existsSync(path.join(t.config.dataDir, "media", second.body.data.logo!.replace("/media/", "")))).toBe(false);
    expect((await publicBrands()).find((b) => b.id === brand.id)?.logo).toBeNull();
  });

  it("deletes a brand only when no product names it", async () => {
    const { data: brand } = (await createBrand({ nome: `Usada ${unique()}` })).body;
    await productInPlaces({ brand_id: brand.id });
    const refused = await asStaff(t.app, manager, "DELETE", `/api/admin/brands/${brand.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("Esta marca não pode ser excluída");
    const { data: free } = (await createBrand({ nome: `Livre ${unique()}` })).body;
    expect((await asStaff(t.app, manager, "DELETE", `/api/admin/brands/${free.id}`)).status).toBe(200);
    expect((await publicBrands()).some((b) => b.id === free.id)).toBe(false);
  });
});

describe("the special line", () => {
  it("takes products in and out by the bulk change, and the storefront's special list follows", async () => {
    const a = await productInPlaces({});
    const b = await productInPlaces({});
    const special = async () =>
      (await call<ProductsPage>(t.app, "GET", "/api/public/products?special=only&per_page=100&sort=id:desc")).body.data.map((p) => p.id);
    const added = await asStaff<Answer<{ alterados: number }>>(t.app, manager, "POST", "/api/admin/products/bulk", {
      body: { ids: [a.id, b.id], acao: "especial_incluir" },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.alterados).toBe(2);
    expect(await special()).toEqual(expect.arrayContaining([a.id, b.id]));
    await asStaff(t.app, manager, "POST", "/api/admin/products/bulk", { body: { ids: [a.id], acao: "especial_remover" } });
    const after = await special();
    expect(after).toContain(b.id);
    expect(after).not.toContain(a.id);
    const log = await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?acao=especial_em_massa&funcionario_id=${manager.id}`);
    expect(log.body.data[0]?.depois).toMatchObject({ especial: false, valores: [{ id: a.id, valor: "false" }] });
    expect(log.body.data[0]?.antes).toMatchObject({ valores: [{ id: a.id, valor: "true" }] });
  });
});
