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
import type { ClosedDay, ClosedDays, Day } from "./closed-days.ts";
import { liveFigures, rangesOf, type LiveFigures, type LiveUnits, type Range, type Slice } from "./day-queries.ts";

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
  /** The end of the last day whose figures may be kept: yesterday's start, by the given clock and the database's. */
  fechado_ate: string;
  agora: string;
}

/**
 * Where each span starts in the shop's time zone, and the previous span's same length: today until now
 * against yesterday until the same hour, the week so far against last week's same days and hours, the
 * month so far against last month's same days (cut at last month's end). With them, every day of the
 * shop's calendar from the earliest span's or the chart's start to today, with its edges as instants (a
 * day is not always 24 hours where the clocks change; the chart's 30 days reach further back than last
 * month's start on the 1st after a short month).
 */
async function bounds(db: Db, now: Date): Promise<{ b: Bounds; days: Day[] }> {
  const [row] = await queryRows<Bounds & { calendario: string }>(
    db,
    sql`WITH l AS (SELECT (${now.toISOString()}::timestamptz AT TIME ZONE ${TZ}) AS agora),
         s AS (SELECT agora, date_trunc('day', agora) AS d, date_trunc('week', agora) AS w, date_trunc('month', agora) AS m FROM l),
         t AS (SELECT *, d - interval '${sql.raw(String(DAILY_DAYS - 1))} days' AS c FROM s)
        SELECT to_json(d AT TIME ZONE ${TZ}) #>> '{}' AS hoje,
               to_json((d - interval '1 day') AT TIME ZONE ${TZ}) #>> '{}' AS hoje_ant,
               to_json((agora - interval '1 day') AT TIME ZONE ${TZ}) #>> '{}' AS hoje_ant_fim,
               to_json(w AT TIME ZONE ${TZ}) #>> '{}' AS semana,
               to_json((w - interval '7 days') AT TIME ZONE ${TZ}) #>> '{}' AS semana_ant,
               to_json((agora - interval '7 days') AT TIME ZONE ${TZ}) #>> '{}' AS semana_ant_fim,
               to_json(m AT TIME ZONE ${TZ}) #>> '{}' AS mes,
               to_json((m - interval '1 month') AT TIME ZONE ${TZ}) #>> '{}' AS mes_ant,
               to_json(least((m - interval '1 month') + (agora - m), m) AT TIME ZONE ${TZ}) #>> '{}' AS mes_ant_fim,
               to_json(c AT TIME ZONE ${TZ}) #>> '{}' AS dias,
               to_json(agora AT TIME ZONE ${TZ}) #>> '{}' AS agora,
               to_json((least(d, date_trunc('day', now() AT TIME ZONE ${TZ})) - interval '1 day') AT TIME ZONE ${TZ}) #>> '{}' AS fechado_ate,
               (SELECT json_agg(json_build_array(to_char(g, 'YYYY-MM-DD'), g AT TIME ZONE ${TZ}, (g + interval '1 day') AT TIME ZONE ${TZ}) ORDER BY g)
                FROM generate_series(least(m - interval '1 month', w - interval '7 days', c), d, interval '1 day') g)::text AS calendario
        FROM t`,
  );
  const { calendario, ...edges } = row!;
  const iso = (v: string) => new Date(v).toISOString();
  const days = (JSON.parse(calendario) as [string, string, string][]).map(([dia, inicio, fim]) => ({ dia, inicio: iso(inicio), fim: iso(fim) }));
  return { b: Object.fromEntries(Object.entries(edges).map(([k, v]) => [k, iso(v as string)])) as unknown as Bounds, days };
}

const SPANS = (b: Bounds): Record<string, [string, string]> => ({
  hoje: [b.hoje, b.agora],
  hoje_ant: [b.hoje_ant, b.hoje_ant_fim],
  semana: [b.semana, b.agora],
  semana_ant: [b.semana_ant, b.semana_ant_fim],
  mes: [b.mes, b.agora],
  mes_ant: [b.mes_ant, b.mes_ant_fim],
});

/** Where a slice between the edges starts: width_bucket's answer for that instant. */
const bucketOf = (edges: string[], at: string) => edges.filter((e) => Date.parse(e) <= Date.parse(at)).length;

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

function waiting(rows: LiveFigures["waiting"]) {
  const count = (k: string) => rows.find((r) => r.k === k)?.n ?? 0;
  return {
    aguardando_pagamento: rows
      .filter((r) => r.k === "pagamento")
      .map((r) => ({ moeda_id: r.moeda_id!, pedidos: r.n, valor: new Big(r.valor ?? 0).toFixed(decimalsOf(r.moeda_id!)) })),
    a_entregar: { em_separacao: count("em_separacao"), pronto_retirada: count("pronto_retirada"), enviado: count("enviado") },
  };
}

/**
 * The five most sold products of today, the week and the month, from the units of the paid orders of
 * the kept closed days and of the days read now.
 */
