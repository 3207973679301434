import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminCategory, AdminDepartment, CategoryBody } from "#contract/api/admin/catalogue.ts";
import type { AuditEntry } from "#contract/api/admin/staff.ts";
import type { Category, Menu } from "#contract/api/catalog.ts";
import { call } from "../../../../tests/support/customers.ts";
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

const categoryBody = (overrides: Partial<CategoryBody> = {}): CategoryBody => ({
  name_pt: `Ferramentas Teste ${unique()}`,
  name_es: `Herramientas Prueba ${n}`,
  visivel_menu: true,
  ordem: 5,
  ...overrides,
});
const createCategory = (body: CategoryBody, agent = manager) =>
  asStaff<Answer<AdminCategory>>(t.app, agent, "POST", "/api/admin/categories", { body });
const updateCategory = (id: number, body: CategoryBody) =>
  asStaff<Answer<AdminCategory>>(t.app, manager, "PUT", `/api/admin/categories/${id}`, { body });
const createDepartment = (categoryId: number, body: CategoryBody) =>
  asStaff<Answer<AdminDepartment>>(t.app, manager, "POST", `/api/admin/categories/${categoryId}/departments`, { body });
const menu = async (lang: "pt" | "es" = "pt") => (await call<{ data: Menu }>(t.app, "GET", `/api/public/menu?lang=${lang}`)).body.data;
const moved = (query: Record<string, string>) => movedSlugs(t.app, query);

const productInPlaces = (places: Parameters<typeof productIn>[2]) => productIn(t.app, manager, places);

