import Big from "big.js";
import { sql } from "drizzle-orm";
import {
  DAILY_DAYS,
  LOW_STOCK,
  SHOP_TIME_ZONE,
  TOP_PRODUCTS,
  type CurrencyFigures,
  type Dashboard,
  type DashboardPeriod,
  type TopProduct,
} from "#contract/api/admin/dashboard.ts";
import { MOEDA } from "#contract/currencies.ts";
import { queryRows, type Db } from "#db/client.ts";

/**
 * The dashboard's figures (docs/decisions/034), one query per block. Each reads a narrow slice through
 * its own index: orders by `created_at` (pedidos_criado_idx) for the spans and the daily sales, the paid
 * orders still to hand over (pedidos_a_entregar_idx), the payments with a refund (pagamentos_estornos_idx)
 * and the products low in stock (produtos_estoque_baixo_idx). Nothing scans the whole orders table.
 */

/** The currencies orders are placed in (spec §9: dollars for foreigners, guaraníes for residents). */
const ORDER_CURRENCIES = [MOEDA.USD, MOEDA.PYG];
const TZ = SHOP_TIME_ZONE;
const decimalsOf = (moeda: number) => (moeda === MOEDA.PYG ? 0 : 2);

interface Bounds {
  hoje: string;
  hoje_ant: string;
  hoje_ant_fim: string;
  semana: string;
  semana_ant: string;
  semana_ant_fim: string;
  mes: string;
  mes_ant: string;
  mes_ant_fim: string;
  dias: string;
  agora: string;
}

/**
 * Where each span starts in the shop's time zone, and the previous span's same length: today until now
 * against yesterday until the same hour, the week so far against last week's same days and hours, the
 * month so far against last month's same days (cut at last month's end).
 */
async function bounds(db: Db, now: Date): Promise<Bounds> {
  const [row] = await queryRows<Bounds>(
    db,
    sql`WITH l AS (SELECT (${now.toISOString()}::timestamptz AT TIME ZONE ${TZ}) AS agora),
         s AS (SELECT agora, date_trunc('day', agora) AS d, date_trunc('week', agora) AS w, date_trunc('month', agora) AS m FROM l)
        SELECT to_json(d AT TIME ZONE ${TZ}) #>> '{}' AS hoje,
               to_json((d - interval '1 day') AT TIME ZONE ${TZ}) #>> '{}' AS hoje_ant,
               to_json((agora - interval '1 day') AT TIME ZONE ${TZ}) #>> '{}' AS hoje_ant_fim,
               to_json(w AT TIME ZONE ${TZ}) #>> '{}' AS semana,
               to_json((w - interval '7 days') AT TIME ZONE ${TZ}) #>> '{}' AS semana_ant,
               to_json((agora - interval '7 days') AT TIME ZONE ${TZ}) #>> '{}' AS semana_ant_fim,
               to_json(m AT TIME ZONE ${TZ}) #>> '{}' AS mes,
               to_json((m - interval '1 month') AT TIME ZONE ${TZ}) #>> '{}' AS mes_ant,
               to_json(least((m - interval '1 month') + (agora - m), m) AT TIME ZONE ${TZ}) #>> '{}' AS mes_ant_fim,
               to_json((d - interval '${sql.raw(String(DAILY_DAYS - 1))} days') AT TIME ZONE ${TZ}) #>> '{}' AS dias,
               to_json(agora AT TIME ZONE ${TZ}) #>> '{}' AS agora
        FROM s`,
  );
  const iso = (v: string) => new Date(v).toISOString();
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, iso(v as string)])) as unknown as Bounds;
}

const SPANS = (b: Bounds): Record<string, [string, string]> => ({
  hoje: [b.hoje, b.agora],
  hoje_ant: [b.hoje_ant, b.hoje_ant_fim],
  semana: [b.semana, b.agora],
  semana_ant: [b.semana_ant, b.semana_ant_fim],
  mes: [b.mes, b.agora],
  mes_ant: [b.mes_ant, b.mes_ant_fim],
});

