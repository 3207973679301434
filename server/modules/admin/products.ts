import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { z } from "zod";
import type {
  AdminProduct,
  AdminProductBodySchema,
  AdminProductRow,
  AdminProductsQuerySchema,
  BulkChangeBodySchema,
  CatalogOptions,
  ProductFilterSchema,
} from "#contract/api/admin/products.ts";
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from "#contract/product-images.ts";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { brands, categories, departments, productImages, products, productSpecs } from "#db/schema/catalog.ts";
import { HttpError } from "../../lib/errors.ts";
import { sanitizeDescription } from "../../lib/html.ts";
import { normaliseSearch, wordParts } from "../catalog/search.ts";
import { audited, type Actor } from "./audit.ts";

type Body = z.output<typeof AdminProductBodySchema>;
type Query = z.output<typeof AdminProductsQuerySchema>;
type Filter = z.output<typeof ProductFilterSchema>;
type Bulk = z.output<typeof BulkChangeBodySchema>;

/** The image types a product may show, by their bytes (never by name or declared type). */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/** A name as an address: lower-case ASCII words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** What of a product the audit log keeps: every field, long texts cut. */
function auditView(p: AdminProduct | undefined) {
  if (!p) return null;
  const cut = (v: string) => (v.length > 500 ? `${v.slice(0, 500)}…` : v);
  return {
    ...p,
    descritivo_pt: cut(p.descritivo_pt),
    descritivo_es: cut(p.descritivo_es),
    caracteristica_pt: cut(p.caracteristica_pt),
    caracteristica_es: cut(p.caracteristica_es),
    imagens: p.imagens.map((i) => i.url),
    updated_at: undefined,
  };
}

/** The list's filters as SQL over `produtos_lista l` (joined to `produtos p` only when the price flag is asked). */
function filterOf(query: Filter): { from: SQL; condition: SQL } {
  const where: SQL[] = [];
  if (query.q) {
    const parts = normaliseSearch(query.q).flatMap(wordParts);
    if (parts.length > 0) where.push(sql`l.busca_tsv @@ to_tsquery('simple', ${parts.map((p) => `${p}:*`).join(" & ")})`);
  }
  if (query.category_id) where.push(sql`l.category_id = ${query.category_id}`);
  if (query.brand_id) where.push(sql`l.brand_id = ${query.brand_id}`);
  if (query.estoque === "com") where.push(sql`l.tem_estoque`);
  if (query.estoque === "sem") where.push(sql`NOT l.tem_estoque`);
  if (query.especial === "sim") where.push(sql`l.especial`);
  if (query.especial === "nao") where.push(sql`NOT l.especial`);
  if (query.ativo === "sim") where.push(sql`l.ativo`);
  if (query.ativo === "nao") where.push(sql`NOT l.ativo`);
  // The few products with a hidden price are read from their partial index (produtos_preco_oculto_idx).
  if (query.preco_oculto === "sim") where.push(sql`l.id IN (SELECT id FROM produtos WHERE NOT mostrar_preco)`);
  if (query.preco_oculto === "nao") where.push(sql`l.id NOT IN (SELECT id FROM produtos WHERE NOT mostrar_preco)`);
  const condition = where.length > 0 ? sql.join(where, sql` AND `) : sql`true`;
  return { from: sql`produtos_lista l`, condition };
}

/**
 * The back office's catalogue of products (docs/decisions/020). Every write goes to the database in
 * one transaction with its audit record; the change feed's triggers bring it to every process's
 * in-memory catalogue, and `changed` drops the cached pages and answers so shoppers see it at once.
 */
