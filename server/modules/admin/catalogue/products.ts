import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AdminProduct, AdminProductBodySchema } from "#contract/api/admin/products.ts";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { brands, categories, departments, productImages, products, productSpecs } from "#db/schema/catalog.ts";
import { HttpError } from "../../../lib/errors.ts";
import { sanitizeDescription } from "../../../lib/html.ts";
import { freeSlug, keepOldSlug, productSlugBase } from "../../../lib/slugs.ts";
import { dollarValue, guaraniRate } from "../../catalog/pricing.ts";
import { audited, type Actor } from "../audit.ts";
import { auditView, listProducts, productOptions, readProduct as read } from "./product-queries.ts";
import { catalogWriter } from "./write.ts";

type Body = z.output<typeof AdminProductBodySchema>;

/**
 * The back office's catalogue of products (docs/decisions/020). Every write goes to the database in
 * one transaction with its audit record; the change feed's triggers bring it to every process's
 * in-memory catalogue, and `changed` drops the cached pages and answers so shoppers see it at once.
 */
export function createAdminProducts({ db, changed }: { db: Db; changed: () => Promise<void> }) {
  const write = catalogWriter(db, changed);

  async function get(id: number): Promise<AdminProduct> {
    const product = await read(db, id);
    if (!product) throw new HttpError(404, "product_not_found");
    return product;
  }

  /** The brand, category and department exist, and the department is the category's. */
  async function checkRefs(tx: Tx, body: Body) {
    const errors: Record<string, ["invalid" | "department_mismatch"]> = {};
    if (body.brand_id !== null && (await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, body.brand_id))).length === 0) {
      errors.brand_id = ["invalid"];
    }
    if (
      body.category_id !== null &&
      (await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, body.category_id))).length === 0
    ) {
      errors.category_id = ["invalid"];
    }
    if (body.department_id !== null) {
      const [dep] = await tx.select({ category_id: departments.category_id }).from(departments).where(eq(departments.id, body.department_id));
      if (!dep) errors.department_id = ["invalid"];
      else if (dep.category_id !== body.category_id) errors.department_id = ["department_mismatch"];
    }
    if (Object.keys(errors).length > 0) throw new HttpError(422, "validation_failed", { errors });
  }

  /** The price in dollars, for sorting across currencies: guaraníes at today's rate. */
  async function dollars(tx: Tx, body: Body): Promise<string> {
    return dollarValue(body.moeda_id, body.valor_venda, body.moeda_id === 2 ? undefined : await guaraniRate(tx));
  }

  /** A free address for the product: the one asked for (409 when another product has it), or one made from its name and code. */
  function productSlug(tx: Tx, body: Body, id: number | undefined): Promise<string> {
    const taken = async (slug: string) =>
      (await queryRows<{ id: number }>(tx, sql`SELECT id FROM produtos WHERE slug = ${slug} AND id IS DISTINCT FROM ${id ?? null}`)).length > 0;
    return freeSlug(taken, { asked: body.slug, base: productSlugBase(body.nome_pt, body.codigo), inUse: "slug_in_use" });
  }

  async function codeTaken(tx: Tx, codigo: string, id: number | undefined) {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM produtos WHERE lower(codigo) = lower(${codigo}) AND id IS DISTINCT FROM ${id ?? null}`,
    );
    if (rows.length > 0) throw new HttpError(409, "code_in_use", { errors: { codigo: ["code_in_use"] } });
  }

  function columns(body: Body, slug: string, valorUsd: string) {
    return {
      slug,
      codigo: body.codigo,
      nome_pt: body.nome_pt,
      nome_es: body.nome_es,
      descritivo_pt: body.descritivo_pt,
      descritivo_es: body.descritivo_es,
      caracteristica_pt: sanitizeDescription(body.caracteristica_pt),
      caracteristica_es: sanitizeDescription(body.caracteristica_es),
      brand_id: body.brand_id,
      category_id: body.category_id,
      department_id: body.department_id,
      moeda_id: body.moeda_id,
      valor_venda: body.valor_venda,
      valor_usd: valorUsd,
      mostrar_preco: body.mostrar_preco,
      especial: body.especial,
      ativo: body.ativo,
      qtde_disponivel: body.qtde_disponivel,
      qtde_fisica: body.qtde_fisica,
      updated_at: new Date(),
    };
  }

  async function writeSpecs(tx: Tx, id: number, specs: Body["especificacoes"]) {
    await tx.delete(productSpecs).where(eq(productSpecs.product_id, id));
    if (specs.length > 0) await tx.insert(productSpecs).values(specs.map((s, ordem) => ({ ...s, product_id: id, ordem })));
  }

  /** A new product row with a free address and its specifications; answers its id. */
  async function insertProduct(tx: Tx, body: Body): Promise<number> {
    const slug = await productSlug(tx, body, undefined);
    const [row] = await tx
      .insert(products)
      .values(columns(body, slug, await dollars(tx, body)))
      .returning({ id: products.id });
    await keepOldSlug(tx, "produto", row!.id, slug);
    await writeSpecs(tx, row!.id, body.especificacoes);
    return row!.id;
  }

  function create(actor: Actor, body: Body): Promise<AdminProduct> {
    return write(async (tx) => {
      await checkRefs(tx, body);
      await codeTaken(tx, body.codigo, undefined);
      const created = (await read(tx, await insertProduct(tx, body)))!;
      await audited(tx, actor, { acao: "criar", entidade: "produto", entidade_id: created.id, depois: auditView(created) });
      return created;
    });
  }

  function update(actor: Actor, id: number, body: Body): Promise<AdminProduct> {
    return write(async (tx) => {
      // The row is locked: two saves of one product are applied one after the other.
      const locked = await queryRows<{ id: number }>(tx, sql`SELECT id FROM produtos WHERE id = ${id} FOR UPDATE`);
      if (locked.length === 0) throw new HttpError(404, "product_not_found");
      const before = (await read(tx, id))!;
      await checkRefs(tx, body);
      await codeTaken(tx, body.codigo, id);
      const slug = body.slug ? await productSlug(tx, body, id) : before.slug;
      await tx
        .update(products)
        .set(columns(body, slug, await dollars(tx, body)))
        .where(eq(products.id, id));
      await keepOldSlug(tx, "produto", id, slug, before.slug);
      await writeSpecs(tx, id, body.especificacoes);
      const after = (await read(tx, id))!;
      await audited(tx, actor, { acao: "editar", entidade: "produto", entidade_id: id, antes: auditView(before), depois: auditView(after) });
      return after;
    });
  }

  /** A hidden copy with a new code and address, its specifications and images (the files are shared). */
  function duplicate(actor: Actor, id: number): Promise<AdminProduct> {
    return write(async (tx) => {
      const source = await read(tx, id);
      if (!source) throw new HttpError(404, "product_not_found");
      let codigo = "";
      for (let n = 1; ; n++) {
        codigo = `${source.codigo.slice(0, 34)}-C${n}`;
        const taken = await queryRows<{ id: number }>(tx, sql`SELECT id FROM produtos WHERE lower(codigo) = lower(${codigo})`);
        if (taken.length === 0) break;
      }
      const body: Body = { ...source, codigo, slug: undefined, ativo: false, moeda_id: source.moeda_id as 2 | 3 };
      const copyId = await insertProduct(tx, body);
      if (source.imagens.length > 0) {
        await tx.insert(productImages).values(source.imagens.map((i) => ({ product_id: copyId, url: i.url, ordem: i.ordem })));
      }
      const copy = (await read(tx, copyId))!;
      await audited(tx, actor, {
        acao: "duplicar",
        entidade: "produto",
        entidade_id: copy.id,
        antes: { origem: source.id },
        depois: auditView(copy),
      });
      return copy;
    });
  }

  return {
    options: () => productOptions(db),
    list: (query: Parameters<typeof listProducts>[1]) => listProducts(db, query),
    get,
    create,
    update,
    duplicate,
  };
}
