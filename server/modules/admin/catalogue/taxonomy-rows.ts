import { sql } from "drizzle-orm";
import type { AdminBrand, AdminCategory, AdminDepartment } from "#contract/api/admin/catalogue.ts";
import type { ApiMessageKey } from "#contract/messages.ts";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { HttpError } from "../../../lib/errors.ts";
import { freeSlug, slugBase } from "../../../lib/slugs.ts";
import { catalogWriter } from "./write.ts";

/**
 * The rows of the taxonomy (categories, departments, brands) as the back office reads, locks and names
 * them; taxonomy.ts and brands.ts write them.
 */

export type Entity = "categoria" | "departamento" | "marca";

/** PostgreSQL's unique_violation, on the error or on the driver's error it wraps. */
function uniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * A department's address is unique within its category only, so its old addresses are kept as
 * `<category id>/<slug>` (a slug holds no slash): two categories' departments never share one.
 */
export const departmentOldSlug = (categoryId: number, slug: string) => `${categoryId}/${slug}`;

const TABLE: Record<Entity, { table: string; label: string; missing: ApiMessageKey; inUse: ApiMessageKey; column: string }> = {
  categoria: { table: "categorias", label: "categoria", missing: "category_not_found", inUse: "category_in_use", column: "category_id" },
  departamento: {
    table: "departamentos",
    label: "departamento",
    missing: "department_not_found",
    inUse: "department_in_use",
    column: "department_id",
  },
  marca: { table: "marcas", label: "marca", missing: "brand_not_found", inUse: "brand_in_use", column: "brand_id" },
};

/** A write of the taxonomy (see catalogWriter); two saves taking one free address at once get the slug field's 409. */
export const taxonomyWriter = (db: Db, changed: () => Promise<void>) =>
  catalogWriter(db, changed, (err) => {
    // The unique index refuses the second (a slug is these tables' only one).
    if (uniqueViolation(err)) throw new HttpError(409, "address_in_use", { errors: { slug: ["address_in_use"] } });
  });

export async function readDepartments(tx: Db | Tx, where: ReturnType<typeof sql>): Promise<AdminDepartment[]> {
  return queryRows<AdminDepartment>(
    tx,
    sql`SELECT d.id, d.category_id, d.slug, d.name_pt, d.name_es, d.icone, d.visivel_menu, d.ordem,
               (SELECT count(*)::int FROM produtos p WHERE p.department_id = d.id) AS produtos
        FROM departamentos d WHERE ${where} ORDER BY d.ordem, d.name_pt, d.id`,
  );
}

export async function readCategories(tx: Db | Tx, id?: number): Promise<AdminCategory[]> {
  const rows = await queryRows<Omit<AdminCategory, "departments">>(
    tx,
    sql`SELECT c.id, c.slug, c.name_pt, c.name_es, c.icone, c.visivel_menu, c.ordem,
               (SELECT count(*)::int FROM produtos p WHERE p.category_id = c.id) AS produtos
        FROM categorias c WHERE ${id === undefined ? sql`true` : sql`c.id = ${id}`} ORDER BY c.ordem, c.name_pt, c.id`,
  );
  const deps = await readDepartments(tx, id === undefined ? sql`true` : sql`d.category_id = ${id}`);
  return rows.map((c) => ({ ...c, departments: deps.filter((d) => d.category_id === c.id) }));
}

export async function readBrands(tx: Db | Tx, id?: number): Promise<AdminBrand[]> {
  return queryRows<AdminBrand>(
    tx,
    sql`SELECT m.id, m.slug, m.nome, m.logo, m.destaque, (SELECT count(*)::int FROM produtos p WHERE p.brand_id = m.id) AS produtos
        FROM marcas m WHERE ${id === undefined ? sql`true` : sql`m.id = ${id}`} ORDER BY lower(m.nome), m.id`,
  );
}

export async function category(tx: Db | Tx, id: number): Promise<AdminCategory> {
  const [found] = await readCategories(tx, id);
  if (!found) throw new HttpError(404, "category_not_found");
  return found;
}

export async function department(tx: Db | Tx, categoryId: number, id: number): Promise<AdminDepartment> {
  const [found] = await readDepartments(tx, sql`d.id = ${id} AND d.category_id = ${categoryId}`);
  if (!found) throw new HttpError(404, "department_not_found");
  return found;
}

export async function brand(tx: Db | Tx, id: number): Promise<AdminBrand> {
  const [found] = await readBrands(tx, id);
  if (!found) throw new HttpError(404, "brand_not_found");
  return found;
}

/** Locks the row being changed, so two saves of it apply one after the other. */
export async function lock(tx: Tx, entity: Entity, id: number) {
  const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM ${sql.raw(TABLE[entity].table)} WHERE id = ${id} FOR UPDATE`);
  if (rows.length === 0) throw new HttpError(404, TABLE[entity].missing);
}

/**
 * The address asked for (409 with the field's message when another row has it), or one made from
 * the name, numbered when taken. A department's is unique within its category.
 */
export function taxonomySlug(tx: Tx, entity: Entity, asked: string | undefined, fromName: string, id: number | undefined, categoryId?: number) {
  const scope = entity === "departamento" ? sql`AND category_id = ${categoryId}` : sql``;
  const taken = async (slug: string) =>
    (
      await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM ${sql.raw(TABLE[entity].table)} WHERE slug = ${slug} ${scope} AND id IS DISTINCT FROM ${id ?? null}`,
      )
    ).length > 0;
  return freeSlug(taken, { asked, base: slugBase(fromName, 110, TABLE[entity].label), inUse: "address_in_use" });
}

/** 409 while products name it: deleting it would take them out of the shop's lists. */
export async function notInUse(tx: Tx, entity: Entity, ids: number[]) {
  if (ids.length === 0) return;
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM produtos WHERE ${sql.raw(TABLE[entity].column)} = ANY(${`{${ids.join(",")}}`}::int[])`,
  );
  const n = row?.n ?? 0;
  if (n > 0) throw new HttpError(409, TABLE[entity].inUse, { vars: { n } });
}
