import { index, integer, pgTable, smallint, varchar } from "drizzle-orm/pg-core";

/** Brazil 1, Paraguay 2 (spec §9). */
export const countries = pgTable("paises", {
  id: smallint("id").primaryKey(),
  nome: varchar("nome", { length: 60 }).notNull(),
  sigla: varchar("sigla", { length: 2 }).notNull(),
});

/** Brazilian states 1–27 in the order of their abbreviations; Paraguayan departments after them. */
export const states = pgTable("estados", {
  id: integer("id").primaryKey(),
  pais_id: smallint("pais_id")
    .notNull()
    .references(() => countries.id),
  nome: varchar("nome", { length: 80 }).notNull(),
  sigla: varchar("sigla", { length: 4 }),
  /** IBGE state code (BR) or SET department code (PY). */
  codigo: varchar("codigo", { length: 8 }).notNull(),
});

/** Brazilian municipalities numbered in IBGE code order; Paraguayan districts after them. */
export const cities = pgTable(
  "cidades",
  {
    id: integer("id").primaryKey(),
    estado_id: integer("estado_id")
      .notNull()
      .references(() => states.id),
    nome: varchar("nome", { length: 120 }).notNull(),
    /** 7-digit IBGE code (BR) or SET district code (PY). */
    codigo: varchar("codigo", { length: 10 }).notNull(),
  },
  (t) => [index("cidades_estado_idx").on(t.estado_id), index("cidades_codigo_idx").on(t.codigo)],
);
