import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AdminProduct, AdminProductRow, AdminProductsQuerySchema, CatalogOptions, ProductFilterSchema } from "#contract/api/admin/products.ts";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { brands, categories, departments, productImages, products, productSpecs } from "#db/schema/catalog.ts";
import { normaliseSearch, wordParts } from "../../catalog/search.ts";

type Query = z.output<typeof AdminProductsQuerySchema>;
type Filter = z.output<typeof ProductFilterSchema>;

/** What of a product the audit log keeps: every field, long texts cut. */
export function auditView(p: AdminProduct | undefined) {
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
export function filterOf(query: Filter): { from: SQL; condition: SQL } {
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

/** The product form's choices: categories with their departments, and brands. */
export async function productOptions(db: Db): Promise<CatalogOptions> {
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
export async function listProducts(db: Db, query: Query) {
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

/** A product as the editor shows it, with its specifications and images. */
export async function readProduct(tx: Db | Tx, id: number): Promise<AdminProduct | undefined> {
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
