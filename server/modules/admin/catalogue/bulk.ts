import Big from "big.js";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { BulkChangeBodySchema } from "#contract/api/admin/products.ts";
import { queryRows, type Db } from "#db/client.ts";
import { dollarValueSql, guaraniRate } from "../../catalog/pricing.ts";
import { audited, type Actor } from "../audit.ts";
import { filterOf } from "./product-queries.ts";
import { catalogWriter } from "./write.ts";

type Bulk = z.output<typeof BulkChangeBodySchema>;

/**
 * One change to many products in one statement: prices raised or lowered by a percentage (guaraníes
 * stay whole, the dollar sort value follows), the stock set, or the products put in or taken out of
 * the special line. The audit log keeps each product's before and after (the first thousand; the count always).
 */
export function createBulkChange({ db, changed }: { db: Db; changed: () => Promise<void> }) {
  const write = catalogWriter(db, changed);
  return function bulk(actor: Actor, body: Bulk): Promise<number> {
    return write(async (tx) => {
      const target =
        body.ids && body.ids.length > 0
          ? sql`SELECT unnest(${`{${body.ids.join(",")}}`}::int[])`
          : (() => {
              const { from, condition } = filterOf(body.filtro ?? {});
              return sql`SELECT l.id FROM ${from} WHERE ${condition}`;
            })();
      const rate = (await guaraniRate(tx)) ?? "1";
      const factor = new Big(body.percentual ?? 0).div(100).plus(1).toFixed();
      const special = body.acao === "especial_incluir" || body.acao === "especial_remover";
      const set =
        body.acao === "preco_percentual"
          ? sql`valor_venda = CASE WHEN moeda_id = 3 THEN round(valor_venda * ${factor}::numeric) ELSE round(valor_venda * ${factor}::numeric, 2) END,
                valor_usd = CASE WHEN moeda_id = 3 THEN ${dollarValueSql(sql`round(valor_venda * ${factor}::numeric)`, rate)}
                                 ELSE round(valor_venda * ${factor}::numeric, 2) END`
          : special
            ? sql`especial = ${body.acao === "especial_incluir"}`
            : sql`qtde_disponivel = ${body.estoque ?? 0}, qtde_fisica = ${body.estoque ?? 0}`;
      const [beforeColumn, afterColumn] =
        body.acao === "preco_percentual"
          ? [sql`antes.valor`, sql`p.valor_venda::text`]
          : special
            ? [sql`antes.especial::text`, sql`p.especial::text`]
            : [sql`antes.qtde_disponivel::text`, sql`p.qtde_disponivel::text`];
      const rows = await queryRows<{ id: number; codigo: string; moeda_id: number; antes: string; depois: string }>(
        tx,
        sql`WITH alvo AS (${target}),
                 antes AS (SELECT id, valor_venda::text AS valor, qtde_disponivel, especial FROM produtos WHERE id IN (SELECT * FROM alvo) FOR UPDATE)
            UPDATE produtos p SET ${set}, updated_at = now()
            FROM antes WHERE p.id = antes.id
            RETURNING p.id, p.codigo, p.moeda_id, ${beforeColumn} AS antes, ${afterColumn} AS depois`,
      );
      const shown = rows.slice(0, 1000);
      await audited(tx, actor, {
        acao: {
          preco_percentual: "reajuste_em_massa",
          estoque: "estoque_em_massa",
          especial_incluir: "especial_em_massa",
          especial_remover: "especial_em_massa",
        }[body.acao],
        entidade: "produto",
        antes: {
          alterados: rows.length,
          ...(body.ids ? { ids: body.ids.length } : { filtro: body.filtro }),
          valores: shown.map((r) => ({ id: r.id, codigo: r.codigo, moeda_id: r.moeda_id, valor: r.antes })),
        },
        depois: {
          percentual: body.percentual ?? null,
          estoque: body.estoque ?? null,
          ...(special ? { especial: body.acao === "especial_incluir" } : {}),
          valores: shown.map((r) => ({ id: r.id, codigo: r.codigo, moeda_id: r.moeda_id, valor: r.depois })),
        },
      });
      return rows.length;
    });
  };
}
