import { sql, type SQL } from "drizzle-orm";
import { SHOP_TIME_ZONE as TZ } from "#contract/api/admin/dashboard.ts";
import { queryRows, type Db } from "#db/client.ts";
import type { ClosedDay, Day, DayRow } from "./closed-days.ts";

/**
 * The orders' sums the dashboard reads, for any set of stretches of time, each through
 * `pedidos_criado_idx` (docs/decisions/034, 044): per slice between edges for the stretches worked out
 * on each request (today, yesterday, the days cut at a span's end), per day for the closed days kept.
 */

/** A stretch of time, [start, end). */
export type Range = [string, string];

const inRanges = (ranges: Range[]): SQL =>
  sql.join(
    ranges.map(([s, e]) => sql`(o.created_at >= ${s}::timestamptz AND o.created_at < ${e}::timestamptz)`),
    sql` OR `,
  );

/**
 * What was refunded from a paid order whose payment gave some back but stays PAGO, in the order's currency
 * (a gateway that charges in another currency refunds in that one: its share of the charge is taken), read
 * through `pagamentos_estornos_pedido_idx` for the paid orders only (a wholly refunded one counts its total).
 */
const partialRefunds = sql`LEFT JOIN LATERAL (
    SELECT sum(valor_estornado * valor_total / coalesce(nullif(valor_cobrado, 0), valor_total)) AS estornado
    FROM pagamentos WHERE order_id = o.id AND valor_estornado > 0) r ON o.status = 'PAGO'`;

/** What one slice of time holds for one currency and one payment status. */
export interface Slice extends DayRow {
  /** The slice: between edges[b - 1] and edges[b]. */
  b: number;
}

const sums = sql`count(*)::int AS n, sum(o.valor_total)::text AS total, coalesce(sum(r.estornado), 0)::text AS estornado`;

/** Units of a product in the paid orders read now: since today's, the week's and the month's start. */
export interface LiveUnits {
  produto_id: number;
  hoje: number;
  semana: number;
  mes: number;
}

/** What waits: orders in PAGAMENTO per currency, paid ones per fulfilment status still to hand over. */
interface Waiting {
  k: string;
  moeda_id: number | null;
  n: number;
  valor: string | null;
}

export interface LiveFigures {
  slices: Slice[];
  units: LiveUnits[];
  waiting: Waiting[];
  stock: { sem: number; baixo: number };
  baixos: { produto_id: number; codigo: string; nome_pt: string; nome_es: string; qtde: number }[];
  /** The closed days' change rows from `since` on (none asked: none). */
  changes: { dia: string | null; xid: string }[];
}

/**
 * Everything the dashboard reads on each call, in one statement (on the embedded database each statement
 * costs a millisecond or more of its own, and rows cost more than one JSON text): the orders within the
 * ranges per currency, payment status and slice between edges; their paid lines' units per product; what
 * waits for payment or for its customer; the stock out and low; the closed days' changes since `since`.
 */
