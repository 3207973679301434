import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { z } from "zod";
import {
  LOGO_WIDTH,
  type AdminBrand,
  type AdminCategory,
  type AdminDepartment,
  type BrandBodySchema,
  type CategoryBodySchema,
} from "#contract/api/admin/catalogue.ts";
import { MAX_IMAGE_BYTES } from "#contract/product-images.ts";
import type { ApiMessageKey } from "#contract/messages.ts";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { HttpError } from "../../lib/errors.ts";
import { audited, type Actor } from "./audit.ts";
import { slugify } from "./products.ts";

type CategoryBody = z.output<typeof CategoryBodySchema>;
type BrandBody = z.output<typeof BrandBodySchema>;
type Entity = "categoria" | "departamento" | "marca";

const LOGO_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

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
const departmentOldSlug = (categoryId: number, slug: string) => `${categoryId}/${slug}`;

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

/**
 * The back office's categories, departments and brands (docs/decisions/020). As for products, every
 * write runs in one transaction with its audit record; the change feed's triggers bring it to every
 * process's in-memory catalogue and `changed` drops the cached pages and answers. A changed address
 * is kept in `slugs_antigos`, so the storefront's old list address answers with a 301.
 */
export function createAdminCatalogue({ db, mediaDir, changed }: { db: Db; mediaDir: string; changed: () => Promise<void> }) {
  async function write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(fn).catch((err: unknown) => {
      // Two saves taking one free address at once: the unique index refuses the second (a slug is these tables' only one).
      if (uniqueViolation(err)) throw new HttpError(409, "address_in_use", { errors: { slug: ["address_in_use"] } });
      throw err;
    });
    await changed();
    return result;
  }

  async function readDepartments(tx: Db | Tx, where: ReturnType<typeof sql>): Promise<AdminDepartment[]> {
    return queryRows<AdminDepartment>(
      tx,
      sql`SELECT d.id, d.category_id, d.slug, d.name_pt, d.name_es, d.icone, d.visivel_menu, d.ordem,
                 (SELECT count(*)::int FROM produtos p WHERE p.department_id = d.id) AS produtos
          FROM departamentos d WHERE ${where} ORDER BY d.ordem, d.name_pt, d.id`,
    );
  }

  async function readCategories(tx: Db | Tx, id?: number): Promise<AdminCategory[]> {
    const rows = await queryRows<Omit<AdminCategory, "departments">>(
      tx,
      sql`SELECT c.id, c.slug, c.name_pt, c.name_es, c.icone, c.visivel_menu, c.ordem,
                 (SELECT count(*)::int FROM produtos p WHERE p.category_id = c.id) AS produtos
          FROM categorias c WHERE ${id === undefined ? sql`true` : sql`c.id = ${id}`} ORDER BY c.ordem, c.name_pt, c.id`,
    );
    const deps = await readDepartments(tx, id === undefined ? sql`true` : sql`d.category_id = ${id}`);
    return rows.map((c) => ({ ...c, departments: deps.filter((d) => d.category_id === c.id) }));
  }

  async function readBrands(tx: Db | Tx, id?: number): Promise<AdminBrand[]> {
    return queryRows<AdminBrand>(
      tx,
      sql`SELECT m.id, m.slug, m.nome, m.logo, m.destaque, (SELECT count(*)::int FROM produtos p WHERE p.brand_id = m.id) AS produtos
          FROM marcas m WHERE ${id === undefined ? sql`true` : sql`m.id = ${id}`} ORDER BY lower(m.nome), m.id`,
    );
  }

  async function category(tx: Db | Tx, id: number): Promise<AdminCategory> {
    const [found] = await readCategories(tx, id);
    if (!found) throw new HttpError(404, "category_not_found");
    return found;
  }

  async function department(tx: Db | Tx, categoryId: number, id: number): Promise<AdminDepartment> {
    const [found] = await readDepartments(tx, sql`d.id = ${id} AND d.category_id = ${categoryId}`);
    if (!found) throw new HttpError(404, "department_not_found");
    return found;
  }

  async function brand(tx: Db | Tx, id: number): Promise<AdminBrand> {
    const [found] = await readBrands(tx, id);
    if (!found) throw new HttpError(404, "brand_not_found");
    return found;
  }

  /** Locks the row being changed, so two saves of it apply one after the other. */
  async function lock(tx: Tx, entity: Entity, id: number) {
    const rows = await queryRows<{ id: number }>(tx, sql`SELECT id FROM ${sql.raw(TABLE[entity].table)} WHERE id = ${id} FOR UPDATE`);
    if (rows.length === 0) throw new HttpError(404, TABLE[entity].missing);
  }

  /**
   * The address asked for (409 with the field's message when another row has it), or one made from
   * the name, numbered when taken. A department's is unique within its category.
   */
  async function freeSlug(tx: Tx, entity: Entity, asked: string | undefined, fromName: string, id: number | undefined, categoryId?: number) {
    const scope = entity === "departamento" ? sql`AND category_id = ${categoryId}` : sql``;
    const taken = async (slug: string) =>
      (
        await queryRows<{ id: number }>(
          tx,
          sql`SELECT id FROM ${sql.raw(TABLE[entity].table)} WHERE slug = ${slug} ${scope} AND id IS DISTINCT FROM ${id ?? null}`,
        )
      ).length > 0;
    if (asked) {
      if (await taken(asked)) throw new HttpError(409, "address_in_use", { errors: { slug: ["address_in_use"] } });
      return asked;
    }
    const base = slugify(fromName).slice(0, 110).replace(/-+$/, "") || TABLE[entity].label;
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await taken(slug))) return slug;
    }
  }

  /** The old address keeps answering (a 301 from the storefront); the address a row takes now is nobody's old one. */
  async function recordSlug(tx: Tx, entity: Entity, id: number, slug: string, previous?: string) {
    await tx.execute(sql`DELETE FROM slugs_antigos WHERE entidade = ${entity} AND slug = ${slug}`);
    if (previous && previous !== slug) {
      await tx.execute(sql`
        INSERT INTO slugs_antigos (entidade, slug, entidade_id) VALUES (${entity}, ${previous}, ${id})
        ON CONFLICT (entidade, slug) DO UPDATE SET entidade_id = excluded.entidade_id, created_at = now()`);
    }
  }

  /** 409 while products name it: deleting it would take them out of the shop's lists. */
  async function notInUse(tx: Tx, entity: Entity, ids: number[]) {
    if (ids.length === 0) return;
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM produtos WHERE ${sql.raw(TABLE[entity].column)} = ANY(${`{${ids.join(",")}}`}::int[])`,
    );
    const n = row?.n ?? 0;
    if (n > 0) throw new HttpError(409, TABLE[entity].inUse, { vars: { n } });
  }

  const categoryColumns = (body: CategoryBody, slug: string) => ({
    slug,
    name_pt: body.name_pt,
    name_es: body.name_es,
    visivel_menu: body.visivel_menu,
    ordem: body.ordem,
  });

  function createCategory(actor: Actor, body: CategoryBody): Promise<AdminCategory> {
    return write(async (tx) => {
      const slug = await freeSlug(tx, "categoria", body.slug, body.name_pt, undefined);
      const c = categoryColumns(body, slug);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO categorias (slug, name_pt, name_es, icone, visivel_menu, ordem)
            VALUES (${c.slug}, ${c.name_pt}, ${c.name_es}, ${body.icone ?? null}, ${c.visivel_menu}, ${c.ordem}) RETURNING id`,
      );
      await recordSlug(tx, "categoria", row!.id, slug);
      const created = await category(tx, row!.id);
      await audited(tx, actor, { acao: "criar", entidade: "categoria", entidade_id: created.id, depois: { ...created, departments: undefined } });
      return created;
    });
  }

  function updateCategory(actor: Actor, id: number, body: CategoryBody): Promise<AdminCategory> {
    return write(async (tx) => {
      await lock(tx, "categoria", id);
      const before = await category(tx, id);
      const slug = body.slug ? await freeSlug(tx, "categoria", body.slug, body.name_pt, id) : before.slug;
      const c = categoryColumns(body, slug);
      await tx.execute(sql`UPDATE categorias SET slug = ${c.slug}, name_pt = ${c.name_pt}, name_es = ${c.name_es},
          icone = ${body.icone === undefined ? before.icone : body.icone}, visivel_menu = ${c.visivel_menu}, ordem = ${c.ordem}
          WHERE id = ${id}`);
      await recordSlug(tx, "categoria", id, slug, before.slug);
      const after = await category(tx, id);
      await audited(tx, actor, {
        acao: "editar",
        entidade: "categoria",
        entidade_id: id,
        antes: { ...before, departments: undefined },
        depois: { ...after, departments: undefined },
      });
      return after;
    });
  }

  /** A category goes with its departments, when no product names either. */
  function deleteCategory(actor: Actor, id: number): Promise<void> {
    return write(async (tx) => {
      await lock(tx, "categoria", id);
      const before = await category(tx, id);
      await notInUse(tx, "categoria", [id]);
      await notInUse(
        tx,
        "departamento",
        before.departments.map((d) => d.id),
      );
      await tx.execute(sql`DELETE FROM slugs_antigos WHERE (entidade = 'categoria' AND entidade_id = ${id})
          OR (entidade = 'departamento' AND slug LIKE ${`${id}/%`})`);
      await tx.execute(sql`DELETE FROM categorias WHERE id = ${id}`);
      await audited(tx, actor, { acao: "excluir", entidade: "categoria", entidade_id: id, antes: before });
    });
  }

  function createDepartment(actor: Actor, categoryId: number, body: CategoryBody): Promise<AdminDepartment> {
    return write(async (tx) => {
      await lock(tx, "categoria", categoryId);
      const slug = await freeSlug(tx, "departamento", body.slug, body.name_pt, undefined, categoryId);
      const c = categoryColumns(body, slug);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO departamentos (category_id, slug, name_pt, name_es, icone, visivel_menu, ordem)
            VALUES (${categoryId}, ${c.slug}, ${c.name_pt}, ${c.name_es}, ${body.icone ?? null}, ${c.visivel_menu}, ${c.ordem}) RETURNING id`,
      );
      await recordSlug(tx, "departamento", row!.id, departmentOldSlug(categoryId, slug));
      const created = await department(tx, categoryId, row!.id);
      await audited(tx, actor, { acao: "criar", entidade: "departamento", entidade_id: created.id, depois: created });
      return created;
    });
  }

  function updateDepartment(actor: Actor, categoryId: number, id: number, body: CategoryBody): Promise<AdminDepartment> {
    return write(async (tx) => {
      await lock(tx, "departamento", id);
      const before = await department(tx, categoryId, id);
      const slug = body.slug ? await freeSlug(tx, "departamento", body.slug, body.name_pt, id, categoryId) : before.slug;
      const c = categoryColumns(body, slug);
      await tx.execute(sql`UPDATE departamentos SET slug = ${c.slug}, name_pt = ${c.name_pt}, name_es = ${c.name_es},
          icone = ${body.icone === undefined ? before.icone : body.icone}, visivel_menu = ${c.visivel_menu}, ordem = ${c.ordem}
          WHERE id = ${id}`);
      await recordSlug(tx, "departamento", id, departmentOldSlug(categoryId, slug), departmentOldSlug(categoryId, before.slug));
      const after = await department(tx, categoryId, id);
      await audited(tx, actor, { acao: "editar", entidade: "departamento", entidade_id: id, antes: before, depois: after });
      return after;
    });
  }

  function deleteDepartment(actor: Actor, categoryId: number, id: number): Promise<void> {
    return write(async (tx) => {
      await lock(tx, "departamento", id);
      const before = await department(tx, categoryId, id);
      await notInUse(tx, "departamento", [id]);
      await tx.execute(sql`DELETE FROM slugs_antigos WHERE entidade = 'departamento' AND entidade_id = ${id}`);
      await tx.execute(sql`DELETE FROM departamentos WHERE id = ${id}`);
      await audited(tx, actor, { acao: "excluir", entidade: "departamento", entidade_id: id, antes: before });
    });
  }

  function createBrand(actor: Actor, body: BrandBody): Promise<AdminBrand> {
    return write(async (tx) => {
      const slug = await freeSlug(tx, "marca", body.slug, body.nome, undefined);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO marcas (slug, nome, destaque) VALUES (${slug}, ${body.nome}, ${body.destaque}) RETURNING id`,
      );
      await recordSlug(tx, "marca", row!.id, slug);
      const created = await brand(tx, row!.id);
      await audited(tx, actor, { acao: "criar", entidade: "marca", entidade_id: created.id, depois: created });
      return created;
    });
  }

  function updateBrand(actor: Actor, id: number, body: BrandBody): Promise<AdminBrand> {
    return write(async (tx) => {
      await lock(tx, "marca", id);
      const before = await brand(tx, id);
      const slug = body.slug ? await freeSlug(tx, "marca", body.slug, body.nome, id) : before.slug;
      await tx.execute(sql`UPDATE marcas SET slug = ${slug}, nome = ${body.nome}, destaque = ${body.destaque} WHERE id = ${id}`);
      await recordSlug(tx, "marca", id, slug, before.slug);
      const after = await brand(tx, id);
      await audited(tx, actor, { acao: "editar", entidade: "marca", entidade_id: id, antes: before, depois: after });
      return after;
    });
  }

  function deleteBrand(actor: Actor, id: number): Promise<void> {
    return write(async (tx) => {
      await lock(tx, "marca", id);
      const before = await brand(tx, id);
      await notInUse(tx, "marca", [id]);
      await tx.execute(sql`DELETE FROM slugs_antigos WHERE entidade = 'marca' AND entidade_id = ${id}`);
      await tx.execute(sql`DELETE FROM marcas WHERE id = ${id}`);
      await audited(tx, actor, { acao: "excluir", entidade: "marca", entidade_id: id, antes: before });
    });
  }

  /** The file behind a logo address this module wrote (never a seeded or foreign address). */
  function logoFile(url: string | null): string | undefined {
    const match = url?.match(/^\/media\/marcas\/(\d+)\/([0-9a-f]{16})\.webp$/);
    return match ? path.join(mediaDir, "marcas", match[1]!, `${match[2]}.webp`) : undefined;
  }

  /**
   * A logo checked by its bytes (JPEG, PNG or WebP; SVG, which may carry scripts, is refused), stored as
   * one WebP at most 400 px wide under DATA_DIR/media/marcas/<id>/, which the storefront serves at /media.
   */
  async function storeLogo(brandId: number, buffer: Buffer): Promise<string> {
    const type = await fileTypeFromBuffer(buffer);
    if (!type || !LOGO_TYPES.has(type.mime)) throw new HttpError(422, "logo_type", { errors: { logo: ["logo_type"] } });
    const key = randomBytes(8).toString("hex");
    const folder = path.join(mediaDir, "marcas", String(brandId));
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, `${key}.webp`);
    try {
      const webp = await sharp(buffer, { failOn: "error", limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: LOGO_WIDTH, withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer();
      await writeFile(file, webp);
    } catch {
      await rm(file, { force: true });
      throw new HttpError(422, "logo_type", { errors: { logo: ["logo_type"] } });
    }
    return `/media/marcas/${brandId}/${key}.webp`;
  }

  async function setLogo(actor: Actor, id: number, file: { buffer: Buffer; truncated: boolean } | undefined): Promise<AdminBrand> {
    await brand(db, id);
    if (!file) throw new HttpError(422, "validation_failed", { errors: { logo: ["file_required"] } });
    if (file.truncated || file.buffer.length > MAX_IMAGE_BYTES)
      throw new HttpError(413, "image_too_large", { errors: { logo: ["image_too_large"] } });
    const url = await storeLogo(id, file.buffer);
    let before: AdminBrand | undefined;
    const after = await write(async (tx) => {
      await lock(tx, "marca", id);
      before = await brand(tx, id);
      await tx.execute(sql`UPDATE marcas SET logo = ${url} WHERE id = ${id}`);
      await audited(tx, actor, { acao: "logo", entidade: "marca", entidade_id: id, antes: { logo: before.logo }, depois: { logo: url } });
      return brand(tx, id);
    }).catch(async (err: unknown) => {
      await rm(logoFile(url)!, { force: true });
      throw err;
    });
    const old = logoFile(before?.logo ?? null);
    if (old) await rm(old, { force: true });
    return after;
  }

  async function removeLogo(actor: Actor, id: number): Promise<AdminBrand> {
    let before: AdminBrand | undefined;
    const after = await write(async (tx) => {
      await lock(tx, "marca", id);
      before = await brand(tx, id);
      await tx.execute(sql`UPDATE marcas SET logo = NULL WHERE id = ${id}`);
      await audited(tx, actor, { acao: "logo", entidade: "marca", entidade_id: id, antes: { logo: before.logo }, depois: { logo: null } });
      return brand(tx, id);
    });
    const old = logoFile(before?.logo ?? null);
    if (old) await rm(old, { force: true });
    return after;
  }

  return {
    categories: () => readCategories(db),
    departments: async (categoryId: number) => (await category(db, categoryId)).departments,
    createCategory,
    updateCategory,
    deleteCategory,
    createDepartment,
    updateDepartment,
    deleteDepartment,
    brands: () => readBrands(db),
    createBrand,
    updateBrand,
    deleteBrand,
    setLogo,
    removeLogo,
  };
}

export type AdminCatalogue = ReturnType<typeof createAdminCatalogue>;