/**
 * What was refunded from each order whose payment gave some back but stays PAGO, in the order's currency
 * (a gateway that charges in another currency refunds in that one: its share of the charge is taken).
 */
const partialRefunds = (from: string) => sql`
  SELECT order_id, sum(valor_estornado * valor_total / coalesce(nullif(valor_cobrado, 0), valor_total)) AS estornado
  FROM pagamentos WHERE valor_estornado > 0 AND created_at >= ${from}::timestamptz GROUP BY order_id`;

/** What one slice of time holds for one currency and one payment status. */
interface Slice {
  moeda_id: number;
  status: string;
  /** The slice: between edges[b - 1] and edges[b]. */
  b: number;
  n: number;
  total: string;
  estornado: string;
  /** The slice's first order (the most sold products read the lines from there on). */
  min_id: number;
}

/**
 * Every order placed since the earliest span, previous ones and the 30 days included, in one read of
 * `pedidos_criado_idx`: counted and summed per currency, payment status and slice of time, where the
 * slices are cut at every span's and every day's edges. Each span and each day is then a run of whole
 * slices, added up here rather than asked of the database again.
 */
async function slices(db: Db, b: Bounds, edges: string[]): Promise<Slice[]> {
  const from = edges[0]!;
  return queryRows<Slice>(
    db,
    sql`WITH r AS (${partialRefunds(from)})
        SELECT o.moeda_id, o.status, width_bucket(o.created_at, ${`{${edges.join(",")}}`}::timestamptz[]) AS b,
               count(*)::int AS n, sum(o.valor_total)::text AS total, coalesce(sum(r.estornado), 0)::text AS estornado, min(o.id) AS min_id
        FROM pedidos o LEFT JOIN r ON r.order_id = o.id
        WHERE o.created_at >= ${from}::timestamptz AND o.created_at < ${b.agora}::timestamptz
        GROUP BY 1, 2, 3`,
  );
}

/** The slices' edges: every span's start and end and every day's start, in order, the present last. */
function edgesOf(b: Bounds, days: string[]): string[] {
  const all = new Set<string>([...Object.values(SPANS(b)).flat(), ...days, b.agora]);
  return [...all].filter((e) => e <= b.agora).sort((x, y) => Date.parse(x) - Date.parse(y));
}

/** The slices that lie within [start, end) (both edges). */
const within = (rows: Slice[], edges: string[], start: string, end: string) => {
  const s = Date.parse(start);
  const e = Date.parse(end);
  return rows.filter((r) => r.b >= 1 && r.b < edges.length && Date.parse(edges[r.b - 1]!) >= s && Date.parse(edges[r.b]!) <= e);
};

function spanFigures(b: Bounds, rows: Slice[], edges: string[]) {
  const spans = SPANS(b);
  const figures = (span: string, moeda: number): CurrencyFigures => {
    const [start, end] = spans[span]!;
    const mine = within(rows, edges, start, end).filter((r) => r.moeda_id === moeda);
    const paid = mine.filter((r) => r.status === "PAGO");
    const refunded = mine.filter((r) => r.status === "ESTORNADO");
    const dp = decimalsOf(moeda);
    const pagos = paid.reduce((n, r) => n + r.n, 0);
    const vendas = paid.reduce((sum, r) => sum.plus(r.total).minus(r.estornado), new Big(0));
    return {
      moeda_id: moeda,
      pedidos: mine.reduce((n, r) => n + r.n, 0),
      pagos,
      vendas: vendas.toFixed(dp),
      ticket_medio: pagos ? vendas.div(pagos).toFixed(dp) : new Big(0).toFixed(dp),
      estornados: refunded.reduce((n, r) => n + r.n, 0),
      // Wholly refunded orders by their total, partly refunded paid ones by what was given back.
      valor_estornado: refunded
        .reduce(
          (sum, r) => sum.plus(r.total),
          paid.reduce((sum, r) => sum.plus(r.estornado), new Big(0)),
        )
        .toFixed(dp),
    };
  };
  const moedas = [...new Set([...ORDER_CURRENCIES, ...rows.map((r) => r.moeda_id)])];
  const periods = (["hoje", "semana", "mes"] as const).map((p: DashboardPeriod) => ({
    periodo: p,
    de: spans[p]![0],
    ate: spans[p]![1],
    anterior_de: spans[`${p}_ant`]![0],
    anterior_ate: spans[`${p}_ant`]![1],
    atual: moedas.map((m) => figures(p, m)),
    anterior: moedas.map((m) => figures(`${p}_ant`, m)),
  }));
  return { moedas, periods };
}