async function topProducts(db: Db, b: Bounds, kept: { day: Day; units: Map<number, number> }[], live: LiveUnits[]) {
  const all = new Map<number, LiveUnits>();
  const add = (id: number, hoje: number, semana: number, mes: number) => {
    const u = all.get(id) ?? { produto_id: id, hoje: 0, semana: 0, mes: 0 };
    all.set(id, { produto_id: id, hoje: u.hoje + hoje, semana: u.semana + semana, mes: u.mes + mes });
  };
  for (const u of live) add(u.produto_id, u.hoje, u.semana, u.mes);
  for (const { day, units } of kept) {
    const at = Date.parse(day.inicio);
    const [hoje, semana, mes] = [b.hoje, b.semana, b.mes].map((start) => at >= Date.parse(start));
    for (const [id, n] of units) add(id, hoje ? n : 0, semana ? n : 0, mes ? n : 0);
  }
  const best = (p: DashboardPeriod) =>
    [...all.values()]
      .filter((u) => u[p] > 0)
      .sort((x, y) => y[p] - x[p] || x.produto_id - y.produto_id)
      .slice(0, TOP_PRODUCTS);
  const chosen = { hoje: best("hoje"), semana: best("semana"), mes: best("mes") };
  const ids = [...new Set(Object.values(chosen).flatMap((list) => list.map((u) => u.produto_id)))];
  const names = ids.length
    ? await queryRows<Omit<TopProduct, "unidades">>(
        db,
        sql`SELECT id AS produto_id, codigo, nome_pt, nome_es FROM produtos WHERE id IN (${sql.join(ids, sql`, `)})`,
      )
    : [];
  const named = new Map(names.map((n) => [n.produto_id, n]));
  const of = (p: DashboardPeriod): TopProduct[] =>
    chosen[p].flatMap((u) => {
      const n = named.get(u.produto_id);
      return n ? [{ ...n, unidades: u[p] }] : [];
    });
  return { hoje: of("hoje"), semana: of("semana"), mes: of("mes") };
}

/**
 * The dashboard as of `now` (the tests set the clock; the route asks for the present). With `closed`,
 * the days that are over (before yesterday, and cut by no span's end) come from what it keeps
 * (docs/decisions/044); only today, yesterday and the days a span ends within are read on each call.
 */
export async function dashboardFigures(db: Db, now = new Date(), closed?: ClosedDays): Promise<Dashboard> {
  const { b, days } = await bounds(db, now);
  const chart = days.filter((d) => d.inicio >= b.dias).map((d) => d.inicio);
  const edges = edgesOf(b, chart);
  const topFrom = [b.mes, b.semana].sort()[0]!;
  const cut = (d: Day) => edges.some((e) => e > d.inicio && e < d.fim);
  const keep = closed ? days.filter((d) => Date.parse(d.fim) <= Date.parse(b.fechado_ate) && !cut(d)) : [];
  const kept = new Set(keep.map((d) => d.dia));
  const ranges = rangesOf(
    days.filter((d) => !kept.has(d.dia)),
    b.agora,
  );
  const live = await liveFigures(db, {
    ranges,
    edges,
    unitRanges: ranges.filter(([, end]) => end > topFrom).map(([start, end]): Range => [start > topFrom ? start : topFrom, end]),
    starts: b,
    lowStock: LOW_STOCK,
    since: closed?.since(),
  });
  closed?.forget(live.changes);
  const keptFigures = closed && keep.length ? await closed.figures(db, keep, (d) => d.inicio >= topFrom) : new Map<string, ClosedDay>();
  const rows = [...live.slices, ...keepSlices(keep, keptFigures, edges)];
  const spans = spanFigures(b, rows, edges);
  const top = await topProducts(
    db,
    b,
    keep.flatMap((day) => {
      const units = keptFigures.get(day.dia)?.units;
      return units && day.inicio >= topFrom ? [{ day, units }] : [];
    }),
    live.units,
  );
  return {
    gerado_em: b.agora,
    fuso: TZ,
    moedas: spans.moedas,
    periodos: spans.periods,
    ...waiting(live.waiting),
    estoque: { limite: LOW_STOCK, sem_estoque: live.stock.sem, estoque_baixo: live.stock.baixo, baixos: live.baixos },
    mais_vendidos: top,
    vendas_diarias: daily(b, rows, edges, chart, spans.moedas),
  };
}

/** The kept days' sums as slices between the edges: a closed day lies whole within one slice. */
function keepSlices(keep: Day[], figures: Map<string, ClosedDay>, edges: string[]): Slice[] {
  const merged = new Map<string, Slice>();
  for (const day of keep) {
    const b = bucketOf(edges, day.inicio);
    for (const r of figures.get(day.dia)?.rows ?? []) {
      const key = `${r.moeda_id}:${r.status}:${b}`;
      const m = merged.get(key);
      merged.set(
        key,
        m
          ? { ...m, n: m.n + r.n, total: new Big(m.total).plus(r.total).toString(), estornado: new Big(m.estornado).plus(r.estornado).toString() }
          : { ...r, b },
      );
    }
  }
  return [...merged.values()];
}