describe("categories in the back office", () => {
  it("creates a category with both names, an address made from the Portuguese name, and the storefront's menu shows it at once", async () => {
    await menu(); // The menu's answer is cached before the write: the write must drop it.
    const id = unique();
    const body = categoryBody({ name_pt: `Ferramentas Ópticas ${id}`, icone: "energia" });
    const res = await createCategory(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe("Categoria cadastrada.");
    expect(res.body.data).toMatchObject({ slug: `ferramentas-opticas-${id}`, icone: "energia", visivel_menu: true, ordem: 5, produtos: 0 });
    const pt = (await menu("pt")).categories.find((c) => c.id === res.body.data.id);
    const es = (await menu("es")).categories.find((c) => c.id === res.body.data.id);
    expect(pt).toMatchObject({ name: body.name_pt, slug: res.body.data.slug, visivel_menu: true });
    expect(es?.name).toBe(body.name_es);
    // The icon chosen by name reaches shoppers' clients as SVG markup (spec: `icone` is SVG or image markup).
    const listed = (await call<{ data: Category[] }>(t.app, "GET", "/api/public/categories?lang=pt")).body.data.find(
      (c) => c.id === res.body.data.id,
    );
    expect(listed?.icone).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*data-icon="energia"><path d="M13 2 4 14h7l-1 8 9-12h-7z"\/><\/svg>$/,
    );
  });

  it("renames and hides a category: the storefront's next answer has the new name and leaves it out of the menus", async () => {
    const { data: created } = (await createCategory(categoryBody())).body;
    expect((await menu()).categories.find((c) => c.id === created.id)?.visivel_menu).toBe(true);
    const renamed = await updateCategory(
      created.id,
      categoryBody({ name_pt: "Nome Novo da Categoria", name_es: "Nombre Nuevo", visivel_menu: false }),
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.message).toBe("Categoria salva. A loja já mostra a mudança.");
    const shown = (await menu()).categories.find((c) => c.id === created.id);
    expect(shown).toMatchObject({ name: "Nome Novo da Categoria", visivel_menu: false });
    const categories = (await call<{ data: Category[] }>(t.app, "GET", "/api/public/categories?lang=es")).body.data;
    expect(categories.find((c) => c.id === created.id)?.name).toBe("Nombre Nuevo");
    // The address stays when the form leaves it empty.
    expect(renamed.body.data.slug).toBe(created.slug);
  });

  it("refuses bad input with a message in the member's language, never a 500", async () => {
    const cases: [Partial<CategoryBody>, string][] = [
      [{ name_pt: "" }, "name_pt"],
      [{ name_es: "x".repeat(121) }, "name_es"],
      [{ slug: "Com Espaço!" }, "slug"],
      [{ ordem: -1 }, "ordem"],
      [{ icone: "foguete" }, "icone"],
    ];
    for (const [overrides, field] of cases) {
      const res = await createCategory(categoryBody(overrides));
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    const spanish = await staffAgent(t.app, t.database.db, "manager", "es-PY");
    const es = await createCategory(categoryBody({ name_pt: "" }), spanish);
    expect(es.status).toBe(422);
    const pt = await createCategory(categoryBody({ name_pt: "" }));
    expect(es.body.message).not.toBe(pt.body.message);
    expect(es.body.errors?.name_pt?.[0]).toMatch(/campo|obligatorio|caracter/i);
    expect((await asStaff(t.app, manager, "PUT", "/api/admin/categories/999999", { body: categoryBody() })).status).toBe(404);
    expect((await asStaff(t.app, manager, "PUT", "/api/admin/categories/abc", { body: categoryBody() })).status).toBe(422);
    expect((await asStaff(t.app, manager, "POST", "/api/admin/categories", { body: "nada" })).status).toBeLessThan(500);
  });

  it("keeps addresses unique: 409 on the slug field, a department's within its category only", async () => {
    const { data: first } = (await createCategory(categoryBody())).body;
    const taken = await createCategory(categoryBody({ slug: first.slug }));
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.slug).toEqual(["Este endereço já está em uso. Escolha outro."]);
    // Made from a name already taken, the address is numbered instead.
    const sameName = await createCategory(categoryBody({ name_pt: first.name_pt }));
    expect(sameName.body.data.slug).toBe(`${first.slug}-2`);

    const dep = await createDepartment(first.id, categoryBody({ name_pt: "Brocas de Aço" }));
    expect(dep.status, JSON.stringify(dep.body)).toBe(201);
    expect(dep.body.data.slug).toBe("brocas-de-aco");
    const twice = await createDepartment(first.id, categoryBody({ slug: "brocas-de-aco" }));
    expect(twice.status).toBe(409);
    expect(twice.body.errors?.slug).toBeDefined();
    const elsewhere = await createDepartment(sameName.body.data.id, categoryBody({ slug: "brocas-de-aco" }));
    expect(elsewhere.status).toBe(201);
    // Two managers asking for one free address at once: one gets it, the other a 409, never a 500.
    const wanted = `disputado-${unique()}`;
    const both = await Promise.all([createCategory(categoryBody({ slug: wanted })), createCategory(categoryBody({ slug: wanted }))]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const listed = await asStaff<{ data: AdminDepartment[] }>(t.app, manager, "GET", `/api/admin/categories/${first.id}/departments`);
    expect(listed.body.data.map((d) => d.slug)).toEqual(["brocas-de-aco"]);
  });

  it("keeps a changed address answering: the old one leads to the new one until another takes it", async () => {
    const { data: category } = (await createCategory(categoryBody())).body;
    const { data: dep } = (await createDepartment(category.id, categoryBody({ slug: `dep-antigo-${unique()}` }))).body;
    const newSlug = `categoria-nova-${unique()}`;
    expect((await updateCategory(category.id, categoryBody({ slug: newSlug }))).status).toBe(200);
    expect(await moved({ categoria: category.slug })).toEqual({ marca: null, categoria: newSlug, departamento: null });
    // A department under the old category address, and its own old address.
    const depSlug = `dep-novo-${unique()}`;
    const depChange = await asStaff<Answer<AdminDepartment>>(t.app, manager, "PUT", `/api/admin/categories/${category.id}/departments/${dep.id}`, {
      body: categoryBody({ slug: depSlug }),
    });
    expect(depChange.status, JSON.stringify(depChange.body)).toBe(200);
    expect(await moved({ categoria: category.slug, departamento: dep.slug })).toEqual({ marca: null, categoria: newSlug, departamento: depSlug });
    expect(await moved({ categoria: newSlug, departamento: dep.slug })).toMatchObject({ categoria: null, departamento: depSlug });
    // A current address is no old one.
    expect(await moved({ categoria: newSlug })).toMatchObject({ categoria: null });
    // Taken by a new category, the old address is that category's.
    const again = await createCategory(categoryBody({ slug: category.slug }));
    expect(again.status).toBe(201);
    expect(await moved({ categoria: category.slug })).toMatchObject({ categoria: null });
  });

  it("deletes only what no product uses (409 with why), and audits every write", async () => {
    const { data: used } = (await createCategory(categoryBody())).body;
    const { data: dep } = (await createDepartment(used.id, categoryBody())).body;
    await productInPlaces({ category_id: used.id, department_id: dep.id });
    const refused = await asStaff(t.app, manager, "DELETE", `/api/admin/categories/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("1 produto(s)");
    const depRefused = await asStaff(t.app, manager, "DELETE", `/api/admin/categories/${used.id}/departments/${dep.id}`);
    expect(depRefused.status).toBe(409);
    const listed = await asStaff<{ data: AdminCategory[] }>(t.app, manager, "GET", "/api/admin/categories");
    expect(listed.body.data.find((c) => c.id === used.id)).toMatchObject({ produtos: 1, departments: [{ id: dep.id, produtos: 1 }] });

    const { data: free } = (await createCategory(categoryBody())).body;
    const gone = await asStaff(t.app, manager, "DELETE", `/api/admin/categories/${free.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe("Categoria excluída.");
    expect((await menu()).categories.some((c) => c.id === free.id)).toBe(false);

    const log = await asStaff<{ data: AuditEntry[] }>(t.app, owner, "GET", `/api/admin/audit?entidade=categoria&funcionario_id=${manager.id}`);
    const actions = log.body.data.filter((e) => e.entidade_id === String(free.id)).map((e) => e.acao);
    expect(actions).toEqual(["excluir", "criar"]);
  });

  it("leaves a department hidden from the menus out of the menu's departments", async () => {
    const { data: category } = (await createCategory(categoryBody())).body;
    const { data: shown } = (await createDepartment(category.id, categoryBody({ name_pt: "Visível" }))).body;
    const { data: hidden } = (await createDepartment(category.id, categoryBody({ name_pt: "Escondido", visivel_menu: false }))).body;
    const departments = (await menu()).categories.find((c) => c.id === category.id)?.departments.map((d) => d.id);
    expect(departments).toEqual([shown.id]);
    // Its list still answers.
    const all = (await call<{ data: Category[] }>(t.app, "GET", "/api/public/categories?lang=pt")).body.data;
    expect(all.find((c) => c.id === category.id)?.departments.map((d) => d.id)).toContain(hidden.id);
  });
});
