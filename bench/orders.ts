import path from "node:path";
import { sql } from "drizzle-orm";
import { ORDER_STATUSES } from "#contract/api/cart-constants.ts";
import { ORDER_PAGE_SIZES } from "#contract/api/admin/orders.ts";
import { FULFILMENT_STATUSES } from "#contract/fulfilment.ts";
import { openDatabase, queryRows } from "#db/client.ts";
import { seedOrders } from "#db/seed/orders.ts";
import { random } from "./long-tail.ts";
import type { Target } from "./server.ts";

/**
 * The back office at 100,000 orders (issue 31): the orders seed brings the bench's database up to the
 * count asked for (a second run adds nothing), and the targets read what a manager's screens read. Every
 * target but the dashboard draws each request's terms from the seeded orders themselves (order numbers,
 * pickup codes, the buyers' e-mails, documents and names), its filters and its page at random, so the
 * answers are worked out again and again rather than repeated.
 */

type Where = { dataDir?: string; url?: string };
const open = (where: Where) => openDatabase(where.url ? { url: where.url } : { dataDir: path.join(where.dataDir!, "db") });

/** Adds orders until the database holds `target` (the embedded one in `dataDir`, or PostgreSQL at `url`). */
export async function ensureOrders(target: number, where: Where): Promise<number> {
  const database = await open(where);
  try {
    await database.migrate();
    const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM pedidos`);
    const missing = target - (row?.n ?? 0);
    if (missing > 0) {
      const started = Date.now();
      console.log(`Adding ${missing.toLocaleString("en")} orders …`);
      await seedOrders(database, missing);
      console.log(`orders seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return Math.max(target, row?.n ?? 0);
  } finally {
    await database.close();
  }
}

/** What the targets search for and filter by, read from the seeded orders before the server starts. */
export interface OrderSamples {
  pedidos: string[];
  /** Pickup codes of any order, as staff type them into the list's search. */
  codigos: string[];
  /** Pickup codes of paid pickup orders not yet handed over: what the counter finds (the others are refused). */
  abertos: string[];
  emails: string[];
  documentos: string[];
  /** A part of a buyer's name (a first name, a surname, or both). */
  nomes: string[];
  pontos: number[];
  /** The first and last day with orders (YYYY-MM-DD). */
  first: string;
  last: string;
}

/** Up to 2,000 orders spread over the table (a hash of the id, so every run draws the same), and their buyers. */
export async function orderSamples(where: Where): Promise<OrderSamples> {
  const database = await open(where);
  try {
    const db = database.db;
    const rows = await queryRows<{ pedido: string; codigo: string; email: string; documento: string | null; nome: string; sobrenome: string }>(
      db,
      sql`SELECT p.pedido, p.codigo_retirada AS codigo, c.email, c.documento, c.nome, c.sobrenome
          FROM pedidos p JOIN clientes c ON c.id = p.customer_id ORDER BY md5(p.id::text) LIMIT 2000`,
    );
    const open = await queryRows<{ codigo: string }>(
      db,
      sql`SELECT codigo_retirada AS codigo FROM pedidos
          WHERE status = 'PAGO' AND entrega_servico_id IS NULL AND status_entrega IN ('em_separacao', 'pronto_retirada')
          ORDER BY md5(id::text) LIMIT 2000`,
    );
    const pontos = await queryRows<{ id: number }>(db, sql`SELECT id FROM pontos_entrega ORDER BY id`);
    const [span] = await queryRows<{ first: string; last: string }>(
      db,
      sql`SELECT to_char(min(created_at), 'YYYY-MM-DD') AS first, to_char(max(created_at), 'YYYY-MM-DD') AS last FROM pedidos`,
    );
    const unique = <T>(items: T[]) => [...new Set(items)];
    const r = random(31);
    return {
      pedidos: unique(rows.map((o) => o.pedido)),
      codigos: unique(rows.map((o) => o.codigo)),
      abertos: unique(open.map((o) => o.codigo)),
      emails: unique(rows.map((o) => o.email)),
      documentos: unique(rows.flatMap((o) => (o.documento ? [o.documento] : []))),
      nomes: unique(
        rows.map((o) => {
          const surnames = o.sobrenome.split(" ");
          const choice = r();
          return choice < 0.4 ? surnames[0]! : choice < 0.7 ? `${o.nome} ${surnames[0]}` : o.sobrenome;
        }),
      ),
      pontos: pontos.map((p) => p.id),
      first: span?.first ?? "2025-01-01",
      last: span?.last ?? "2025-12-31",
    };
  } finally {
    await database.close();
  }
}

