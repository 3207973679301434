import Big from "big.js";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { IMPORT_NEW_PRODUCT_COLUMNS, type ImportColumn, type ImportRefusal } from "#contract/api/admin/imports.ts";
import { AdminProductFields, MAX_SPECS, SpecRowSchema } from "#contract/api/admin/products.ts";
import type { Locale } from "#contract/locale.ts";
import { apiMessage, type ApiMessageKey } from "#contract/messages.ts";
import { issueMessage, type ValidationMessageKey } from "#contract/validation-messages.ts";
import { queryRows, type DbOrTx } from "#db/client.ts";
import { sanitizeDescription } from "../../../lib/html.ts";
import { freeSlug, productSlugBase } from "../../../lib/slugs.ts";
import { dollarValue } from "../../catalog/pricing.ts";
import { key, type Field, type Header, type Lookups, type ProductValues, type Spec } from "./columns.ts";

/**
 * The plan of an import (docs/decisions/020): each row of a file checked column by column with the
 * product form's own rules, matched by code against the catalogue, and sorted into created, updated,
 * unchanged and refused. The dry run counts the plan; the apply writes it.
 */

const FLAGS_TRUE = new Set(["1", "sim", "s", "si", "yes", "y", "true", "verdadeiro", "verdadero", "x"]);
const FLAGS_FALSE = new Set(["0", "nao", "não", "n", "no", "false", "falso"]);
const CURRENCIES: Record<string, number> = { usd: 2, u$: 2, us$: 2, "2": 2, pyg: 3, g$: 3, gs: 3, "₲": 3, "3": 3 };

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** One row, once read: the code, the cells' values for the product's fields, the specifications. */
interface RowValues {
  linha: number;
  codigo: string;
  values: Partial<ProductValues>;
  brand?: string;
  category?: string;
  department?: string;
  especificacoes?: Spec[];
}

export interface Existing extends ProductValues {
  id: number;
  especificacoes?: Spec[];
}

/** What the plan does with one row. */
export type RowPlan =
  | { kind: "create"; linha: number; values: ProductValues; especificacoes: Spec[] }
  | { kind: "update"; linha: number; id: number; before: Existing; values: ProductValues; especificacoes?: Spec[]; specsChanged: boolean }
  | { kind: "unchanged"; linha: number }
  | { kind: "refused"; refusal: ImportRefusal };

/**
 * Plans one batch of rows (up to a thousand): reads the products of their codes, checks every cell,
 * resolves names, and compares. `seen` carries the codes and slugs of the file's earlier rows.
 */