/** Each of the last 30 days' starts (today's last), in the shop's time zone, as instants. */
async function dayStarts(db: Db, b: Bounds): Promise<string[]> {
  const rows = await queryRows<{ d: string }>(
    db,
    sql`SELECT to_json((g AT TIME ZONE ${TZ})) #>> '{}' AS d
        FROM generate_series((${b.dias}::timestamptz AT TIME ZONE ${TZ}), (${b.hoje}::timestamptz AT TIME ZONE ${TZ}), interval '1 day') g`,
  );
  return rows.map((r) => new Date(r.d).toISOString());
}

function daily(b: Bounds, rows: Slice[], edges: string[], starts: string[], moedas: number[]) {
  return starts.flatMap((start, i) => {
    const end = starts[i + 1] ?? b.agora;
    const dia = new Date(Date.parse(start) + 43_200_000).toLocaleDateString("en-CA", { timeZone: TZ });
    const paid = within(rows, edges, start, end).filter((r) => r.status === "PAGO");
    return moedas.map((moeda_id) => {
      const mine = paid.filter((r) => r.moeda_id === moeda_id);
      const vendas = mine.reduce((sum, r) => sum.plus(r.total).minus(r.estornado), new Big(0));
      return { dia, moeda_id, pagos: mine.reduce((n, r) => n + r.n, 0), vendas: vendas.toFixed(decimalsOf(moeda_id)) };
    });
  });
}

async function waiting(db: Db) {
  const rows = await queryRows<{ k: string; moeda_id: number | null; n: number; valor: string | null }>(
    db,
    sql`(SELECT 'pagamento' AS k, moeda_id, count(*)::int AS n, sum(valor_total)::text AS valor FROM pedidos WHERE status = 'PAGAMENTO' GROUP BY moeda_id)
        UNION ALL
        (SELECT status_entrega, NULL, count(*)::int, NULL FROM pedidos
         WHERE status = 'PAGO' AND status_entrega IN ('em_separacao', 'pronto_retirada', 'enviado') GROUP BY status_entrega)`,
  );
  const count = (k: string) => rows.find((r) => r.k === k)?.n ?? 0;
  return {
    aguardando_pagamento: rows
      .filter((r) => r.k === "pagamento")
      .map((r) => ({ moeda_id: r.moeda_id!, pedidos: r.n, valor: new Big(r.valor ?? 0).toFixed(decimalsOf(r.moeda_id!)) })),
    a_entregar: { em_separacao: count("em_separacao"), pronto_retirada: count("pronto_retirada"), enviado: count("enviado") },
  };
}