export function createAdminProducts({ db, mediaDir, changed }: { db: Db; mediaDir: string; changed: () => Promise<void> }) {
  async function options(): Promise<CatalogOptions> {
    const [cats, deps, brandRows] = await Promise.all([
      db.select().from(categories).orderBy(asc(categories.ordem), asc(categories.name_pt)),
      db.select().from(departments).orderBy(asc(departments.ordem), asc(departments.name_pt)),
      db.select({ id: brands.id, nome: brands.nome }).from(brands).orderBy(asc(brands.nome)),
    ]);
    return {
      categories: cats.map((c) => ({
        id: c.id,
        name_pt: c.name_pt,
        name_es: c.name_es,
        departments: deps.filter((d) => d.category_id === c.id).map((d) => ({ id: d.id, name_pt: d.name_pt, name_es: d.name_es })),
      })),
      brands: brandRows,
    };
  }

  /** A page of the list, newest first: search and filters read the narrow list table and its indexes. */
  async function list(query: Query) {
    const { from, condition } = filterOf(query);
    const [count] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${from} WHERE ${condition}`);
    const total = count?.total ?? 0;
    const rows = await queryRows<AdminProductRow>(
      db,
      sql`SELECT p.id, p.slug, p.codigo, p.nome_pt, p.nome_es, m.nome AS marca, c.name_pt AS categoria, p.moeda_id,
                 p.valor_venda::text AS valor_venda, p.mostrar_preco, p.especial, p.ativo, p.qtde_disponivel,
                 (SELECT i.url FROM produto_imagens i WHERE i.product_id = p.id ORDER BY i.ordem, i.id LIMIT 1) AS imagem
          FROM (SELECT l.id FROM ${from} WHERE ${condition} ORDER BY l.id DESC
                LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}) page
          JOIN produtos p ON p.id = page.id
          LEFT JOIN marcas m ON m.id = p.brand_id
          LEFT JOIN categorias c ON c.id = p.category_id
          ORDER BY p.id DESC`,
    );
    return { data: rows, total, page: query.page, per_page: query.per_page, last_page: Math.max(1, Math.ceil(total / query.per_page)) };
  }

  async function read(tx: Db | Tx, id: number): Promise<AdminProduct | undefined> {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
    if (!row) return undefined;
    const [specs, images] = await Promise.all([
      tx.select().from(productSpecs).where(eq(productSpecs.product_id, id)).orderBy(asc(productSpecs.ordem), asc(productSpecs.id)),
      tx.select().from(productImages).where(eq(productImages.product_id, id)).orderBy(asc(productImages.ordem), asc(productImages.id)),
    ]);
    return {
      id: row.id,
      slug: row.slug,
      codigo: row.codigo,
      nome_pt: row.nome_pt,
      nome_es: row.nome_es,
      descritivo_pt: row.descritivo_pt,
      descritivo_es: row.descritivo_es,
      caracteristica_pt: row.caracteristica_pt,
      caracteristica_es: row.caracteristica_es,
      brand_id: row.brand_id,
      category_id: row.category_id,
      department_id: row.department_id,
      moeda_id: row.moeda_id,
      valor_venda: row.valor_venda,
      mostrar_preco: row.mostrar_preco,
      especial: row.especial,
      ativo: row.ativo,
      qtde_disponivel: row.qtde_disponivel,
      qtde_fisica: row.qtde_fisica,
      especificacoes: specs.map((s) => ({ nome_pt: s.nome_pt, nome_es: s.nome_es, valor_pt: s.valor_pt, valor_es: s.valor_es })),
      imagens: images.map((i) => ({ id: i.id, url: i.url, ordem: i.ordem })),
      updated_at: row.updated_at.toISOString(),
    };
  }

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
    if (body.moeda_id === 2) return body.valor_venda;
    const [rate] = await queryRows<{ tax: string }>(
      tx,
      sql`SELECT tax::text AS tax FROM cotacoes WHERE source_currency_id = 2 AND target_currency_id = 3`,
    );
    const tax = Number(rate?.tax ?? 0);
    return tax > 0 ? (Number(body.valor_venda) / tax).toFixed(2) : "0.00";
  }

  /** A free address for the product: the one asked for (409 when another product has it), or one made from its name and code. */
  async function freeSlug(tx: Tx, body: Body, id: number | undefined): Promise<string> {
    const taken = async (slug: string) =>
      (await queryRows<{ id: number }>(tx, sql`SELECT id FROM produtos WHERE slug = ${slug} AND id IS DISTINCT FROM ${id ?? null}`)).length > 0;
    if (body.slug) {
      if (await taken(body.slug)) throw new HttpError(409, "slug_in_use", { errors: { slug: ["slug_in_use"] } });
      return body.slug;
    }
    const base = slugify(`${body.nome_pt} ${body.codigo}`).slice(0, 200).replace(/-+$/, "") || "produto";
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await taken(slug))) return slug;
    }
  }

  /**
   * Keeps the product's old address answering (a 301 from the storefront) when its slug changes; a slug a
   * product takes now is no other product's old address any more.
   */
  async function recordSlug(tx: Tx, id: number, slug: string, previous?: string) {
    await tx.execute(sql`DELETE FROM slugs_antigos WHERE entidade = 'produto' AND slug = ${slug}`);
    if (previous && previous !== slug) {
      await tx.execute(sql`
        INSERT INTO slugs_antigos (entidade, slug, entidade_id) VALUES ('produto', ${previous}, ${id})
        ON CONFLICT (entidade, slug) DO UPDATE SET entidade_id = excluded.entidade_id, created_at = now()`);
    }
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

  /** Runs a write with its audit record, then lets the storefront know. */
  async function write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(fn);
    await changed();
    return result;
  }

  /** A new product row with a free address and its specifications; answers its id. */
  async function insertProduct(tx: Tx, body: Body): Promise<number> {
    const slug = await freeSlug(tx, body, undefined);
    const [row] = await tx
      .insert(products)
      .values(columns(body, slug, await dollars(tx, body)))
      .returning({ id: products.id });
    await recordSlug(tx, row!.id, slug);
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
      const slug = body.slug ? await freeSlug(tx, body, id) : before.slug;
      await tx
        .update(products)
        .set(columns(body, slug, await dollars(tx, body)))
        .where(eq(products.id, id));
      await recordSlug(tx, id, slug, before.slug);
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

  /**
   * Stores an image checked by its bytes: the original beside WebP variants 200, 600 and 1200 px wide
   * (never enlarged), under DATA_DIR/media/produtos/<id>/. The address kept is the largest variant's;
   * the storefront derives the others from it (contract/product-images.ts).
   */
  async function storeImage(productId: number, buffer: Buffer): Promise<string> {
    const type = await fileTypeFromBuffer(buffer);
    if (!type || !IMAGE_TYPES.has(type.mime)) throw new HttpError(422, "image_type", { errors: { imagens: ["image_type"] } });
    const key = randomBytes(8).toString("hex");
    const folder = path.join(mediaDir, "produtos", String(productId));
    await mkdir(folder, { recursive: true });
    try {
      // A file that only looks like an image (right magic bytes, broken body) is refused here.
      const image = sharp(buffer, { failOn: "error", limitInputPixels: 50_000_000 }).rotate();
      await Promise.all(
        IMAGE_WIDTHS.map(async (width) =>
          writeFile(
            path.join(folder, `${key}-${width}.webp`),
            await image.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
          ),
        ),
      );
      await writeFile(path.join(folder, `${key}-orig.${type.ext}`), buffer);
    } catch (err) {
      await Promise.all(
        [...IMAGE_WIDTHS.map((w) => `${key}-${w}.webp`), `${key}-orig.${type.ext}`].map((f) => rm(path.join(folder, f), { force: true })),
      );
      if (err instanceof HttpError) throw err;
      throw new HttpError(422, "image_type", { errors: { imagens: ["image_type"] } });
    }
    return `/media/produtos/${productId}/${key}-${IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]}.webp`;
  }

  async function imagesOf(tx: Db | Tx, id: number) {
    const rows = await tx
      .select()
      .from(productImages)
      .where(eq(productImages.product_id, id))
      .orderBy(asc(productImages.ordem), asc(productImages.id));
    return rows.map((i) => ({ id: i.id, url: i.url, ordem: i.ordem }));
  }

  /** After a change of a product's images: the product counts as changed, and the log keeps the list before and after. */
  async function imagesChanged(tx: Tx, actor: Actor, id: number, before: { url: string }[]) {
    await tx.update(products).set({ updated_at: new Date() }).where(eq(products.id, id));
    const after = await imagesOf(tx, id);
    await audited(tx, actor, {
      acao: "imagens",
      entidade: "produto",
      entidade_id: id,
      antes: { imagens: before.map((i) => i.url) },
      depois: { imagens: after.map((i) => i.url) },
    });
    return after;
  }

  async function addImages(actor: Actor, id: number, files: { buffer: Buffer; truncated: boolean }[]) {
    if (!(await read(db, id))) throw new HttpError(404, "product_not_found");
    if (files.length === 0) throw new HttpError(422, "validation_failed", { errors: { imagens: ["file_required"] } });
    if (files.some((f) => f.truncated || f.buffer.length > MAX_IMAGE_BYTES)) {
      throw new HttpError(413, "image_too_large", { errors: { imagens: ["image_too_large"] } });
    }
    const existing = await imagesOf(db, id);
    if (existing.length + files.length > MAX_PRODUCT_IMAGES) {
      throw new HttpError(422, "images_max", {
        errors: { imagens: ["images_max"] },
        vars: { max: MAX_PRODUCT_IMAGES },
        fieldVars: { imagens: { max: MAX_PRODUCT_IMAGES } },
      });
    }
    const urls: string[] = [];
    for (const file of files) urls.push(await storeImage(id, file.buffer));
    return write(async (tx) => {
      const [last] = await queryRows<{ ordem: number }>(
        tx,
        sql`SELECT coalesce(max(ordem), -1) AS ordem FROM produto_imagens WHERE product_id = ${id}`,
      );
      await tx.insert(productImages).values(urls.map((url, i) => ({ product_id: id, url, ordem: Number(last?.ordem ?? -1) + 1 + i })));
      return imagesChanged(tx, actor, id, existing);
    });
  }

  function reorderImages(actor: Actor, id: number, ids: number[]) {
    return write(async (tx) => {
      const before = await imagesOf(tx, id);
      if (before.length === 0 && !(await read(tx, id))) throw new HttpError(404, "product_not_found");
      const same = ids.length === before.length && new Set(ids).size === ids.length && ids.every((i) => before.some((b) => b.id === i));
      if (!same) throw new HttpError(422, "image_order_invalid", { errors: { ids: ["image_order_invalid"] } });
      for (const [ordem, imageId] of ids.entries()) {
        await tx
          .update(productImages)
          .set({ ordem })
          .where(and(eq(productImages.id, imageId), eq(productImages.product_id, id)));
      }
      return imagesChanged(tx, actor, id, before);
    });
  }

  /** Takes an image off the product; its files stay (a duplicate may show the same ones). */
  function removeImage(actor: Actor, id: number, imageId: number) {
    return write(async (tx) => {
      const before = await imagesOf(tx, id);
      if (!before.some((i) => i.id === imageId)) throw new HttpError(404, "not_found");
      await tx.delete(productImages).where(and(eq(productImages.id, imageId), eq(productImages.product_id, id)));
      return imagesChanged(tx, actor, id, before);
    });
  }

  /**
   * One change to many products in one statement: prices raised or lowered by a percentage (guaraníes
   * stay whole, the dollar sort value follows), the stock set, or the products put in or taken out of
   * the special line. The audit log keeps each product's
   * before and after (the first thousand; the count always).
   */
  function bulk(actor: Actor, body: Bulk): Promise<number> {
    return write(async (tx) => {
      const target =
        body.ids && body.ids.length > 0
          ? sql`SELECT unnest(${`{${body.ids.join(",")}}`}::int[])`
          : (() => {
              const { from, condition } = filterOf(body.filtro ?? {});
              return sql`SELECT l.id FROM ${from} WHERE ${condition}`;
            })();
      const [rate] = await queryRows<{ tax: string }>(
        tx,
        sql`SELECT tax::text AS tax FROM cotacoes WHERE source_currency_id = 2 AND target_currency_id = 3`,
      );
      const factor = 1 + (body.percentual ?? 0) / 100;
      const special = body.acao === "especial_incluir" || body.acao === "especial_remover";
      const set =
        body.acao === "preco_percentual"
          ? sql`valor_venda = CASE WHEN moeda_id = 3 THEN round(valor_venda * ${factor}::numeric) ELSE round(valor_venda * ${factor}::numeric, 2) END,
                valor_usd = CASE WHEN moeda_id = 3 THEN round(round(valor_venda * ${factor}::numeric) / ${rate?.tax ?? "1"}::numeric, 2)
                                 ELSE round(valor_venda * ${factor}::numeric, 2) END`
          : special
            ? sql`especial = ${body.acao === "especial_incluir"}`
            : sql`qtde_disponivel = ${body.estoque ?? 0}, qtde_fisica = ${body.estoque ?? 0}`;
      const [beforeColumn, afterColumn] =
        body.acao === "preco_percentual"
          ? [sql`antes.valor`, sql`p.valor_venda::text`]
          : special
            ? [sql`antes.especial::text`, sql`p.especial::text`]
            : [sql`antes.qtde_disponivel::text`, sql`p.qtde_disponivel::text`];
      const rows = await queryRows<{ id: number; codigo: string; antes: string; depois: string }>(
        tx,
        sql`WITH alvo AS (${target}),
                 antes AS (SELECT id, valor_venda::text AS valor, qtde_disponivel, especial FROM produtos WHERE id IN (SELECT * FROM alvo) FOR UPDATE)
            UPDATE produtos p SET ${set}, updated_at = now()
            FROM antes WHERE p.id = antes.id
            RETURNING p.id, p.codigo, ${beforeColumn} AS antes, ${afterColumn} AS depois`,
      );
      const shown = rows.slice(0, 1000);
      await audited(tx, actor, {
        acao: {
          preco_percentual: "reajuste_em_massa",
          estoque: "estoque_em_massa",
          especial_incluir: "especial_em_massa",
          especial_remover: "especial_em_massa",
        }[body.acao],
        entidade: "produto",
        antes: {
          alterados: rows.length,
          ...(body.ids ? { ids: body.ids.length } : { filtro: body.filtro }),
          valores: shown.map((r) => ({ id: r.id, codigo: r.codigo, valor: r.antes })),
        },
        depois: {
          percentual: body.percentual ?? null,
          estoque: body.estoque ?? null,
          ...(special ? { especial: body.acao === "especial_incluir" } : {}),
          valores: shown.map((r) => ({ id: r.id, codigo: r.codigo, valor: r.depois })),
        },
      });
      return rows.length;
    });
  }

  return { options, list, get, create, update, duplicate, addImages, reorderImages, removeImage, bulk };
}

export type AdminProducts = ReturnType<typeof createAdminProducts>;
