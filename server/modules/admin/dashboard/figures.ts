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
import { HOUR_MS, hourOf, type ClosedHours } from "./closed-hours.ts";
import type { DashboardCatalogue } from "../context.ts";
import { liveFigures, LOWEST, rangesOf, type LiveFigures, type LiveUnits, type Range, type Slice } from "./queries.ts";

/** A day of the shop's calendar: its date and its edges as instants. */
interface Day {
  dia: string;
  inicio: string;
  fim: string;
}

/**
 * The dashboard's figures (docs/decisions/034), one query per block. Each reads a narrow slice through
 * its own index: orders by `created_at` (pedidos_criado_idx) for the spans and the daily sales, the paid
 * orders still to hand over (pedidos_a_entregar_idx), the payments with a refund (pagamentos_estornos_idx)
 * and the products low in stock (produtos_estoque_baixo_idx). Nothing scans the whole orders table.
 */

/** The currencies orders are placed in (spec §9: dollars for foreigners, guaraníes for residents). */
const ORDER_CURRENCIES = [MOEDA.USD, MOEDA.PYG];
const TZ = SHOP_TIME_ZONE;
/** A day's date (YYYY-MM-DD) in the shop's time zone; made once, as each formatter costs to make. */
const DAY_FORMAT = new Intl.DateTimeFormat("en-CA", { timeZone: TZ });
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
  /** The present by the database's clock (the kept hours are those over by both clocks). */
  agora_banco: string;
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
               to_json(now()) #>> '{}' AS agora_banco,
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

/** The slices' edges: every span's start and end and every day's start, in order, the present last. */
function edgesOf(b: Bounds, days: string[]): string[] {
  const all = new Set<string>([...Object.values(SPANS(b)).flat(), ...days, b.agora]);
  return [...all].filter((e) => e <= b.agora).sort((x, y) => Date.parse(x) - Date.parse(y));
}

/** The slices grouped by their place between the edges, to take those within a stretch without a look at the rest. */
class Slices {
  private readonly byB: Slice[][];

  constructor(
    rows: Slice[],
    private readonly edgeMs: number[],
  ) {
    this.byB = Array.from({ length: edgeMs.length }, () => []);
    for (const r of rows) if (r.b >= 1 && r.b < edgeMs.length) this.byB[r.b]!.push(r);
  }

  /** The slices that lie within [start, end) (both edges). */
  within(start: string, end: string): Slice[] {
    const s = Date.parse(start);
    const e = Date.parse(end);
    const found: Slice[] = [];
    for (let b = 1; b < this.edgeMs.length; b++) if (this.edgeMs[b - 1]! >= s && this.edgeMs[b]! <= e) found.push(...this.byB[b]!);
    return found;
  }
}

