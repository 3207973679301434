import { PassThrough, type Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { IMPORT_COLUMNS, PRICE_STOCK_COLUMNS } from "#contract/api/admin/imports.ts";
import { queryRows, type Db } from "#db/client.ts";
import { BATCH } from "./batches.ts";
import { writeRows } from "./file.ts";

/** The catalogue as a file of the import's columns (all of them, or the price-and-stock ones), streamed in pages by id. */
export function exportFile(
  db: Db,
  log: { error(obj: unknown, msg?: string): void },
  formato: "csv" | "xlsx",
  colunas: "todas" | "preco_estoque",
): Readable {
  const header = colunas === "todas" ? [...IMPORT_COLUMNS] : [...PRICE_STOCK_COLUMNS];
  async function* rows(): AsyncGenerator<string[]> {
    for (let after = 0; ;) {
      const page = await queryRows<Record<string, unknown> & { id: number }>(
        db,
        sql`SELECT p.id, p.codigo, p.slug, p.nome_pt, p.nome_es, m.slug AS marca, c.slug AS categoria, d.slug AS departamento,
                   CASE p.moeda_id WHEN 3 THEN 'PYG' ELSE 'USD' END AS moeda,
                   CASE p.moeda_id WHEN 3 THEN trunc(p.valor_venda)::text ELSE p.valor_venda::text END AS preco,
                   p.mostrar_preco, p.qtde_disponivel AS estoque, p.qtde_fisica AS estoque_fisico, p.especial, p.ativo,
                   p.descritivo_pt, p.descritivo_es, p.caracteristica_pt, p.caracteristica_es,
                   ${
                     colunas === "todas"
                       ? sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('nome_pt', s.nome_pt, 'nome_es', s.nome_es, 'valor_pt', s.valor_pt, 'valor_es', s.valor_es) ORDER BY s.ordem, s.id), '[]'::jsonb)::text
                             FROM produto_especificacoes s WHERE s.product_id = p.id)`
                       : sql`NULL`
                   } AS especificacoes
            FROM produtos p
            LEFT JOIN marcas m ON m.id = p.brand_id
            LEFT JOIN categorias c ON c.id = p.category_id
            LEFT JOIN departamentos d ON d.id = p.department_id
            WHERE p.id > ${after} ORDER BY p.id LIMIT ${BATCH}`,
      );
      for (const r of page) {
        yield header.map((h) => {
          const v = r[h];
          if (typeof v === "boolean") return v ? "sim" : "nao";
          return v === null || v === undefined ? "" : String(v);
        });
      }
      if (page.length < BATCH) return;
      after = page[page.length - 1]!.id;
    }
  }
  const out = new PassThrough();
  writeRows(out, formato, header, rows()).catch((err: unknown) => {
    log.error({ err }, "export failed");
    out.destroy(err as Error);
  });
  return out;
}
