import { sql } from "drizzle-orm";
import { IMPORT_NEW_PRODUCT_COLUMNS, REFUSED_VALUE_MAX, type ImportColumn, type ImportRefusal } from "#contract/api/admin/imports.ts";
import { BULK_PERCENT_MAX, BULK_PERCENT_MIN } from "#contract/api/admin/products.ts";
import type { Locale } from "#contract/locale.ts";
import { apiMessage, type ApiMessageKey } from "#contract/messages.ts";
import type { ValidationMessageKey } from "#contract/validation-messages.ts";
import { queryRows, type DbOrTx } from "#db/client.ts";
import { sanitizeDescription } from "../../../lib/html.ts";
import { freeSlug, productSlugBase } from "../../../lib/slugs.ts";
import { dollarValue } from "../../catalog/pricing.ts";
import { createRowReader, type RowValues } from "./cells.ts";
import { key, type Field, type Header, type Lookups, type ProductValues, type Spec } from "./columns.ts";

/**
 * The plan of an import (docs/decisions/020): each row of a file checked column by column with the
 * product form's own rules, matched by code against the catalogue, and sorted into created, updated,
 * unchanged and refused. The dry run counts the plan; the apply writes it.
 */

export interface Existing extends ProductValues {
  id: number;
  especificacoes?: Spec[];
}

/** A price change a bulk change could not make: below −90% or above +500% (from nothing to a price is one too). */
export function beyondBulkLimits(before: number, after: number): boolean {
  if (before === after) return false;
  if (before <= 0) return after > 0;
  const percent = ((after - before) / before) * 100;
  return percent < BULK_PERCENT_MIN || percent > BULK_PERCENT_MAX;
}

/** What the plan does with one row. */
export type RowPlan =
  | { kind: "create"; linha: number; values: ProductValues; especificacoes: Spec[] }
  | {
      kind: "update";
      linha: number;
      id: number;
      before: Existing;
      values: ProductValues;
      especificacoes?: Spec[];
      specsChanged: boolean;
      /** The price moves past the bulk change's limits (−90% to +500%, compared in dollars). */
      priceJump: boolean;
    }
  | { kind: "unchanged"; linha: number }
  | { kind: "refused"; refusal: ImportRefusal };

/**
 * Plans one batch of rows (up to a thousand): reads the products of their codes, checks every cell,
 * resolves names, and compares. `seen` carries the codes and slugs of the file's earlier rows.
 */
export function createPlanner(db: DbOrTx, header: Header, lang: Locale, lookups: Lookups, rules: { zeroPrice: boolean }) {
  const say = (k: ValidationMessageKey | ApiMessageKey, vars?: Record<string, string | number>) => apiMessage(lang, k, vars);
  const seenCodes = new Map<string, number>();
  const seenSlugs = new Map<string, string>();
  const readRow = createRowReader(header, say);

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
    for (const [i, r] of read.entries()) {
      const planned: RowPlan = "values" in r ? await planRow(r, existing.get(key(r.codigo)), owners) : { kind: "refused", refusal: r };
      if (planned.kind === "refused") planned.refusal.valor = refusedValue(planned.refusal.coluna, batch[i]!.cells);
      out.push(planned);
    }
    return out;
  }

  /** The cell a refusal names, as the file had it (cut to REFUSED_VALUE_MAX), so the screen shows what was refused. */
  function refusedValue(coluna: string | null, cells: string[]): string | null {
    const index = coluna === null ? undefined : header.index.get(coluna as ImportColumn);
    if (index === undefined) return null;
    const cell = (cells[index] ?? "").trim();
    return cell.length > REFUSED_VALUE_MAX ? `${cell.slice(0, REFUSED_VALUE_MAX - 1)}…` : cell;
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
    if (!rules.zeroPrice && row.values.valor_venda !== undefined && Number(values.valor_venda) === 0)
      return refuse("preco", say("import_price_zero"));
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
    const priceJump = beyondBulkLimits(Number(before.valor_usd), Number(values.valor_usd));
    return { kind: "update", linha: row.linha, id: before.id, before, values, especificacoes: row.especificacoes, specsChanged, priceJump };
  }

  return { plan };
}