function spanFigures(b: Bounds, rows: Slice[], slices: Slices) {
  const spans = SPANS(b);
  const figures = (span: string, moeda: number): CurrencyFigures => {
    const [start, end] = spans[span]!;
    const mine = slices.within(start, end).filter((r) => r.moeda_id === moeda);
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

function daily(b: Bounds, slices: Slices, starts: string[], moedas: number[]) {
  return starts.flatMap((start, i) => {
    const end = starts[i + 1] ?? b.agora;
    const dia = DAY_FORMAT.format(Date.parse(start) + 43_200_000);
    const paid = slices.within(start, end).filter((r) => r.status === "PAGO");
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
 * the kept closed hours and of the hours read now.
 */
async function topProducts(
  db: Db,
  b: Bounds,
  /** The kept hours' units, by runs of hours that start at `hour`. */
  kept: { hour: number; units: Map<number, number> }[],
  live: LiveUnits[],
  catalogue: DashboardCatalogue | undefined,
) {
  const all = new Map<number, LiveUnits>();
  const add = (id: number, hoje: number, semana: number, mes: number) => {
    const u = all.get(id);
    if (!u) all.set(id, { produto_id: id, hoje, semana, mes });
    else {
      u.hoje += hoje;
      u.semana += semana;
      u.mes += mes;
    }
  };
  for (const u of live) add(u.produto_id, u.hoje, u.semana, u.mes);
  const [hoje, semana, mes] = [b.hoje, b.semana, b.mes].map(hourOf) as [number, number, number];
  for (const { hour, units } of kept) for (const [id, n] of units) add(id, hour >= hoje ? n : 0, hour >= semana ? n : 0, hour >= mes ? n : 0);
  // The first few by units, then by id, in one pass (a month's sales hold thousands of products).
  const best = (p: DashboardPeriod) => {
    const before = (x: LiveUnits, y: LiveUnits) => y[p] - x[p] || x.produto_id - y.produto_id;
    const top: LiveUnits[] = [];
    for (const u of all.values()) {
      if (u[p] <= 0 || (top.length === TOP_PRODUCTS && before(u, top.at(-1)!) >= 0)) continue;
      top.push(u);
      top.sort(before);
      if (top.length > TOP_PRODUCTS) top.pop();
    }
    return top;
  };
  const chosen = { hoje: best("hoje"), semana: best("semana"), mes: best("mes") };
  const ids = [...new Set(Object.values(chosen).flatMap((list) => list.map((u) => u.produto_id)))];
  // Active products' names from the in-memory catalogue; a product hidden since is read from the table.
  const named = catalogue?.named(ids) ?? new Map<number, Omit<TopProduct, "unidades">>();
  const unnamed = ids.filter((id) => !named.has(id));
  if (unnamed.length)
    for (const n of await queryRows<Omit<TopProduct, "unidades">>(
      db,
      sql`SELECT id AS produto_id, codigo, nome_pt, nome_es FROM produtos WHERE id IN (${sql.join(unnamed, sql`, `)})`,
    ))
      named.set(n.produto_id, n);
  const of = (p: DashboardPeriod): TopProduct[] =>
    chosen[p].flatMap((u) => {
      const n = named.get(u.produto_id);
      return n ? [{ ...n, unidades: u[p] }] : [];
    });
  return { hoje: of("hoje"), semana: of("semana"), mes: of("mes") };
}

/**
 * The dashboard as of `now` (the tests set the clock; the route asks for the present). With `closed`,
 * the hours that are over (ended an hour ago by both clocks, and cut by no span's end) come from what it
 * keeps (docs/decisions/044); only the last hours and the hours a span ends within are read on each call.
 */
export async function dashboardFigures(db: Db, now = new Date(), closed?: ClosedHours, catalogue?: DashboardCatalogue): Promise<Dashboard> {
  const [{ b, days }] = await Promise.all([bounds(db, now), catalogue?.fresh()]);
  const chart = days.filter((d) => d.inicio >= b.dias).map((d) => d.inicio);
  const edges = edgesOf(b, chart);
  const edgeMs = edges.map((e) => Date.parse(e));
  const topFrom = [b.mes, b.semana].sort()[0]!;
  const first = hourOf(days[0]!.inicio);
  const last = Math.ceil(Date.parse(b.agora) / HOUR_MS);
  // An hour may be kept once it ended an hour ago: a transaction of its own time has long committed (044).
  const keptUntil = Math.floor(Math.min(Date.parse(b.agora), Date.parse(b.agora_banco)) / HOUR_MS) - 1;
  // Edges inside an hour (a span's end at this minute) leave it to be read; the others fall on hour starts.
  const cutHours = new Set(edgeMs.filter((e) => e % HOUR_MS !== 0).map((e) => Math.floor(e / HOUR_MS)));
  const keep: number[] = [];
  const read: number[] = [];
  for (let h = first; h < last; h++) (closed && h < keptUntil && !cutHours.has(h) ? keep : read).push(h);
  const ranges = rangesOf(read, b.agora);
  const live = await liveFigures(db, {
    ranges,
    edges,
    unitRanges: ranges.filter(([, end]) => end > topFrom).map(([start, end]): Range => [start > topFrom ? start : topFrom, end]),
    starts: b,
    lowStock: catalogue ? undefined : LOW_STOCK,
    since: closed?.since(),
  });
  closed?.forget(live.changes);
  const topHour = hourOf(topFrom);
  if (closed && keep.length) await closed.figures(db, keep, (h) => h >= topHour);
  const runs = closed ? runsOf(keep, edgeMs).map((run) => ({ ...run, sums: closed.sums(run.hours) })) : [];
  const rows = [
    ...live.slices,
    ...runs.flatMap(({ b, sums }) => sums.rows.map((r) => ({ ...r, b, total: r.total.toString(), estornado: r.estornado.toString() }))),
  ];
  const slices = new Slices(rows, edgeMs);
  const spans = spanFigures(b, rows, slices);
  const top = await topProducts(
    db,
    b,
    runs.filter((run) => run.hours[0]! >= topHour).map((run) => ({ hour: run.hours[0]!, units: run.sums.units })),
    live.units,
    catalogue,
  );
  const stock = catalogue?.stockLevels(LOW_STOCK, LOWEST);
  return {
    gerado_em: b.agora,
    fuso: TZ,
    moedas: spans.moedas,
    periodos: spans.periods,
    ...waiting(live.waiting),
    estoque: stock
      ? { limite: LOW_STOCK, sem_estoque: stock.out, estoque_baixo: stock.low, baixos: stock.lowest }
      : { limite: LOW_STOCK, sem_estoque: live.stock.sem, estoque_baixo: live.stock.baixo, baixos: live.baixos },
    mais_vendidos: top,
    vendas_diarias: daily(b, slices, chart, spans.moedas),
  };
}

/**
 * The kept hours in runs of consecutive hours within one slice between the edges (a closed hour lies
 * whole within one slice; a slice's edges include every span's start, so a run lies wholly within or
 * without each span and each chart day).
 */
function runsOf(keep: number[], edgeMs: number[]): { hours: number[]; b: number }[] {
  const runs: { hours: number[]; b: number }[] = [];
  let b = 0;
  for (const hour of keep) {
    // The hours come in order: the slice only moves forward (width_bucket's answer for the hour's start).
    while (b < edgeMs.length && edgeMs[b]! <= hour * HOUR_MS) b++;
    const last = runs.at(-1);
    if (last && last.b === b && last.hours.at(-1) === hour - 1) last.hours.push(hour);
    else runs.push({ hours: [hour], b });
  }
  return runs;
}
