import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

/** 1 BRL R$, 2 USD U$, 3 PYG G$, 4 ARS P$ (one reading everywhere, see ARCHITECTURE.md). */
export const currencies = pgTable("moedas", {
  id: smallint("id").primaryKey(),
  codigo: varchar("codigo", { length: 3 }).notNull().unique(),
  simbolo: varchar("simbolo", { length: 4 }).notNull(),
  casas_decimais: smallint("casas_decimais").notNull(),
});

export const exchangeRates = pgTable(
  "cotacoes",
  {
    id: serial("id").primaryKey(),
    source_currency_id: smallint("source_currency_id")
      .notNull()
      .references(() => currencies.id),
    target_currency_id: smallint("target_currency_id")
      .notNull()
      .references(() => currencies.id),
    tax: numeric("tax", { precision: 18, scale: 6 }).notNull(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cotacoes_par_idx").on(t.source_currency_id, t.target_currency_id)],
);

export const categories = pgTable("categorias", {
  id: serial("id").primaryKey(),
  slug: varchar("slug", { length: 120 }).notNull().unique(),
  name_pt: varchar("name_pt", { length: 120 }).notNull(),
  name_es: varchar("name_es", { length: 120 }).notNull(),
  icone: text("icone"),
  visivel_menu: boolean("visivel_menu").notNull().default(true),
  ordem: integer("ordem").notNull().default(0),
});

export const departments = pgTable(
  "departamentos",
  {
    id: serial("id").primaryKey(),
    category_id: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    slug: varchar("slug", { length: 120 }).notNull(),
    name_pt: varchar("name_pt", { length: 120 }).notNull(),
    name_es: varchar("name_es", { length: 120 }).notNull(),
    icone: text("icone"),
    visivel_menu: boolean("visivel_menu").notNull().default(true),
    ordem: integer("ordem").notNull().default(0),
  },
  (t) => [uniqueIndex("departamentos_categoria_slug_idx").on(t.category_id, t.slug), index("departamentos_slug_idx").on(t.slug)],
);

export const brands = pgTable("marcas", {
  id: serial("id").primaryKey(),
  slug: varchar("slug", { length: 120 }).notNull().unique(),
  nome: varchar("nome", { length: 120 }).notNull(),
  logo: text("logo"),
  destaque: boolean("destaque").notNull().default(false),
});

/** A PostgreSQL full-text document (filled by triggers, never written by the application). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const products = pgTable(
  "produtos",
  {
    id: serial("id").primaryKey(),
    slug: varchar("slug", { length: 220 }).notNull().unique(),
    codigo: varchar("codigo", { length: 40 }).notNull().unique(),
    nome_pt: varchar("nome_pt", { length: 200 }).notNull(),
    nome_es: varchar("nome_es", { length: 200 }).notNull(),
    descritivo_pt: text("descritivo_pt").notNull().default(""),
    descritivo_es: text("descritivo_es").notNull().default(""),
    /** Sanitised HTML, never raw input. */
    caracteristica_pt: text("caracteristica_pt").notNull().default(""),
    caracteristica_es: text("caracteristica_es").notNull().default(""),
    brand_id: integer("brand_id").references(() => brands.id),
    category_id: integer("category_id").references(() => categories.id),
    department_id: integer("department_id").references(() => departments.id),
    moeda_id: smallint("moeda_id")
      .notNull()
      .default(2)
      .references(() => currencies.id),
    valor_venda: numeric("valor_venda", { precision: 14, scale: 2 }).notNull(),
    /** valor_venda in USD, kept for sorting by price across currencies. */
    valor_usd: numeric("valor_usd", { precision: 14, scale: 2 }).notNull(),
    qtde_disponivel: integer("qtde_disponivel").notNull().default(0),
    qtde_fisica: integer("qtde_fisica").notNull().default(0),
    tem_estoque: boolean("tem_estoque")
      .generatedAlwaysAs(sql`qtde_disponivel > 0`)
      .notNull(),
    mostrar_preco: boolean("mostrar_preco").notNull().default(true),
    /** The special product line (`/especial`, `special=only`). */
    especial: boolean("especial").notNull().default(false),
    ativo: boolean("ativo").notNull().default(true),
    /**
     * Sort keys of the names: lower-cased and unaccented, so "Óculos" sorts with the O's and
     * "álcool" before "Broca", as a Portuguese or Spanish reader expects. Byte order ("C" collation,
     * set in the migration) gives the same order on PGlite and PostgreSQL without ICU.
     */
    nome_pt_ordem: text("nome_pt_ordem")
      .generatedAlwaysAs(sql`lower(f_unaccent(nome_pt))`)
      .notNull(),
    nome_es_ordem: text("nome_es_ordem")
      .generatedAlwaysAs(sql`lower(f_unaccent(nome_es))`)
      .notNull(),
    /** Lower-cased, unaccented names (both languages), code and brand: what search matches. */
    busca: text("busca").notNull().default(""),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Codes are unique whatever their case (the back office's check and the import's match).
    index("produtos_codigo_lower_idx").on(sql`lower(${t.codigo})`),
    // The back office's "hidden price" filter: a few products among many.
    index("produtos_preco_oculto_idx")
      .on(t.id)
      .where(sql`NOT ${t.mostrar_preco}`),
    index("produtos_category_idx").on(t.category_id, t.tem_estoque, t.id),
    index("produtos_department_idx").on(t.department_id, t.tem_estoque, t.id),
    index("produtos_brand_idx").on(t.brand_id, t.tem_estoque, t.id),
    index("produtos_estoque_id_idx").on(t.tem_estoque, t.id),
    // The dashboard's out-of-stock and low-in-stock products (LOW_STOCK in contract/api/admin/dashboard.ts).
    index("produtos_estoque_baixo_idx")
      .on(t.qtde_disponivel, t.id)
      .where(sql`${t.ativo} AND ${t.qtde_disponivel} <= 5`),
    // In stock first, then the field, ties by id in the field's direction: one index per direction
    // (read backwards for "desc, desc", forwards for "desc, asc").
    index("produtos_estoque_valor_idx").on(t.tem_estoque, t.valor_usd, t.id),
    index("produtos_estoque_valor_asc_idx").on(t.tem_estoque.desc().nullsFirst(), t.valor_usd.asc(), t.id.asc()),
    index("produtos_estoque_nome_pt_idx").on(t.tem_estoque, t.nome_pt_ordem, t.id),
    index("produtos_estoque_nome_pt_asc_idx").on(t.tem_estoque.desc().nullsFirst(), t.nome_pt_ordem.asc(), t.id.asc()),
    index("produtos_estoque_nome_es_idx").on(t.tem_estoque, t.nome_es_ordem, t.id),
    index("produtos_estoque_nome_es_asc_idx").on(t.tem_estoque.desc().nullsFirst(), t.nome_es_ordem.asc(), t.id.asc()),
  ],
);

