import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminCategory, AdminDepartment, CategoryBodySchema } from "#contract/api/admin/catalogue.ts";
import { queryRows, type Db } from "#db/client.ts";
import { keepOldSlug } from "../../../lib/slugs.ts";
import { audited, type Actor } from "../audit.ts";
import { category, department, departmentOldSlug, lock, notInUse, readCategories, taxonomySlug, taxonomyWriter } from "./taxonomy-rows.ts";

type CategoryBody = z.output<typeof CategoryBodySchema>;

/**
 * The back office's categories and their departments (docs/decisions/020). As for products, every
 * write runs in one transaction with its audit record; the change feed's triggers bring it to every
 * process's in-memory catalogue and `changed` drops the cached pages and answers. A changed address
 * is kept in `slugs_antigos`, so the storefront's old list address answers with a 301.
 */
export function createAdminTaxonomy({ db, changed }: { db: Db; changed: () => Promise<void> }) {
  const write = taxonomyWriter(db, changed);

  const categoryColumns = (body: CategoryBody, slug: string) => ({
    slug,
    name_pt: body.name_pt,
    name_es: body.name_es,
    visivel_menu: body.visivel_menu,
    ordem: body.ordem,
  });

  function createCategory(actor: Actor, body: CategoryBody): Promise<AdminCategory> {
    return write(async (tx) => {
      const slug = await taxonomySlug(tx, "categoria", body.slug, body.name_pt, undefined);
      const c = categoryColumns(body, slug);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO categorias (slug, name_pt, name_es, icone, visivel_menu, ordem)
            VALUES (${c.slug}, ${c.name_pt}, ${c.name_es}, ${body.icone ?? null}, ${c.visivel_menu}, ${c.ordem}) RETURNING id`,
      );
      await keepOldSlug(tx, "categoria", row!.id, slug);
      const created = await category(tx, row!.id);
      await audited(tx, actor, { acao: "criar", entidade: "categoria", entidade_id: created.id, depois: { ...created, departments: undefined } });
      return created;
    });
  }

  function updateCategory(actor: Actor, id: number, body: CategoryBody): Promise<AdminCategory> {
    return write(async (tx) => {
      await lock(tx, "categoria", id);
      const before = await category(tx, id);
      const slug = body.slug ? await taxonomySlug(tx, "categoria", body.slug, body.name_pt, id) : before.slug;
      const c = categoryColumns(body, slug);
      await tx.execute(sql`UPDATE categorias SET slug = ${c.slug}, name_pt = ${c.name_pt}, name_es = ${c.name_es},
          icone = ${body.icone === undefined ? before.icone : body.icone}, visivel_menu = ${c.visivel_menu}, ordem = ${c.ordem}
          WHERE id = ${id}`);
      await keepOldSlug(tx, "categoria", id, slug, before.slug);
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
      const slug = await taxonomySlug(tx, "departamento", body.slug, body.name_pt, undefined, categoryId);
      const c = categoryColumns(body, slug);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO departamentos (category_id, slug, name_pt, name_es, icone, visivel_menu, ordem)
            VALUES (${categoryId}, ${c.slug}, ${c.name_pt}, ${c.name_es}, ${body.icone ?? null}, ${c.visivel_menu}, ${c.ordem}) RETURNING id`,
      );
      await keepOldSlug(tx, "departamento", row!.id, departmentOldSlug(categoryId, slug));
      const created = await department(tx, categoryId, row!.id);
      await audited(tx, actor, { acao: "criar", entidade: "departamento", entidade_id: created.id, depois: created });
      return created;
    });
  }

  function updateDepartment(actor: Actor, categoryId: number, id: number, body: CategoryBody): Promise<AdminDepartment> {
    return write(async (tx) => {
      await lock(tx, "departamento", id);
      const before = await department(tx, categoryId, id);
      const slug = body.slug ? await taxonomySlug(tx, "departamento", body.slug, body.name_pt, id, categoryId) : before.slug;
      const c = categoryColumns(body, slug);
      await tx.execute(sql`UPDATE departamentos SET slug = ${c.slug}, name_pt = ${c.name_pt}, name_es = ${c.name_es},
          icone = ${body.icone === undefined ? before.icone : body.icone}, visivel_menu = ${c.visivel_menu}, ordem = ${c.ordem}
          WHERE id = ${id}`);
      await keepOldSlug(tx, "departamento", id, departmentOldSlug(categoryId, slug), departmentOldSlug(categoryId, before.slug));
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

  return {
    categories: () => readCategories(db),
    departments: async (categoryId: number) => (await category(db, categoryId)).departments,
    createCategory,
    updateCategory,
    deleteCategory,
    createDepartment,
    updateDepartment,
    deleteDepartment,
  };
}
