import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

/**
 * The shop's staff (docs/decisions/020): apart from the customers, so that neither side's session
 * ever opens the other's door. `papel` is owner, manager or counter (contract/api/admin/staff.ts).
 */
export const staff = pgTable(
  "funcionarios",
  {
    id: serial("id").primaryKey(),
    email: varchar("email", { length: 200 }).notNull(),
    nome: varchar("nome", { length: 200 }).notNull(),
    papel: varchar("papel", { length: 10 }).notNull(),
    password_hash: text("password_hash").notNull(),
    /** The language of the back office for this member: pt-BR, es-PY or es-AR. */
    lang: varchar("lang", { length: 8 }).notNull().default("pt-BR"),
    ativo: boolean("ativo").notNull().default(true),
    /** Set by a password the shell printed: the member chooses a new one at the next login. */
    trocar_senha: boolean("trocar_senha").notNull().default(false),
    data_ultimo_login: timestamp("data_ultimo_login", { withTimezone: true }),
    /** The TOTP secret (RFC 6238), encrypted with AES-256-GCM under a key derived from APP_SECRET. */
    totp_secret: text("totp_secret"),
    /** When the member confirmed enrolment with a first code; null while two-factor is off. */
    totp_ativo_em: timestamp("totp_ativo_em", { withTimezone: true }),
    /** The last time step a code was accepted for: a code is never accepted twice. */
    totp_ultimo_passo: bigint("totp_ultimo_passo", { mode: "number" }),
    /** HMAC-SHA256 (key derived from APP_SECRET) of the unused recovery codes; each is removed when used. */
    totp_recuperacao: text("totp_recuperacao")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * sha256 of the nonce of the one login ticket (password step done, code step pending) that may still
     * be used: a new password step replaces it, a right code or the last wrong one clears it (decision 026).
     */
    totp_ticket: varchar("totp_ticket", { length: 64 }),
    /** Codes tried with that ticket: counted before each is checked, so parallel guesses count too. */
    totp_ticket_tentativas: smallint("totp_ticket_tentativas").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("funcionarios_email_idx").on(sql`lower(${t.email})`),
    check("funcionarios_papel_check", sql`${t.papel} IN ('owner', 'manager', 'counter')`),
  ],
);

/**
 * Staff sessions: the sha256 of an opaque token (the `staff_sid` cookie), idle for at most 8 hours
 * (`expires_at` slides with use) and 12 hours after `created_at` at most, revoked at logout. The CSRF token is derived from the session's
 * token and the app secret, so nothing else needs storing.
 */
