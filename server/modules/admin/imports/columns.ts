import { sql } from "drizzle-orm";
import { IMPORT_COLUMN_ALIASES, IMPORT_COLUMNS, type ImportColumn } from "#contract/api/admin/imports.ts";
import type { Locale } from "#contract/locale.ts";
import { apiMessage } from "#contract/messages.ts";
import { queryRows, type DbOrTx } from "#db/client.ts";
import { guaraniRate } from "../../catalog/pricing.ts";

/** The columns of an import file, the product fields they write, and the names a cell may give (docs/decisions/020). */

/** The product's columns an import may write, with their SQL types (for jsonb_to_recordset). */
export const FIELD_TYPES = {
  slug: "varchar",
  codigo: "varchar",
  nome_pt: "varchar",
  nome_es: "varchar",
  descritivo_pt: "text",
  descritivo_es: "text",
  caracteristica_pt: "text",
  caracteristica_es: "text",
  brand_id: "int",
  category_id: "int",
  department_id: "int",
  moeda_id: "smallint",
  valor_venda: "numeric",
  valor_usd: "numeric",
  mostrar_preco: "boolean",
  especial: "boolean",
  ativo: "boolean",
  qtde_disponivel: "int",
  qtde_fisica: "int",
} as const;
export type Field = keyof typeof FIELD_TYPES;

export interface Spec {
  nome_pt: string;
  nome_es: string;
  valor_pt: string | null;
  valor_es: string | null;
}

/** A product as the import compares and writes it. */
export interface ProductValues {
  slug: string;
  codigo: string;
  nome_pt: string;
  nome_es: string;
  descritivo_pt: string;
  descritivo_es: string;
  caracteristica_pt: string;
  caracteristica_es: string;
  brand_id: number | null;
  category_id: number | null;
  department_id: number | null;
  moeda_id: number;
  valor_venda: string;
  valor_usd: string;
  mostrar_preco: boolean;
  especial: boolean;
  ativo: boolean;
  qtde_disponivel: number;
  qtde_fisica: number;
}

/** The fields each column writes (the dollar sort value follows price and currency). */
const COLUMN_FIELDS: Record<ImportColumn, Field[]> = {
  codigo: [],
  slug: ["slug"],
  nome_pt: ["nome_pt"],
  nome_es: ["nome_es"],
  marca: ["brand_id"],
  categoria: ["category_id"],
  departamento: ["department_id"],
  moeda: ["moeda_id", "valor_usd"],
  preco: ["valor_venda", "valor_usd"],
  mostrar_preco: ["mostrar_preco"],
  estoque: ["qtde_disponivel"],
  estoque_fisico: ["qtde_fisica"],
  especial: ["especial"],
  ativo: ["ativo"],
  descritivo_pt: ["descritivo_pt"],
  descritivo_es: ["descritivo_es"],
  caracteristica_pt: ["caracteristica_pt"],
  caracteristica_es: ["caracteristica_es"],
  especificacoes: [],
};

/** A file's header: which column each cell is. */
export interface Header {
  columns: ImportColumn[];
  /** The cell index of each column. */
  index: Map<ImportColumn, number>;
  /** The product fields the file writes on an existing product. */
  fields: Field[];
}

const headerName = (cell: string) =>
  cell
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** Reads a header line; an unknown, repeated or missing `codigo` column refuses the whole file (the message says which). */
export function readHeader(cells: string[], lang: Locale): Header | { falha: string } {
  const index = new Map<ImportColumn, number>();
  for (const [i, cell] of cells.entries()) {
    const name = headerName(cell);
    if (name === "") continue;
    const column = (IMPORT_COLUMNS as readonly string[]).includes(name) ? (name as ImportColumn) : IMPORT_COLUMN_ALIASES[name];
    if (!column)
      return { falha: apiMessage(lang, "import_unknown_column", { coluna: cell.trim().slice(0, 60), colunas: IMPORT_COLUMNS.join(", ") }) };
    if (index.has(column)) return { falha: apiMessage(lang, "import_repeated_column", { coluna: column }) };
    index.set(column, i);
  }
  if (!index.has("codigo")) return { falha: apiMessage(lang, "import_code_column") };
  const columns = IMPORT_COLUMNS.filter((c) => index.has(c));
  const fields = [...new Set(columns.flatMap((c) => COLUMN_FIELDS[c]))];
  // A stock without its physical column sets both, as the bulk change does.
  if (index.has("estoque") && !index.has("estoque_fisico")) fields.push("qtde_fisica");
  return { columns, index, fields };
}

/** The catalogue's brands, categories and departments by slug and by name, and today's guaraní rate. */
export interface Lookups {
  brands: Map<string, number>;
  categories: Map<string, number>;
  /** `<category id>:<slug or name>` */
  departments: Map<string, number>;
  departmentCategory: Map<number, number>;
  guaraniRate: string | undefined;
}

export const key = (v: string) => v.trim().toLowerCase();

export async function readLookups(db: DbOrTx): Promise<Lookups> {
  const [brandRows, categoryRows, departmentRows, rate] = await Promise.all([
    queryRows<{ id: number; slug: string; nome: string }>(db, sql`SELECT id, slug, nome FROM marcas`),
    queryRows<{ id: number; slug: string; name_pt: string; name_es: string }>(db, sql`SELECT id, slug, name_pt, name_es FROM categorias`),
    queryRows<{ id: number; category_id: number; slug: string; name_pt: string; name_es: string }>(
      db,
      sql`SELECT id, category_id, slug, name_pt, name_es FROM departamentos`,
    ),
    guaraniRate(db),
  ]);
  const lookups: Lookups = {
    brands: new Map(),
    categories: new Map(),
    departments: new Map(),
    departmentCategory: new Map(),
    guaraniRate: rate,
  };
  // Names first, then slugs over them: a slug is the unambiguous way to name one.
  for (const b of brandRows) lookups.brands.set(key(b.nome), b.id);
  for (const b of brandRows) lookups.brands.set(key(b.slug), b.id);
  for (const c of categoryRows) for (const n of [c.name_pt, c.name_es]) lookups.categories.set(key(n), c.id);
  for (const c of categoryRows) lookups.categories.set(key(c.slug), c.id);
  for (const d of departmentRows) {
    for (const n of [d.name_pt, d.name_es]) lookups.departments.set(`${d.category_id}:${key(n)}`, d.id);
    lookups.departmentCategory.set(d.id, d.category_id);
  }
  for (const d of departmentRows) lookups.departments.set(`${d.category_id}:${key(d.slug)}`, d.id);
  return lookups;
}
