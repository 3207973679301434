import { sql, type SQL } from "drizzle-orm";
import type { ApiLang } from "#contract/locale.ts";
import type { ExchangeRate, ProductSortField } from "#contract/api/catalog.ts";
import { isDbId } from "#contract/api/common.ts";
import { queryRows, type Db } from "#db/client.ts";
import type { SearchPlan } from "./search.ts";

/** Raw product row as the list and detail queries return it (prices as numeric strings). */
export interface ProductRow {
  id: number;
  slug: string;
  nome: string;
  codigo: string;
  valor_venda: string;
  moeda_id: number;
  qtde_disponivel: number;
  qtde_fisica: number;
  tem_estoque: boolean;
  mostrar_preco: boolean;
  especial: boolean;
  imagens: string[] | null;
  marca_id: number | null;
  marca_nome: string | null;
  marca_slug: string | null;
  categoria_id: number | null;
  categoria_name: string | null;
  categoria_slug: string | null;
  departamento_id: number | null;
  departamento_name: string | null;
  departamento_slug: string | null;
}

export interface ProductDetailRow extends ProductRow {
  descritivo: string;
  caracteristica: string;
  especificacoes: { nome: string; valor: string | null }[] | null;
}

export interface ProductFilter {
  lang: ApiLang;
  /** The visitor's search words (normalised); what they match is `search`. */
  words: readonly string[];
  /** The words' plan from the search module; absent without words. */
  search?: SearchPlan;
  categoryId?: number;
  departmentId?: number;
  brandIds: readonly number[];
  ids?: number[];
  inStockOnly: boolean;
  special?: "only" | "exclude";
  sort: readonly { field: ProductSortField; direction: "asc" | "desc" }[];
  limit: number;
  offset: number;
  /** Keyset paging for long walks (export): only ids below this one. */
  beforeId?: number;
  /** With a search and the default order, closest matches first (default true). */
  relevance?: boolean;
}

const col = (lang: ApiLang, base: string) => sql.raw(`${base}_${lang}`);

function productColumns(lang: ApiLang): SQL {
  return sql`p.id, p.slug, p.${col(lang, "nome")} AS nome, p.codigo, p.valor_venda, p.moeda_id,
    p.qtde_disponivel, p.qtde_fisica, p.tem_estoque, p.mostrar_preco, p.especial,
    (SELECT array_agg(i.url ORDER BY i.ordem, i.id) FROM produto_imagens i WHERE i.product_id = p.id) AS imagens,
    b.id AS marca_id, b.nome AS marca_nome, b.slug AS marca_slug,
    c.id AS categoria_id, c.${col(lang, "name")} AS categoria_name, c.slug AS categoria_slug,
    d.id AS departamento_id, d.${col(lang, "name")} AS departamento_name, d.slug AS departamento_slug`;
}

const productJoins = sql`FROM produtos p
  LEFT JOIN marcas b ON b.id = p.brand_id
  LEFT JOIN categorias c ON c.id = p.category_id
  LEFT JOIN departamentos d ON d.id = p.department_id`;