export const staffSessions = pgTable(
  "sessoes_funcionarios",
  {
    id: serial("id").primaryKey(),
    funcionario_id: integer("funcionario_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    token_hash: varchar("token_hash", { length: 64 }).notNull().unique(),
    last_seen_at: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
    ip: varchar("ip", { length: 64 }),
    /** The last time the member proved it was them (login, or password and code again): opens the step-up window (decision 026). */
    reautenticado_em: timestamp("reautenticado_em", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessoes_funcionarios_staff_idx").on(t.funcionario_id)],
);

/**
 * Single-use links and codes of a member (docs/decisions/025), kept as the sha256 of a random token:
 * `redefinir_senha`, the e-mailed password reset (1 hour); `cadastrar_2fa`, the enrolment code two-factor
 * needs besides the password (e-mailed for 1 hour, or handed over by the owner or `staff:create` for 72).
 */
export const staffTokens = pgTable(
  "tokens_funcionarios",
  {
    id: serial("id").primaryKey(),
    funcionario_id: integer("funcionario_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    tipo: varchar("tipo", { length: 20 }).notNull(),
    token_hash: varchar("token_hash", { length: 64 }).notNull().unique(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tokens_funcionarios_staff_idx").on(t.funcionario_id, t.tipo),
    check("tokens_funcionarios_tipo_check", sql`${t.tipo} IN ('redefinir_senha', 'cadastrar_2fa')`),
  ],
);

/**
 * Every write of the back office (docs/decisions/020): who (a staff member, or later an API key), when,
 * from where, what, and the row before and after. Written in the same transaction as the write itself.
 * Passwords and secrets are never part of `antes` or `depois`. Also the logins, logouts, wrong codes,
 * refusals of access and the shell's `staff:create` (decision 026). Append-only: a trigger refuses
 * UPDATE, DELETE and TRUNCATE (migration 0018), so `funcionario_id` names no foreign key whose
 * ON DELETE would have to rewrite it; `autor` keeps the member readable.
 */
export const auditLog = pgTable(
  "auditoria",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    funcionario_id: integer("funcionario_id"),
    /** The member's e-mail when the write was made: the record stays readable if the member is removed. */
    autor: varchar("autor", { length: 200 }).notNull(),
    acao: varchar("acao", { length: 40 }).notNull(),
    entidade: varchar("entidade", { length: 40 }).notNull(),
    entidade_id: varchar("entidade_id", { length: 64 }),
    antes: jsonb("antes"),
    depois: jsonb("depois"),
    ip: varchar("ip", { length: 64 }),
    user_agent: varchar("user_agent", { length: 300 }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("auditoria_created_idx").on(t.created_at.desc(), t.id.desc()),
    index("auditoria_entidade_idx").on(t.entidade, t.entidade_id),
    index("auditoria_funcionario_idx").on(t.funcionario_id),
  ],
);

/**
 * Every exchange rate the back office entered (cotacoes keeps only today's): the history a manager
 * reads, with who entered it.
 */
export const rateHistory = pgTable(
  "cotacoes_historico",
  {
    id: serial("id").primaryKey(),
    source_currency_id: smallint("source_currency_id").notNull(),
    target_currency_id: smallint("target_currency_id").notNull(),
    tax: numeric("tax", { precision: 18, scale: 6 }).notNull(),
    funcionario_id: integer("funcionario_id").references(() => staff.id, { onDelete: "set null" }),
    autor: varchar("autor", { length: 200 }).notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cotacoes_historico_created_idx").on(t.created_at.desc(), t.id.desc())],
);

/**
 * The shop's settings the owner changes in the back office, one row per key (for now
 * `totp_obrigatorio`: every member must use two-factor).
 */
export const shopSettings = pgTable("configuracoes", {
  chave: varchar("chave", { length: 60 }).primaryKey(),
  valor: jsonb("valor").notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * API keys for the shop's own systems (docs/decisions/020): `sk_<prefixo>_<secret>`, of which only the
 * sha256 is kept. The owner creates and revokes them; `escopo` names what a key may call (`import`).
 */
export const apiKeys = pgTable(
  "chaves_api",
  {
    id: serial("id").primaryKey(),
    nome: varchar("nome", { length: 120 }).notNull(),
    prefixo: varchar("prefixo", { length: 16 }).notNull().unique(),
    hash: varchar("hash", { length: 64 }).notNull().unique(),
    /** preco_estoque (codigo, preco, estoque only) or catalogo (docs/decisions/024). */
    escopo: varchar("escopo", { length: 20 }).notNull().default("preco_estoque"),
    /** The creator: the key works only while they are an active member. */
    funcionario_id: integer("funcionario_id").references(() => staff.id, { onDelete: "set null" }),
    expira_em: timestamp("expira_em", { withTimezone: true }),
    /** IPs or CIDR ranges the key is accepted from; empty: any. */
    enderecos: text("enderecos")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    autor: varchar("autor", { length: 200 }).notNull(),
    last_used_at: timestamp("last_used_at", { withTimezone: true }),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("chaves_api_escopo_check", sql`${t.escopo} IN ('preco_estoque', 'catalogo')`)],
);

/**
 * Product imports (docs/decisions/020): the file kept under DATA_DIR/imports until applied, the dry
 * run's counts and refusals, and the progress a screen polls. `estado`: checking, checked, applying,
 * applied, failed.
 */
export const imports = pgTable(
  "importacoes",
  {
    id: serial("id").primaryKey(),
    funcionario_id: integer("funcionario_id").references(() => staff.id, { onDelete: "set null" }),
    chave_api_id: integer("chave_api_id").references(() => apiKeys.id, { onDelete: "set null" }),
    autor: varchar("autor", { length: 200 }).notNull(),
    lang: varchar("lang", { length: 8 }).notNull(),
    arquivo_nome: varchar("arquivo_nome", { length: 200 }).notNull(),
    /** The kept file's name under DATA_DIR/imports (random: several stores may share a data folder). */
    arquivo: varchar("arquivo", { length: 80 }).notNull(),
    formato: varchar("formato", { length: 4 }).notNull(),
    estado: varchar("estado", { length: 10 }).notNull(),
    colunas: text("colunas")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    linhas: integer("linhas").notNull().default(0),
    processadas: integer("processadas").notNull().default(0),
    criadas: integer("criadas").notNull().default(0),
    atualizadas: integer("atualizadas").notNull().default(0),
    inalteradas: integer("inalteradas").notNull().default(0),
    recusadas: integer("recusadas").notNull().default(0),
    fora_limite: integer("fora_limite").notNull().default(0),
    /** The refused rows: [{ linha, coluna, mensagem }], at most 1,000 kept. */
    erros: jsonb("erros")
      .notNull()
      .default(sql`'[]'::jsonb`),
    falha: text("falha"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    applied_at: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [
    index("importacoes_created_idx").on(t.created_at.desc()),
    check("importacoes_estado_check", sql`${t.estado} IN ('checking', 'checked', 'applying', 'applied', 'failed')`),
    check("importacoes_formato_check", sql`${t.formato} IN ('csv', 'xlsx')`),
  ],
);