type Rand = () => number;
const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
const int = (r: Rand, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A page as staff turn them: the first most of the time, then the next few, now and then a deep one
 * (up to page 100 of 100), in any of the list's page sizes.
 */
function page(r: Rand): string {
  const per = pick(r, ORDER_PAGE_SIZES);
  const x = r();
  const n = x < 0.6 ? 1 : x < 0.85 ? int(r, 2, 5) : int(r, 6, 100);
  return `page=${n}&per_page=${per}`;
}

/** One filter of each kind, drawn at random from the values the list offers. */
function filters(r: Rand, s: OrderSamples): Record<string, () => string> {
  const first = Date.parse(s.first);
  const last = Date.parse(s.last);
  return {
    status: () => `status=${pick(r, ORDER_STATUSES)}`,
    status_entrega: () => `status_entrega=${pick(r, FULFILMENT_STATUSES)}`,
    // A day, a week, a month or a quarter, anywhere in the orders' two years.
    days: () => {
      const length = pick(r, [0, 6, 30, 91]);
      const from = first + r() * (last - first);
      return `de=${dayOf(from)}&ate=${dayOf(from + length * 86_400_000)}`;
    },
    moeda_id: () => `moeda_id=${pick(r, [2, 3])}`,
    tipo: () => `tipo=${pick(r, ["retirada", "entrega"])}`,
    ponto_entrega_id: () => `ponto_entrega_id=${pick(r, s.pontos)}`,
  };
}

/** Paths drawn by `make` with its own seeded random stream. */
const drawn = (seed: number, make: (r: Rand) => string): (() => string) => {
  const r = random(seed);
  return () => make(r);
};

/** The order list and its searches, with a manager's session, at the back office's staff connections. */
export function orderListTargets(s: OrderSamples, headers: Record<string, string>, connections: number): Target[] {
  const list = "/api/admin/orders?";
  const f = (r: Rand) => filters(r, s);
  const one = (key: string) => (r: Rand) => `${list}${f(r)[key]!()}&${page(r)}`;
  const search = (terms: string[]) => (r: Rand) => `${list}q=${encodeURIComponent(pick(r, terms))}${r() < 0.8 ? "" : `&${page(r)}`}`;
  const targets: [string, (r: Rand) => string][] = [
    ["no filter, any page", (r) => `${list}${page(r)}`],
    ["payment status", one("status")],
    ["fulfilment status", one("status_entrega")],
    ["date range", one("days")],
    ["currency", one("moeda_id")],
    ["delivery or pickup", one("tipo")],
    ["pickup point", one("ponto_entrega_id")],
    [
      "2 to 4 filters combined",
      (r) => {
        const all = f(r);
        const keys = Object.keys(all)
          .sort(() => r() - 0.5)
          .slice(0, int(r, 2, 4));
        return `${list}${keys.map((k) => all[k]!()).join("&")}&${page(r)}`;
      },
    ],
    ["search by order number", search(s.pedidos)],
    // Staff type codes in lower case or with a space now and then; the list reads them as the counter does.
    ["search by pickup code", (r) => `${list}q=${encodeURIComponent(r() < 0.8 ? pick(r, s.codigos) : pick(r, s.codigos).toLowerCase())}`],
    ["search by e-mail", search(s.emails)],
    ["search by document", search(s.documentos)],
    ["search by customer name", search(s.nomes)],
    ["search with a filter", (r) => `${list}q=${encodeURIComponent(pick(r, r() < 0.5 ? s.nomes : s.emails))}&${f(r).status!()}`],
  ];
  return targets.map(([name, make], i) => ({ name: `back office: orders, ${name}`, paths: drawn(3100 + i, make), headers, connections }));
}

/** The pickup counter's lookup of a typed or scanned code (target: p99 < 20 ms). */
export function counterTargets(s: OrderSamples, headers: Record<string, string>, connections: number): Target[] {
  if (s.abertos.length === 0) return [];
  return [
    {
      name: "back office: counter, pickup-code lookup",
      paths: drawn(3200, (r) => `/api/admin/counter/${encodeURIComponent(pick(r, s.abertos))}`),
      headers,
      connections,
    },
  ];
}

/**
 * The dashboard as the manager's home page asks for it. The bench's servers run with
 * DASHBOARD_FRESH_MS=0 (bench/server.ts), so every request works its figures out again: the last
 * hours and the hours a span ends within read from the orders, the closed hours from what the
 * process keeps of them (docs/decisions/044; `npm run bench:orders-plans` measures a changed hour too).
 * What is measured is the queries, not the 15-second memo a shop's processes keep.
 */
export function dashboardTargets(headers: Record<string, string>, connections: number): Target[] {
  return [{ name: "back office: dashboard (API, no memo, closed hours kept)", paths: ["/api/admin/dashboard"], headers, connections }];
}

/** Every target of the orders: the list, its searches, the counter and the dashboard. */
export function orderTargets(s: OrderSamples, headers: Record<string, string>, connections: number): Target[] {
  return [...orderListTargets(s, headers, connections), ...counterTargets(s, headers, connections), ...dashboardTargets(headers, connections)];
}

/**
 * `npm run bench -- --orders-only`: /healthz as the baseline, then the orders' targets alone (a warm-up
 * pass, then the measured one), written to docs/benchmarks.latest-orders.md.
 */
export async function runOrderTargets(
  base: string,
  headers: Record<string, string>,
  samples: OrderSamples,
  opts: { products: number; orders: number; duration: number; write: boolean },
): Promise<void> {
  const { cpus, loadavg } = await import("node:os");
  const { writeFileSync } = await import("node:fs");
  const { load } = await import("./server.ts");
  const { STAFF_CONNECTIONS } = await import("./import.ts");
  const targets: Target[] = [
    { name: "/healthz (baseline)", paths: ["/healthz"], connections: STAFF_CONNECTIONS },
    ...orderTargets(samples, headers, STAFF_CONNECTIONS),
  ];
  const rows: string[] = [];
  const loads: number[] = [];
  for (const t of targets) {
    await load(base, t.paths, t.connections ?? STAFF_CONNECTIONS, opts.duration, t.headers);
    const r = await load(base, t.paths, t.connections ?? STAFF_CONNECTIONS, opts.duration, t.headers);
    const avg = loadavg()[0]!;
    loads.push(avg);
    console.log(
      `${t.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, timeouts ${r.timeouts}, errors ${r.errors}, load ${avg.toFixed(1)}`,
    );
    rows.push(`| ${t.name} (${t.connections} connections) | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${avg.toFixed(1)} |`);
  }
  const summary = `${opts.products.toLocaleString("en")} products, ${opts.orders.toLocaleString("en")} orders, embedded PGlite, ${cpus().length} cores, ${opts.duration} s per target after a warm-up pass, ${new Date().toISOString().slice(0, 10)}; load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}.

| target | req/s | p50 ms | p99 ms | errors | load |
| --- | ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}
`;
  console.log("\n" + summary);
  if (opts.write) writeFileSync("docs/benchmarks.latest-orders.md", summary);
}
