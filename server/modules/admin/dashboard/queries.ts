import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "#db/client.ts";
import { HOUR_MS, hourStart, type ClosedHour, type HourRow } from "./closed-hours.ts";

/**
 * The orders' sums the dashboard reads, for any set of stretches of time, each through
 * `pedidos_criado_idx` (docs/decisions/034, 044): per slice between edges for the stretches worked out
 * on each request (the last hours, the hours cut at a span's end), per hour for the closed hours kept.
 */

/** How many of the products low in stock the dashboard lists. */
export const LOWEST = 8;

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
export interface Slice extends HourRow {
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
  /** The closed hours' change rows from `since` on (none asked: none). */
  changes: { hora: number | null; xid: string }[];
}

/**
 * Everything the dashboard reads on each call, in one statement (on the embedded database each statement
 * costs a millisecond or more of its own, and rows cost more than one JSON text): the orders within the
 * ranges per currency, payment status and slice between edges; their paid lines' units per product; what
 * waits for payment or for its customer; the stock out and low; the closed hours' changes since `since`.
 */
export async function liveFigures(
  db: Db,
  q: {
    ranges: Range[];
    edges: string[];
    unitRanges: Range[];
    starts: { hoje: string; semana: string; mes: string };
    /** Read the stock here (without the in-memory catalogue), with this limit of low. */
    lowStock?: number;
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
               ${
                 q.lowStock === undefined
                   ? sql`NULL AS stock, NULL AS baixos,`
                   : sql`(SELECT json_build_object('sem', count(*) FILTER (WHERE qtde_disponivel <= 0), 'baixo', count(*) FILTER (WHERE qtde_disponivel > 0))
                          FROM produtos WHERE ativo AND qtde_disponivel <= ${q.lowStock})::text AS stock,
                         (SELECT json_agg(p) FROM (SELECT id AS produto_id, codigo, nome_pt, nome_es, qtde_disponivel AS qtde FROM produtos
                           WHERE ativo AND qtde_disponivel <= ${q.lowStock} AND qtde_disponivel > 0 ORDER BY qtde_disponivel, id LIMIT ${LOWEST}) p)::text AS baixos,`
               }
               ${
                 q.since === undefined
                   ? sql`NULL`
                   : sql`(SELECT json_agg(c) FROM (SELECT hora, xid::text AS xid FROM painel_alteracoes WHERE xid >= ${String(q.since)}::xid8) c)::text`
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

/** Hours as stretches of time (a run of consecutive hours read as one), the last one cut at `until`. */
export function rangesOf(hours: number[], until?: string): Range[] {
  const ranges: [number, number][] = [];
  for (const h of [...hours].sort((x, y) => x - y)) {
    const last = ranges.at(-1);
    if (last && last[1] === h) last[1] = h + 1;
    else ranges.push([h, h + 1]);
  }
  const cap = until ? Date.parse(until) : Infinity;
  return ranges
    .filter(([start]) => start * HOUR_MS < cap)
    .map(([start, end]): Range => [hourStart(start), end * HOUR_MS > cap ? until! : hourStart(end)]);
}

/** Closed hours' figures, per hour: the sums of their orders, and their paid lines' units where asked. */
export async function closedHourFigures(db: Db, hours: number[], withUnits: (hour: number) => boolean): Promise<Map<number, ClosedHour>> {
  const byHour = new Map<number, ClosedHour>(hours.map((h) => [h, { rows: [] }]));
  const counted = hours.filter(withUnits);
  for (const h of counted) byHour.get(h)!.units = new Map();
  const [row] = await queryRows<{ rows: string | null; units: string | null }>(
    db,
    sql`WITH s AS (SELECT painel_hora(o.created_at) AS hora, o.moeda_id, o.status, ${sums}
                   FROM pedidos o ${partialRefunds} WHERE ${inRanges(rangesOf(hours))} GROUP BY 1, 2, 3),
             u AS (SELECT painel_hora(o.created_at) AS hora, i.produto_id, sum(i.qtde)::int AS unidades
                   FROM pedidos o JOIN pedido_itens i ON i.order_id = o.id
                   WHERE (${counted.length ? inRanges(rangesOf(counted)) : sql`false`}) AND o.status = 'PAGO' GROUP BY 1, 2)
        SELECT (SELECT json_agg(s) FROM s)::text AS rows, (SELECT json_agg(u) FROM u)::text AS units`,
  );
  for (const { hora, ...r } of JSON.parse(row?.rows ?? "[]") as (HourRow & { hora: number })[]) byHour.get(Number(hora))?.rows.push(r);
  for (const u of JSON.parse(row?.units ?? "[]") as { hora: number; produto_id: number; unidades: number }[])
    byHour.get(Number(u.hora))?.units?.set(u.produto_id, u.unidades);
  return byHour;
}