function whereClause(f: ProductFilter): SQL {
  const parts: SQL[] = [sql`p.ativo`];
  if (f.search) parts.push(f.search.where);
  if (f.categoryId !== undefined) parts.push(sql`p.category_id = ${f.categoryId}`);
  if (f.departmentId !== undefined) parts.push(sql`p.department_id = ${f.departmentId}`);
  if (f.brandIds.length > 0) {
    parts.push(
      sql`p.brand_id IN (${sql.join(
        f.brandIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (f.ids)
    parts.push(
      f.ids.length > 0
        ? sql`p.id IN (${sql.join(
            f.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (f.inStockOnly) parts.push(sql`p.tem_estoque`);
  if (f.special === "only") parts.push(sql`p.especial`);
  if (f.special === "exclude") parts.push(sql`NOT p.especial`);
  if (f.beforeId !== undefined) parts.push(sql`p.id < ${f.beforeId}`);
  return sql.join(parts, sql` AND `);
}

/**
 * A list row's price to sort by: none (NULL, sorted last either way) when the price is hidden, so a hidden
 * price is never bracketed by its neighbours'. produtos_preco_oculto_idx finds the few hidden ones.
 */
const SHOWN_PRICE = sql`(CASE WHEN EXISTS (SELECT 1 FROM produtos h WHERE h.id = p.id AND NOT h.mostrar_preco) THEN NULL ELSE p.valor_usd END)`;

function orderClause(f: ProductFilter): SQL {
  const fields: Record<ProductSortField, SQL> = {
    id: sql`p.id`,
    valor_venda: SHOWN_PRICE,
    nome: sql`p.${col(f.lang, "nome")}_ordem`,
    tem_estoque: sql`p.tem_estoque`,
    codigo: sql`p.codigo`,
  };
  const parts: SQL[] = [];
  const onlyDefaultOrder = f.sort.every((s) => s.field === "id" || s.field === "tem_estoque");
  for (const s of f.sort) {
    // With a search and no explicit sort, the closest matches come first instead of the newest.
    if (s.field === "id" && f.search && onlyDefaultOrder && f.relevance !== false) {
      parts.push(sql`${f.search.rank} DESC`);
    }
    const nulls = s.field === "valor_venda" ? " NULLS LAST" : "";
    parts.push(sql`${fields[s.field]} ${sql.raw(`${s.direction === "asc" ? "ASC" : "DESC"}${nulls}`)}`);
  }
  // Ties break by id in the direction of the last field, so one index serves the whole ORDER BY.
  const last = f.sort[f.sort.length - 1];
  if (last?.field !== "id") parts.push(sql`p.id ${sql.raw(last?.direction === "asc" ? "ASC" : "DESC")}`);
  return sql.join(parts, sql`, `);
}

export async function listProducts(db: Db, f: ProductFilter): Promise<ProductRow[]> {
  // The page's ids come from the narrow produtos_lista (its sort and search indexes); the wide columns
  // are then read from produtos for those rows only.
  const ids = await queryRows<{ id: number }>(
    db,
    sql`SELECT p.id FROM produtos_lista p WHERE ${whereClause(f)} ORDER BY ${orderClause(f)} LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
  if (ids.length === 0) return [];
  const rows = await queryRows<ProductRow>(
    db,
    sql`SELECT ${productColumns(f.lang)} ${productJoins} WHERE p.id IN (${sql.join(
      ids.map((r) => sql`${r.id}`),
      sql`, `,
    )})`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((r) => byId.get(r.id)!).filter(Boolean);
}

/** A list's number of products of one brand (null: products without a brand). */
export interface BrandTotal {
  brand_id: number | null;
  slug: string | null;
  nome: string | null;
  total: number;
}

/** What a price-list line needs, straight from produtos: no joins, no images. */
export interface PriceRow {
  id: number;
  codigo: string;
  nome: string;
  valor_venda: string;
  moeda_id: number;
  mostrar_preco: boolean;
}

/** Rows of a filtered list for the TXT price list: newest first (a keyset slice), or in the filter's sort. */
export async function listPriceRows(db: Db, f: ProductFilter): Promise<PriceRow[]> {
  const order = f.sort.length > 0 ? orderClause(f) : sql`p.id DESC`;
  return queryRows<PriceRow>(
    db,
    sql`SELECT p.id, p.codigo, w.${col(f.lang, "nome")} AS nome, w.valor_venda, w.moeda_id, w.mostrar_preco
        FROM produtos_lista p JOIN produtos w ON w.id = p.id WHERE ${whereClause(f)} ORDER BY ${order} LIMIT ${f.limit}`,
  );
}

/** The length of the longest code of a filtered list (the TXT price list's code column). */
export async function longestCode(db: Db, f: ProductFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT coalesce(max(length(p.codigo)), 0)::int AS n FROM produtos_lista p WHERE ${whereClause(f)}`,
  );
  return row?.n ?? 0;
}

/** Slugs of the active products in id order, one slice (a sitemap file). */
export async function listProductSlugs(db: Db, limit: number, offset: number): Promise<string[]> {
  const rows = await queryRows<{ slug: string }>(db, sql`SELECT slug FROM produtos WHERE ativo ORDER BY id LIMIT ${limit} OFFSET ${offset}`);
  return rows.map((r) => r.slug);
}

export async function findProduct(db: Db, lang: ApiLang, idOrSlug: string): Promise<ProductDetailRow | undefined> {
  // Digits past the id range are no product's id: looked up as a slug, they are simply not found.
  const key = /^\d+$/.test(idOrSlug) && isDbId(Number(idOrSlug)) ? sql`p.id = ${Number(idOrSlug)}` : sql`p.slug = ${idOrSlug}`;
  const rows = await queryRows<ProductDetailRow>(
    db,
    sql`SELECT ${productColumns(lang)},
      p.${col(lang, "descritivo")} AS descritivo, p.${col(lang, "caracteristica")} AS caracteristica,
      (SELECT json_agg(json_build_object('nome', s.${col(lang, "nome")}, 'valor', s.${col(lang, "valor")})
         ORDER BY s.ordem, s.id) FROM produto_especificacoes s WHERE s.product_id = p.id) AS especificacoes
    ${productJoins} WHERE p.ativo AND ${key} LIMIT 1`,
  );
  return rows[0];
}

/** The product an old slug belonged to (slugs_antigos), if any. */
export async function movedProduct(db: Db, slug: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(db, sql`SELECT entidade_id AS id FROM slugs_antigos WHERE entidade = 'produto' AND slug = ${slug}`);
  return row?.id;
}

/**
 * The current slugs of a list address's old ones (slugs_antigos, written by the back office); a
 * department's old slug is kept under its category's id. Null for a slug that is current or unknown.
 */
export async function movedListSlugs(
  db: Db,
  slugs: { marca?: string; categoria?: string; departamento?: string },
): Promise<{ marca: string | null; categoria: string | null; departamento: string | null }> {
  const current = async (table: "marcas" | "categorias", entity: string, slug: string | undefined) => {
    if (!slug) return null;
    const [row] = await queryRows<{ slug: string }>(
      db,
      sql`SELECT t.slug FROM slugs_antigos s JOIN ${sql.raw(table)} t ON t.id = s.entidade_id
          WHERE s.entidade = ${entity} AND s.slug = ${slug} AND NOT EXISTS (SELECT 1 FROM ${sql.raw(table)} l WHERE l.slug = ${slug})`,
    );
    return row?.slug ?? null;
  };
  const [marca, categoria] = await Promise.all([current("marcas", "marca", slugs.marca), current("categorias", "categoria", slugs.categoria)]);
  let departamento: string | null = null;
  const categorySlug = categoria ?? slugs.categoria;
  if (slugs.departamento && categorySlug) {
    const [row] = await queryRows<{ slug: string }>(
      db,
      sql`SELECT d.slug FROM categorias c JOIN slugs_antigos s ON s.entidade = 'departamento' AND s.slug = c.id || '/' || ${slugs.departamento}
          JOIN departamentos d ON d.id = s.entidade_id AND d.category_id = c.id
          WHERE c.slug = ${categorySlug} AND d.slug <> ${slugs.departamento}`,
    );
    departamento = row?.slug ?? null;
  }
  return { marca, categoria, departamento };
}

export type ProductText = Pick<ProductDetailRow, "descritivo" | "caracteristica" | "especificacoes">;

/** What a product page adds to a list's row (the in-memory catalogue holds the rest): by id, if still active. */
export async function findProductText(db: Db, lang: ApiLang, id: number): Promise<ProductText | undefined> {
  const rows = await queryRows<ProductText>(
    db,
    sql`SELECT p.${col(lang, "descritivo")} AS descritivo, p.${col(lang, "caracteristica")} AS caracteristica,
      (SELECT json_agg(json_build_object('nome', s.${col(lang, "nome")}, 'valor', s.${col(lang, "valor")})
         ORDER BY s.ordem, s.id) FROM produto_especificacoes s WHERE s.product_id = p.id) AS especificacoes
    FROM produtos p WHERE p.ativo AND p.id = ${id}`,
  );
  return rows[0];
}

export interface CategoryRow {
  id: number;
  slug: string;
  name: string;
  icone: string | null;
  visivel_menu: boolean;
  departments: { id: number; slug: string; name: string; icone: string | null }[] | null;
}

/**
 * Categories with their departments; `specialOnly` keeps those holding special-line products, and
 * `menuOnly` leaves out the departments hidden from the menus (a category's own flag travels with it).
 */
export async function listCategories(db: Db, lang: ApiLang, specialOnly: boolean, menuOnly = false): Promise<CategoryRow[]> {
  const specialCat = specialOnly ? sql`AND EXISTS (SELECT 1 FROM produtos p WHERE p.category_id = c.id AND p.especial AND p.ativo)` : sql``;
  const specialDep = sql`${specialOnly ? sql`AND EXISTS (SELECT 1 FROM produtos p WHERE p.department_id = d.id AND p.especial AND p.ativo)` : sql``}
    ${menuOnly ? sql`AND d.visivel_menu` : sql``}`;
  return queryRows<CategoryRow>(
    db,
    sql`SELECT c.id, c.slug, c.${col(lang, "name")} AS name, c.icone, c.visivel_menu,
      (SELECT json_agg(json_build_object('id', d.id, 'slug', d.slug, 'name', d.${col(lang, "name")}, 'icone', d.icone)
         ORDER BY d.ordem, d.id) FROM departamentos d WHERE d.category_id = c.id ${specialDep}) AS departments
    FROM categorias c WHERE true ${specialCat} ORDER BY c.ordem, c.id`,
  );
}

export async function listBrands(db: Db) {
  return queryRows<{ id: number; slug: string; nome: string; logo: string | null; destaque: boolean }>(
    db,
    sql`SELECT id, slug, nome, logo, destaque FROM marcas ORDER BY lower(nome), id`,
  );
}

/**
 * The banners on show at `at`: active and inside their window (from `inicio`, until `fim`), in their order,
 * and the next moment one of them starts or ends (epoch ms), when the answer stops being right on its own.
 */
export async function listBanners(db: Db, lang: ApiLang, at: Date) {
  const now = at.toISOString();
  const [rows, [next]] = await Promise.all([
    queryRows<{
      id: number;
      tipo: string;
      imagem_url: string | null;
      link: string | null;
      titulo: string | null;
      descricao: string | null;
      ordem: number;
    }>(
      db,
      sql`SELECT id, tipo, imagem_url, link, ${col(lang, "titulo")} AS titulo, ${col(lang, "descricao")} AS descricao, ordem
        FROM banners
        WHERE ativo AND (inicio IS NULL OR inicio <= ${now}::timestamptz) AND (fim IS NULL OR fim > ${now}::timestamptz)
        ORDER BY ordem, id DESC`,
    ),
    queryRows<{ at: string | null }>(
      db,
      sql`SELECT (extract(epoch FROM min(t)) * 1000)::text AS at FROM (
          SELECT inicio AS t FROM banners WHERE ativo AND inicio > ${now}::timestamptz
          UNION ALL SELECT fim FROM banners WHERE ativo AND fim > ${now}::timestamptz) changes`,
    ),
  ]);
  return { rows, nextChange: next?.at == null ? undefined : Math.ceil(Number(next.at)) };
}

/** Every exchange rate with its currencies' symbols and decimals (spec §9). */
export async function listRates(db: Db): Promise<ExchangeRate[]> {
  const rows = await queryRows<{
    source_currency_id: number;
    source_simbolo: string;
    target_currency_id: number;
    target_simbolo: string;
    target_decimals: number;
    tax: string;
  }>(
    db,
    sql`SELECT r.source_currency_id, s.simbolo AS source_simbolo, r.target_currency_id,
      t.simbolo AS target_simbolo, t.casas_decimais AS target_decimals, r.tax::text AS tax
    FROM cotacoes r JOIN moedas s ON s.id = r.source_currency_id JOIN moedas t ON t.id = r.target_currency_id
    ORDER BY r.target_currency_id`,
  );
  return rows.map((r) => ({
    source_currency: { id: r.source_currency_id, simbolo: r.source_simbolo },
    target_currency: { id: r.target_currency_id, simbolo: r.target_simbolo, decimals: r.target_decimals },
    tax: r.tax,
  }));
}

export async function listSellers(db: Db, lang: ApiLang) {
  return queryRows<{ id: number; nome: string; funcao: string; foto: string | null; whatsapp: string | null }>(
    db,
    sql`SELECT id, nome, ${col(lang, "funcao")} AS funcao, foto, whatsapp
    FROM vendedores WHERE ativo ORDER BY ordem, id`,
  );
}

export async function listFaq(db: Db, lang: ApiLang) {
  return queryRows<{ id: number; pergunta: string; resposta: string }>(
    db,
    sql`SELECT id, ${col(lang, "pergunta")} AS pergunta, ${col(lang, "resposta")} AS resposta
    FROM faq ORDER BY ordem, id`,
  );
}

/** The page texts staff changed (docs/decisions/033): the rest read their defaults. */
export function listPageTexts(db: Db) {
  return queryRows<{ chave: string; texto_pt: string; texto_es: string }>(db, sql`SELECT chave, texto_pt, texto_es FROM textos_paginas`);
}

/** Stores a phone for the offers list; a number already there is simply kept. */
export async function addNewsletterContact(db: Db, celular: string, lang: string) {
  await db.execute(sql`INSERT INTO contatos_newsletter (celular, lang) VALUES (${celular}, ${lang})
    ON CONFLICT (celular) DO NOTHING`);
}
