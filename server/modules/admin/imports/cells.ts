import Big from "big.js";
import { z } from "zod";
import type { ImportColumn, ImportRefusal } from "#contract/api/admin/imports.ts";
import { AdminProductFields, MAX_SPECS, SpecRowSchema } from "#contract/api/admin/products.ts";
import type { ApiMessageKey } from "#contract/messages.ts";
import { issueMessage, type ValidationMessageKey } from "#contract/validation-messages.ts";
import { sanitizeDescription } from "../../../lib/html.ts";
import { key, type Header, type ProductValues, type Spec } from "./columns.ts";

const FLAGS_TRUE = new Set(["1", "sim", "s", "si", "yes", "y", "true", "verdadeiro", "verdadero", "x"]);
const FLAGS_FALSE = new Set(["0", "nao", "não", "n", "no", "false", "falso"]);
const CURRENCIES: Record<string, number> = { usd: 2, u$: 2, us$: 2, "2": 2, pyg: 3, g$: 3, gs: 3, "₲": 3, "3": 3 };

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** One row, once read: the code, the cells' values for the product's fields, the specifications. */
export interface RowValues {
  linha: number;
  codigo: string;
  values: Partial<ProductValues>;
  brand?: string;
  category?: string;
  department?: string;
  especificacoes?: Spec[];
}

/**
 * Reads a file's rows cell by cell with the product form's own field schemas, so a cell gets the form's
 * message (`say`, in the importer's language).
 */
export function createRowReader(header: Header, say: (k: ValidationMessageKey | ApiMessageKey, vars?: Record<string, string | number>) => string) {
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

  return readRow;
}