export function createPlanner(db: DbOrTx, header: Header, lang: Locale, lookups: Lookups) {
  const say = (k: ValidationMessageKey | ApiMessageKey, vars?: Record<string, string | number>) => apiMessage(lang, k, vars);
  const seenCodes = new Map<string, number>();
  const seenSlugs = new Map<string, string>();
  const shape = AdminProductFields.shape;

  function field<T>(schema: z.ZodType<T>, cell: string): Parsed<T> {
    const result = schema.safeParse(cell);
    if (result.success) return { ok: true, value: result.data };
    return { ok: false, message: issueMessage(result.error.issues[0]!, cell.trim() === "", say) };
  }

  const flag = (cell: string): Parsed<boolean> => {
    const v = key(cell);
    if (FLAGS_TRUE.has(v)) return { ok: true, value: true };
    if (FLAGS_FALSE.has(v)) return { ok: true, value: false };
    return { ok: false, message: v === "" ? say("required") : say("import_flag") };
  };

  const specs = (cell: string): Parsed<Spec[]> => {
    if (cell.trim() === "") return { ok: true, value: [] };
    try {
      // A value the export wrote as null is a value left empty.
      const result = z
        .array(SpecRowSchema)
        .max(MAX_SPECS)
        .safeParse(JSON.parse(cell, (_k, v: unknown) => (v === null ? undefined : v)));
      if (result.success) return { ok: true, value: result.data };
    } catch {
      // Not JSON: the same message.
    }
    return { ok: false, message: say("import_specs") };
  };

  /** Reads a row's cells; the first bad cell refuses the row. */
  function readRow(linha: number, cells: string[]): RowValues | ImportRefusal {
    const cell = (c: ImportColumn) => cells[header.index.get(c)!] ?? "";
    const codigo = cell("codigo").trim();
    const refuse = (coluna: string | null, mensagem: string): ImportRefusal => ({ linha, coluna, codigo: codigo || null, mensagem });
    const code = field(shape.codigo, codigo);
    if (!code.ok) return refuse("codigo", code.message);
    const row: RowValues = { linha, codigo: code.value, values: {} };
    const v = row.values;
    for (const column of header.columns) {
      const text = cell(column);
      let parsed: Parsed<unknown> = { ok: true, value: undefined };
      switch (column) {
        case "codigo":
          continue;
        case "slug":
          if (text.trim() !== "") parsed = field(shape.slug, text);
          if (parsed.ok && parsed.value) v.slug = parsed.value as string;
          break;
        case "nome_pt":
        case "nome_es":
        case "descritivo_pt":
        case "descritivo_es":
          parsed = field(shape[column], text);
          if (parsed.ok) v[column] = parsed.value as string;
          break;
        case "caracteristica_pt":
        case "caracteristica_es":
          parsed = field(shape[column], text);
          if (parsed.ok) v[column] = sanitizeDescription(parsed.value as string);
          break;
        case "marca":
          row.brand = text.trim();
          break;
        case "categoria":
          row.category = text.trim();
          break;
        case "departamento":
          row.department = text.trim();
          break;
        case "moeda": {
          const moeda = CURRENCIES[key(text)];
          parsed = moeda ? { ok: true, value: moeda } : { ok: false, message: text.trim() === "" ? say("required") : say("import_currency") };
          if (moeda) v.moeda_id = moeda;
          break;
        }
        case "preco":
          parsed = field(shape.valor_venda, text);
          if (parsed.ok) v.valor_venda = new Big(parsed.value as string).toFixed(2);
          break;
        case "estoque":
        case "estoque_fisico":
          parsed = field(shape.qtde_disponivel, text.trim() === "" ? "" : text.replace(/\.0+$/, ""));
          if (parsed.ok) v[column === "estoque" ? "qtde_disponivel" : "qtde_fisica"] = parsed.value as number;
          break;
        case "mostrar_preco":
        case "especial":
        case "ativo":
          parsed = flag(text);
          if (parsed.ok) v[column] = parsed.value as boolean;
          break;
        case "especificacoes":
          parsed = specs(text);
          if (parsed.ok) row.especificacoes = parsed.value as Spec[];
          break;
      }
      if (!parsed.ok) return refuse(column, parsed.message);
    }
    if (v.qtde_disponivel !== undefined && !header.index.has("estoque_fisico")) v.qtde_fisica = v.qtde_disponivel;
    return row;
  }

  const NEW_PRODUCT: ProductValues = {
    slug: "",
    codigo: "",
    nome_pt: "",
    nome_es: "",
    descritivo_pt: "",
    descritivo_es: "",
    caracteristica_pt: "",
    caracteristica_es: "",
    brand_id: null,
    category_id: null,
    department_id: null,
    moeda_id: 2,
    valor_venda: "0.00",
    valor_usd: "0.00",
    mostrar_preco: true,
    especial: false,
    ativo: true,
    qtde_disponivel: 0,
    qtde_fisica: 0,
  };

  const sameSpecs = (a: Spec[] | undefined, b: Spec[] | undefined) =>
    JSON.stringify((a ?? []).map((s) => [s.nome_pt, s.nome_es, s.valor_pt ?? "", s.valor_es ?? ""])) ===
    JSON.stringify((b ?? []).map((s) => [s.nome_pt, s.nome_es, s.valor_pt ?? "", s.valor_es ?? ""]));

  /** A new value against the stored one: prices as numbers; descriptions as the sanitiser writes them (older rows may not be). */
  const sameValue = (f: Field, a: unknown, b: unknown) => {
    if (f === "valor_venda" || f === "valor_usd") return Number(a) === Number(b);
    if ((f === "caracteristica_pt" || f === "caracteristica_es") && a !== b) return a === sanitizeDescription(String(b));
    return a === b;
  };

  /** The products of a batch's codes (case ignored), with their specifications when the file has them. */
  async function existingOf(codes: string[]): Promise<Map<string, Existing>> {
    const rows = await queryRows<Existing>(
      db,
      sql`SELECT id, slug, codigo, nome_pt, nome_es, descritivo_pt, descritivo_es, caracteristica_pt, caracteristica_es,
                 brand_id, category_id, department_id, moeda_id, valor_venda::text AS valor_venda, valor_usd::text AS valor_usd,
                 mostrar_preco, especial, ativo, qtde_disponivel, qtde_fisica
          FROM produtos WHERE lower(codigo) = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(codes.map(key))}::jsonb)))`,
    );
    const byCode = new Map(rows.map((r) => [key(r.codigo), r]));
    if (header.index.has("especificacoes") && rows.length > 0) {
      const specRows = await queryRows<Spec & { product_id: number }>(
        db,
        sql`SELECT product_id, nome_pt, nome_es, valor_pt, valor_es FROM produto_especificacoes
            WHERE product_id = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb)::int))
            ORDER BY product_id, ordem, id`,
      );
      for (const r of rows) r.especificacoes = [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const { product_id, ...spec } of specRows) byId.get(product_id)?.especificacoes?.push(spec);
    }
    return byCode;
  }

  /** Slugs of the batch another product already has: slug → that product's code. */
  async function slugOwners(slugs: string[]): Promise<Map<string, string>> {
    if (slugs.length === 0) return new Map();
    const rows = await queryRows<{ slug: string; codigo: string }>(
      db,
      sql`SELECT slug, codigo FROM produtos WHERE slug = ANY(ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(slugs)}::jsonb)))`,
    );
    return new Map(rows.map((r) => [r.slug, key(r.codigo)]));
  }

  /** A free address for a new product: from its Portuguese name and code, numbered when taken. */
  function newSlug(values: ProductValues, owners: Map<string, string>): Promise<string> {
    const base = productSlugBase(values.nome_pt, values.codigo);
    // The batch's first choices were looked up together (`owners`); a numbered one is asked alone.
    const taken = async (slug: string) =>
      seenSlugs.has(slug) || (owners.get(slug) ?? (slug === base ? undefined : (await slugOwners([slug])).get(slug))) !== undefined;
    return freeSlug(taken, { base, inUse: "slug_in_use" });
  }

  async function plan(batch: { linha: number; cells: string[] }[]): Promise<RowPlan[]> {
    const read = batch.map((r) => readRow(r.linha, r.cells));
    const rows = read.filter((r): r is RowValues => "values" in r);
    const existing = await existingOf(rows.map((r) => r.codigo));
    const candidates = rows.flatMap((r) => {
      const values = { ...NEW_PRODUCT, ...r.values, codigo: r.codigo };
      return r.values.slug ? [r.values.slug] : existing.has(key(r.codigo)) ? [] : [productSlugBase(values.nome_pt, values.codigo)];
    });
    const owners = await slugOwners([...new Set(candidates)]);
    const out: RowPlan[] = [];
    for (const r of read) {
      if (!("values" in r)) {
        out.push({ kind: "refused", refusal: r });
        continue;
      }
      out.push(await planRow(r, existing.get(key(r.codigo)), owners));
    }
    return out;
  }

  async function planRow(row: RowValues, before: Existing | undefined, owners: Map<string, string>): Promise<RowPlan> {
    const code = key(row.codigo);
    const refuse = (coluna: string | null, mensagem: string): RowPlan => ({
      kind: "refused",
      refusal: { linha: row.linha, coluna, codigo: row.codigo, mensagem },
    });
    const earlier = seenCodes.get(code);
    if (earlier !== undefined) return refuse("codigo", say("import_repeated_code", { linha: earlier }));
    seenCodes.set(code, row.linha);
    if (!before) {
      const missing = IMPORT_NEW_PRODUCT_COLUMNS.filter((c) => !header.index.has(c));
      if (missing.length > 0) return refuse(null, say("import_new_needs", { colunas: missing.join(", ") }));
    }
    const values: ProductValues = { ...(before ?? { ...NEW_PRODUCT, codigo: row.codigo }), ...row.values };
    if (row.brand !== undefined) {
      const id = row.brand === "" ? null : lookups.brands.get(key(row.brand));
      if (id === undefined) return refuse("marca", say("import_unknown", { valor: row.brand.slice(0, 60) }));
      values.brand_id = id;
    }
    if (row.category !== undefined) {
      const id = row.category === "" ? null : lookups.categories.get(key(row.category));
      if (id === undefined) return refuse("categoria", say("import_unknown", { valor: row.category.slice(0, 60) }));
      values.category_id = id;
    }
    if (row.department !== undefined) {
      if (row.department === "") values.department_id = null;
      else {
        const id = values.category_id === null ? undefined : lookups.departments.get(`${values.category_id}:${key(row.department)}`);
        if (id === undefined) return refuse("departamento", say("import_unknown_department", { valor: row.department.slice(0, 60) }));
        values.department_id = id;
      }
    }
    if (values.department_id !== null && lookups.departmentCategory.get(values.department_id) !== values.category_id) {
      return refuse("departamento", say("department_mismatch"));
    }
    if (values.moeda_id === 3 && !/\.00$/.test(values.valor_venda)) return refuse("preco", say("integer"));
    values.valor_usd = dollarValue(values.moeda_id, values.valor_venda, lookups.guaraniRate);
    if (row.values.slug) {
      const owner = owners.get(row.values.slug);
      const inFile = seenSlugs.get(row.values.slug);
      if ((owner !== undefined && owner !== code) || (inFile !== undefined && inFile !== code)) return refuse("slug", say("slug_in_use"));
    } else if (!before) {
      values.slug = await newSlug(values, owners);
    }
    seenSlugs.set(values.slug, code);
    if (!before) return { kind: "create", linha: row.linha, values, especificacoes: row.especificacoes ?? [] };
    const specsChanged = row.especificacoes !== undefined && !sameSpecs(row.especificacoes, before.especificacoes);
    const changed = header.fields.some((f) => !sameValue(f, values[f], before[f])) || (row.values.slug !== undefined && values.slug !== before.slug);
    if (!changed && !specsChanged) return { kind: "unchanged", linha: row.linha };
    return { kind: "update", linha: row.linha, id: before.id, before, values, especificacoes: row.especificacoes, specsChanged };
  }

  return { plan };
}