/**
 * What product lists and searches filter, sort and count by, one narrow row per product (a tenth of
 * a `produtos` row, which carries descriptions in two languages), kept by triggers on produtos and
 * marcas (db/migrations/0008_product_list_table.sql). Lists read a page's ids and their totals here,
 * then the page's rows from produtos.
 */
export const productList = pgTable(
  "produtos_lista",
  {
    id: integer("id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    ativo: boolean("ativo").notNull(),
    tem_estoque: boolean("tem_estoque").notNull(),
    especial: boolean("especial").notNull(),
    brand_id: integer("brand_id"),
    category_id: integer("category_id"),
    department_id: integer("department_id"),
    valor_usd: numeric("valor_usd", { precision: 14, scale: 2 }).notNull(),
    codigo: varchar("codigo", { length: 40 }).notNull(),
    nome_pt_ordem: text("nome_pt_ordem").notNull(),
    nome_es_ordem: text("nome_es_ordem").notNull(),
    /**
     * What search matches: the words of the Portuguese name (weight A), the Spanish name (B), the
     * code, whole, in parts and without separators (C), and the brand (D), unaccented and lower-cased.
     */
    busca_tsv: tsvector("busca_tsv").notNull(),
  },
  // The migration makes the list indexes partial (active products only) and adds INCLUDE columns, so
  // pages and totals come from index-only scans; drizzle-kit describes neither.
  (t) => [
    index("produtos_lista_busca_idx").using("gin", t.busca_tsv),
    index("produtos_lista_category_idx").on(t.category_id, t.tem_estoque, t.id),
    index("produtos_lista_department_idx").on(t.department_id, t.tem_estoque, t.id),
    index("produtos_lista_brand_idx").on(t.brand_id, t.tem_estoque, t.id),
    index("produtos_lista_estoque_id_idx").on(t.tem_estoque, t.id),
    index("produtos_lista_estoque_valor_idx").on(t.tem_estoque, t.valor_usd, t.id),
    index("produtos_lista_estoque_valor_asc_idx").on(t.tem_estoque.desc().nullsFirst(), t.valor_usd.asc(), t.id.asc()),
    index("produtos_lista_estoque_nome_pt_idx").on(t.tem_estoque, t.nome_pt_ordem, t.id),
    index("produtos_lista_estoque_nome_pt_asc_idx").on(t.tem_estoque.desc().nullsFirst(), t.nome_pt_ordem.asc(), t.id.asc()),
    index("produtos_lista_estoque_nome_es_idx").on(t.tem_estoque, t.nome_es_ordem, t.id),
    index("produtos_lista_estoque_nome_es_asc_idx").on(t.tem_estoque.desc().nullsFirst(), t.nome_es_ordem.asc(), t.id.asc()),
    index("produtos_lista_estoque_codigo_idx").on(t.tem_estoque, t.codigo, t.id),
    index("produtos_lista_estoque_codigo_asc_idx").on(t.tem_estoque.desc().nullsFirst(), t.codigo.asc(), t.id.asc()),
  ],
);

/**
 * The catalogue's change feed: one row per product whose listed data changed (produtos, produtos_lista,
 * produto_imagens), product 0 when brands, categories or departments changed, or a row without a
 * product when a statement changed more than a thousand products (read everything again). Written by triggers in the writing transaction
 * (db/migrations/0009_catalogue_changes.sql); every process's in-memory catalogue
 * (server/modules/catalog/catalog-index/) reads what is new before it answers. Rows older than an hour
 * are pruned.
 */
export const catalogueChanges = pgTable(
  "catalogo_alteracoes",
  {
    versao: bigserial("versao", { mode: "number" }).primaryKey(),
    produto_id: integer("produto_id"),
    criado_em: timestamp("criado_em", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index("catalogo_alteracoes_criado_idx").on(t.criado_em)],
);

/**
 * The catalogue's own words (names and brands, four letters or more), kept by triggers on produtos
 * and marcas: a few thousand rows where a misspelt search word finds the words it was meant to be.
 */
export const searchWords = pgTable("palavras_busca", { palavra: text("palavra").primaryKey() }, (t) => [
  index("palavras_busca_trgm_idx").using("gin", t.palavra.op("gin_trgm_ops")),
]);

export const productImages = pgTable(
  "produto_imagens",
  {
    id: serial("id").primaryKey(),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    ordem: integer("ordem").notNull().default(0),
  },
  (t) => [index("produto_imagens_product_idx").on(t.product_id, t.ordem)],
);

export const productSpecs = pgTable(
  "produto_especificacoes",
  {
    id: serial("id").primaryKey(),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    nome_pt: varchar("nome_pt", { length: 120 }).notNull(),
    nome_es: varchar("nome_es", { length: 120 }).notNull(),
    valor_pt: varchar("valor_pt", { length: 200 }),
    valor_es: varchar("valor_es", { length: 200 }),
    ordem: integer("ordem").notNull().default(0),
  },
  (t) => [index("produto_especificacoes_product_idx").on(t.product_id, t.ordem)],
);

/** Types: 'Banner Principal', 'Triplo Esquerdo', 'Triplo Centro', 'Triplo Direito', 'Receba Ofertas'. */
export const banners = pgTable("banners", {
  id: serial("id").primaryKey(),
  tipo: varchar("tipo", { length: 40 }).notNull(),
  imagem_url: text("imagem_url"),
  link: text("link"),
  titulo_pt: varchar("titulo_pt", { length: 200 }),
  titulo_es: varchar("titulo_es", { length: 200 }),
  descricao_pt: text("descricao_pt"),
  descricao_es: text("descricao_es"),
  ativo: boolean("ativo").notNull().default(true),
  /** Smaller first: the main carousel's order, and which banner of a one-banner slot wins (then the highest id). */
  ordem: integer("ordem").notNull().default(0),
  /** Shown from `inicio` (inclusive) until `fim` (exclusive); either may be left open. */
  inicio: timestamp("inicio", { withTimezone: true }),
  fim: timestamp("fim", { withTimezone: true }),
});

export const sellers = pgTable("vendedores", {
  id: serial("id").primaryKey(),
  nome: varchar("nome", { length: 120 }).notNull(),
  funcao_pt: varchar("funcao_pt", { length: 120 }).notNull(),
  funcao_es: varchar("funcao_es", { length: 120 }).notNull(),
  foto: text("foto"),
  whatsapp: varchar("whatsapp", { length: 30 }),
  ordem: integer("ordem").notNull().default(0),
  ativo: boolean("ativo").notNull().default(true),
});

export const faq = pgTable("faq", {
  id: serial("id").primaryKey(),
  pergunta_pt: text("pergunta_pt").notNull(),
  pergunta_es: text("pergunta_es").notNull(),
  resposta_pt: text("resposta_pt").notNull(),
  resposta_es: text("resposta_es").notNull(),
  ordem: integer("ordem").notNull().default(0),
});

/**
 * The how-to-buy and about pages' texts staff changed (docs/decisions/033): `chave` is one of
 * contract/page-texts.ts's keys; a key without a row reads the default written there.
 */
export const pageTexts = pgTable("textos_paginas", {
  chave: varchar("chave", { length: 80 }).primaryKey(),
  texto_pt: text("texto_pt").notNull(),
  texto_es: text("texto_es").notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const newsletterContacts = pgTable("contatos_newsletter", {
  id: serial("id").primaryKey(),
  celular: varchar("celular", { length: 15 }).notNull().unique(),
  lang: varchar("lang", { length: 8 }),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Addresses that changed (docs/decisions/020): a product's old slug keeps answering, with a permanent
 * redirect to the product's current address. A slug a live product takes again is removed from here.
 */
export const oldSlugs = pgTable(
  "slugs_antigos",
  {
    id: serial("id").primaryKey(),
    entidade: varchar("entidade", { length: 20 }).notNull(),
    slug: varchar("slug", { length: 220 }).notNull(),
    entidade_id: integer("entidade_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("slugs_antigos_entidade_slug_idx").on(t.entidade, t.slug)],
);
