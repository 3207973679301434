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
 * What was refunded from each order whose payment gave some back but stays PAGO, in the order's currency
 * (a gateway that charges in another currency refunds in that one: its share of the charge is taken).
 * A payment is made after its order is placed, so those of orders placed from `from` on are created since.
 */
const partialRefunds = (from: string) => sql`
  SELECT order_id, sum(valor_estornado * valor_total / coalesce(nullif(valor_cobrado, 0), valor_total)) AS estornado
  FROM pagamentos WHERE valor_estornado > 0 AND created_at >= ${from}::timestamptz GROUP BY order_id`;

/** What one slice of time holds for one currency and one payment status. */
export interface Slice extends DayRow {
  /** The slice: between edges[b - 1] and edges[b]. */
  b: number;
}

const sums = sql`count(*)::int AS n, sum(o.valor_total)::text AS total, coalesce(sum(r.estornado), 0)::text AS estornado`;

/** The orders placed within the ranges, counted and summed per currency, payment status and slice between edges. */
export async function slicesOf(db: Db, ranges: Range[], edges: string[]): Promise<Slice[]> {
  if (!ranges.length) return [];
  return queryRows<Slice>(
    db,
    sql`WITH r AS (${partialRefunds(ranges[0]![0])})
        SELECT o.moeda_id, o.status, width_bucket(o.created_at, ${`{${edges.join(",")}}`}::timestamptz[]) AS b, ${sums}
        FROM pedidos o LEFT JOIN r ON r.order_id = o.id
        WHERE ${inRanges(ranges)}
        GROUP BY 1, 2, 3`,
  );
}

/** Units per product in the paid orders placed within the ranges: those since today's, the week's and the month's start. */
export async function unitsOf(db: Db, ranges: Range[], starts: { hoje: string; semana: string; mes: string }) {
  if (!ranges.length) return [];
  return queryRows<{ produto_id: number; hoje: number; semana: number; mes: number }>(
    db,
    sql`WITH o AS MATERIALIZED (SELECT id, created_at FROM pedidos o WHERE (${inRanges(ranges)}) AND o.status = 'PAGO')
        SELECT i.produto_id,
               coalesce(sum(i.qtde) FILTER (WHERE o.created_at >= ${starts.hoje}::timestamptz), 0)::int AS hoje,
               coalesce(sum(i.qtde) FILTER (WHERE o.created_at >= ${starts.semana}::timestamptz), 0)::int AS semana,
               coalesce(sum(i.qtde) FILTER (WHERE o.created_at >= ${starts.mes}::timestamptz), 0)::int AS mes
        FROM pedido_itens i JOIN o ON o.id = i.order_id GROUP BY i.produto_id`,
  );
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
    sql`WITH r AS (${partialRefunds(days[0]!.inicio)})
        SELECT ${local} AS dia, o.moeda_id, o.status, ${sums}
        FROM pedidos o LEFT JOIN r ON r.order_id = o.id
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