async function stock(db: Db) {
  const [counts] = await queryRows<{ sem: number; baixo: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE qtde_disponivel <= 0)::int AS sem, count(*) FILTER (WHERE qtde_disponivel > 0)::int AS baixo
        FROM produtos WHERE ativo AND qtde_disponivel <= ${LOW_STOCK}`,
  );
  const baixos = await queryRows<{ produto_id: number; codigo: string; nome_pt: string; nome_es: string; qtde: number }>(
    db,
    sql`SELECT id AS produto_id, codigo, nome_pt, nome_es, qtde_disponivel AS qtde FROM produtos
        WHERE ativo AND qtde_disponivel <= ${LOW_STOCK} AND qtde_disponivel > 0 ORDER BY qtde_disponivel, id LIMIT 8`,
  );
  return { limite: LOW_STOCK, sem_estoque: counts?.sem ?? 0, estoque_baixo: counts?.baixo ?? 0, baixos };
}

/**
 * The five most sold products of today, the week and the month: the lines of the paid orders placed
 * since the earlier of the week's and the month's start, read by `pedido_itens_order_idx` from the
 * first of those orders on (ids grow with time) and joined to them.
 */
async function topProducts(db: Db, b: Bounds, firstId: number | undefined) {
  if (firstId === undefined) return { hoje: [], semana: [], mes: [] };
  const from = [b.mes, b.semana].sort()[0]!;
  const rows = await queryRows<TopProduct & { periodo: DashboardPeriod }>(
    db,
    sql`WITH o AS MATERIALIZED (
          SELECT id, created_at FROM pedidos
          WHERE created_at >= ${from}::timestamptz AND created_at < ${b.agora}::timestamptz AND status = 'PAGO'),
        i AS (SELECT i.produto_id, i.qtde, o.created_at FROM pedido_itens i JOIN o ON o.id = i.order_id WHERE i.order_id >= ${firstId}),
        a AS (SELECT produto_id,
                coalesce(sum(qtde) FILTER (WHERE created_at >= ${b.hoje}::timestamptz), 0)::int AS hoje,
                coalesce(sum(qtde) FILTER (WHERE created_at >= ${b.semana}::timestamptz), 0)::int AS semana,
                coalesce(sum(qtde) FILTER (WHERE created_at >= ${b.mes}::timestamptz), 0)::int AS mes
              FROM i GROUP BY produto_id),
        t AS ((SELECT 'hoje' AS periodo, produto_id, hoje AS unidades FROM a WHERE hoje > 0 ORDER BY hoje DESC, produto_id LIMIT ${TOP_PRODUCTS})
              UNION ALL (SELECT 'semana', produto_id, semana FROM a WHERE semana > 0 ORDER BY semana DESC, produto_id LIMIT ${TOP_PRODUCTS})
              UNION ALL (SELECT 'mes', produto_id, mes FROM a WHERE mes > 0 ORDER BY mes DESC, produto_id LIMIT ${TOP_PRODUCTS}))
        SELECT t.periodo, t.produto_id, p.codigo, p.nome_pt, p.nome_es, t.unidades FROM t JOIN produtos p ON p.id = t.produto_id
        ORDER BY t.unidades DESC, t.produto_id`,
  );
  const of = (p: DashboardPeriod) => rows.filter((r) => r.periodo === p).map(({ periodo: _, ...rest }) => rest);
  return { hoje: of("hoje"), semana: of("semana"), mes: of("mes") };
}

/** The dashboard as of `now` (the tests set the clock; the route asks for the present). */
export async function dashboardFigures(db: Db, now = new Date()): Promise<Dashboard> {
  const b = await bounds(db, now);
  const starts = await dayStarts(db, b);
  const edges = edgesOf(b, starts);
  const [rows, wait, stockFigures] = await Promise.all([slices(db, b, edges), waiting(db), stock(db)]);
  const spans = spanFigures(b, rows, edges);
  const topFrom = Date.parse([b.mes, b.semana].sort()[0]!);
  const paidIds = within(rows, edges, new Date(topFrom).toISOString(), b.agora)
    .filter((r) => r.status === "PAGO")
    .map((r) => Number(r.min_id));
  const top = await topProducts(db, b, paidIds.length ? Math.min(...paidIds) : undefined);
  return {
    gerado_em: b.agora,
    fuso: TZ,
    moedas: spans.moedas,
    periodos: spans.periods,
    ...wait,
    estoque: stockFigures,
    mais_vendidos: top,
    vendas_diarias: daily(b, rows, edges, starts, spans.moedas),
  };
}