export async function liveFigures(
  db: Db,
  q: {
    ranges: Range[];
    edges: string[];
    unitRanges: Range[];
    starts: { hoje: string; semana: string; mes: string };
    lowStock: number;
    since?: bigint;
  },
): Promise<LiveFigures> {
  const none = sql`false`;
  const [row] = await queryRows<Record<keyof LiveFigures, string | null>>(
    db,
    sql`WITH s AS (SELECT o.moeda_id, o.status, width_bucket(o.created_at, ${`{${q.edges.join(",")}}`}::timestamptz[]) AS b, ${sums}
              FROM pedidos o ${partialRefunds} WHERE ${q.ranges.length ? inRanges(q.ranges) : none} GROUP BY 1, 2, 3),
        u AS (SELECT i.produto_id,
                     coalesce(sum(i.qtde) FILTER (WHERE o.created_at >= ${q.starts.hoje}::timestamptz), 0)::int AS hoje,
                     coalesce(sum(i.qtde) FILTER (WHERE o.created_at >= ${q.starts.semana}::timestamptz), 0)::int AS semana,
                     coalesce(sum(i.qtde) FILTER (WHERE o.created_at >= ${q.starts.mes}::timestamptz), 0)::int AS mes
              FROM pedidos o JOIN pedido_itens i ON i.order_id = o.id
              WHERE (${q.unitRanges.length ? inRanges(q.unitRanges) : none}) AND o.status = 'PAGO' GROUP BY i.produto_id),
        w AS ((SELECT 'pagamento' AS k, moeda_id, count(*)::int AS n, sum(valor_total)::text AS valor FROM pedidos WHERE status = 'PAGAMENTO' GROUP BY moeda_id)
              UNION ALL
              (SELECT status_entrega, NULL, count(*)::int, NULL FROM pedidos
               WHERE status = 'PAGO' AND status_entrega IN ('em_separacao', 'pronto_retirada', 'enviado') GROUP BY status_entrega))
        SELECT (SELECT json_agg(s) FROM s)::text AS slices,
               (SELECT json_agg(u) FROM u)::text AS units,
               (SELECT json_agg(w) FROM w)::text AS waiting,
               (SELECT json_build_object('sem', count(*) FILTER (WHERE qtde_disponivel <= 0), 'baixo', count(*) FILTER (WHERE qtde_disponivel > 0))
                FROM produtos WHERE ativo AND qtde_disponivel <= ${q.lowStock})::text AS stock,
               (SELECT json_agg(p) FROM (SELECT id AS produto_id, codigo, nome_pt, nome_es, qtde_disponivel AS qtde FROM produtos
                 WHERE ativo AND qtde_disponivel <= ${q.lowStock} AND qtde_disponivel > 0 ORDER BY qtde_disponivel, id LIMIT 8) p)::text AS baixos,
               ${
                 q.since === undefined
                   ? sql`NULL`
                   : sql`(SELECT json_agg(c) FROM (SELECT dia::text AS dia, xid::text AS xid FROM painel_alteracoes WHERE xid >= ${String(q.since)}::xid8) c)::text`
               } AS changes`,
  );
  const parsed = (k: keyof LiveFigures) => JSON.parse(row?.[k] ?? "[]") as never;
  return {
    slices: parsed("slices"),
    units: parsed("units"),
    waiting: parsed("waiting"),
    stock: row?.stock ? (JSON.parse(row.stock) as LiveFigures["stock"]) : { sem: 0, baixo: 0 },
    baixos: parsed("baixos"),
    changes: parsed("changes"),
  };
}

/** The days as wholes (a run of consecutive days read as one stretch). */
export function rangesOf(days: Day[], until?: string): Range[] {
  const ranges: Range[] = [];
  for (const d of days) {
    const end = until && Date.parse(until) < Date.parse(d.fim) ? until : d.fim;
    const last = ranges.at(-1);
    if (last && last[1] === d.inicio) last[1] = end;
    else ranges.push([d.inicio, end]);
  }
  return ranges;
}

/** Closed days' figures, per day: the sums of their orders, and their paid lines' units where asked. */
export async function closedDayFigures(db: Db, days: Day[], withUnits: (day: Day) => boolean): Promise<Map<string, ClosedDay>> {
  const byDay = new Map<string, ClosedDay>(days.map((d) => [d.dia, { rows: [] }]));
  const local = sql`to_char(o.created_at AT TIME ZONE ${TZ}, 'YYYY-MM-DD')`;
  const rows = await queryRows<DayRow & { dia: string }>(
    db,
    sql`SELECT ${local} AS dia, o.moeda_id, o.status, ${sums}
        FROM pedidos o ${partialRefunds}
        WHERE ${inRanges(rangesOf(days))}
        GROUP BY 1, 2, 3`,
  );
  for (const { dia, ...row } of rows) byDay.get(dia)?.rows.push(row);
  const counted = days.filter(withUnits);
  if (counted.length) {
    for (const d of counted) byDay.get(d.dia)!.units = new Map();
    const units = await queryRows<{ dia: string; produto_id: number; unidades: number }>(
      db,
      sql`WITH o AS MATERIALIZED (SELECT id, ${local} AS dia FROM pedidos o WHERE (${inRanges(rangesOf(counted))}) AND o.status = 'PAGO')
          SELECT o.dia, i.produto_id, sum(i.qtde)::int AS unidades FROM pedido_itens i JOIN o ON o.id = i.order_id GROUP BY 1, 2`,
    );
    for (const u of units) byDay.get(u.dia)?.units?.set(u.produto_id, u.unidades);
  }
  return byDay;
}
