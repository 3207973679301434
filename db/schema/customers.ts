import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { cities, countries, states } from "./geo.ts";

/**
 * What the back office's customer search reads: name, surname, e-mail and document number, lower-cased
 * without accents (one trigram index serves a part of any of them).
 */
export const CUSTOMER_SEARCH = sql.raw(
  "lower(f_unaccent(nome || ' ' || sobrenome || ' ' || email || ' ' || coalesce(documento, '') || ' ' || coalesce(identidade, '')))",
);

export const customers = pgTable(
  "clientes",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().defaultRandom().unique(),
    nome: varchar("nome", { length: 200 }).notNull(),
    sobrenome: varchar("sobrenome", { length: 200 }).notNull(),
    email: varchar("email", { length: 200 }).notNull(),
    email_verified_at: timestamp("email_verified_at", { withTimezone: true }),
    password_hash: text("password_hash").notNull(),
    estrangeiro: boolean("estrangeiro").notNull(),
    /** BR, PY or AR: Argentinians are not foreign (estrangeiro is the Brazilian flow) but use CUIT. */
    nacionalidade: varchar("nacionalidade", { length: 2 }).notNull().default("PY"),
    telefone: varchar("telefone", { length: 20 }).notNull(),
    documento_tipo: varchar("documento_tipo", { length: 20 }).notNull(),
    documento: varchar("documento", { length: 20 }),
    identidade: varchar("identidade", { length: 20 }),
    identidade_complemento: varchar("identidade_complemento", { length: 10 }),
    razao_social: varchar("razao_social", { length: 200 }),
    lang: varchar("lang", { length: 8 }).notNull(),
    /** The login before the current one ("Último acesso"). */
    data_ultimo_login: timestamp("data_ultimo_login", { withTimezone: true }),
    /** The latest login; it becomes data_ultimo_login when the next one starts. */
    data_login_atual: timestamp("data_login_atual", { withTimezone: true }),
    /**
     * The staff's review of the identity document (front and back together): pendente until a manager
     * looks, then verificado or rejeitado with a reason (contract/api/admin/customers.ts). New images the
     * customer sends start a new review (pendente again).
     */
    documento_status: varchar("documento_status", { length: 12 }).notNull().default("pendente"),
    documento_motivo: varchar("documento_motivo", { length: 20 }),
    documento_nota: varchar("documento_nota", { length: 500 }),
    /** The member who reviewed it (no foreign key, as the audit log: the record outlives the member). */
    documento_revisado_por: integer("documento_revisado_por"),
    documento_revisado_em: timestamp("documento_revisado_em", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("clientes_email_idx").on(sql`lower(${t.email})`),
    // The back office's customers list: newest first. It and the order list's search (a part of the name,
    // e-mail or document anywhere in them, or the document's digits and letters whole) read the next two.
    index("clientes_recentes_idx").on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("clientes_busca_trgm_idx").using("gin", sql`${CUSTOMER_SEARCH} gin_trgm_ops`),
    index("clientes_documento_digitos_idx").on(sql`regexp_replace(coalesce(${t.documento}, ''), '[^0-9A-Za-z]', '', 'g')`),
    // The order list's search by a foreigner's identity number typed whole.
    index("clientes_identidade_idx").on(t.identidade),
  ],
);

/** Identity-document images; stored outside any public folder under random keys. */
export const customerDocuments = pgTable(
  "cliente_documentos",
  {
    id: serial("id").primaryKey(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    lado: varchar("lado", { length: 10 }).notNull(),
    storage_key: text("storage_key").notNull(),
    mime: varchar("mime", { length: 60 }).notNull(),
    tamanho: integer("tamanho").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cliente_documentos_customer_idx").on(t.customer_id)],
);

export const addresses = pgTable(
  "cliente_enderecos",
  {
    id: serial("id").primaryKey(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    nome: varchar("nome", { length: 100 }).notNull(),
    cep: varchar("cep", { length: 10 }),
    logradouro: varchar("logradouro", { length: 200 }).notNull(),
    numero: varchar("numero", { length: 20 }).notNull(),
    bairro: varchar("bairro", { length: 100 }).notNull(),
    cidade: varchar("cidade", { length: 120 }),
    cidade_id: integer("cidade_id").references(() => cities.id),
    estado_id: integer("estado_id").references(() => states.id),
    pais_id: smallint("pais_id")
      .notNull()
      .references(() => countries.id),
    complemento: varchar("complemento", { length: 10 }),
    como_chegar: text("como_chegar"),
    ativo: boolean("ativo").notNull().default(true),
    principal: boolean("principal").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cliente_enderecos_customer_idx").on(t.customer_id)],
);

/** Opaque bearer tokens, stored only as their sha256. */
export const sessions = pgTable(
  "sessoes",
  {
    id: serial("id").primaryKey(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    token_hash: varchar("token_hash", { length: 64 }).notNull().unique(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessoes_customer_idx").on(t.customer_id)],
);

/** Single-use e-mail confirmation and password-reset tokens. */
export const authTokens = pgTable(
  "tokens_acesso",
  {
    id: serial("id").primaryKey(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tipo: varchar("tipo", { length: 20 }).notNull(),
    token_hash: varchar("token_hash", { length: 64 }).notNull().unique(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tokens_acesso_customer_idx").on(t.customer_id, t.tipo)],
);

export const favourites = pgTable(
  "favoritos",
  {
    id: serial("id").primaryKey(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    produto_id: integer("produto_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("favoritos_cliente_produto_idx").on(t.customer_id, t.produto_id)],
);
