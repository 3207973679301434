/**
 * `npm run bench -- --postgres`: the product list and the cart on PostgreSQL + Redis,
 * one server process against two (API only), same total connections, reported as a ratio.
 *
 *   npm run bench -- --postgres                                 # 100,000 products, 32 connections, 10 s
 *   npm run bench -- --postgres --products 20000 --duration 5
 *   npm run bench -- --postgres --orders-only --database h_bench   # the orders' targets alone, in database h_bench
 *
 * Needs PostgreSQL on 127.0.0.1:5432 (trust auth, user postgres) and Redis on 127.0.0.1:6379.
 * The database (`--database`, default `bench`) is created when missing and grown to --products (never shrunk).
 * Beside the cached product list and the cart, the long-tail targets of bench/long-tail.ts send a
 * request never seen before every time, with /healthz as their baseline.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { BENCH_STAFF, STAFF_CONNECTIONS, staffHeaders } from "./import.ts";
import { ensureOrders, orderSamples, orderTargets, type OrderSamples } from "./orders.ts";
import { listPagePaths, listScopes, mixedPaths, suggestionPaths } from "./long-tail.ts";
import { load, startBenchServer, stopBenchServer, type BenchServer, type Load, type Target } from "./server.ts";

export interface PostgresBenchOptions {
  products: number;
  /** Orders the database is brought up to for the back office's targets (0: none). */
  orders: number;
  connections: number;
  duration: number;
  write: boolean;
  /** Only /healthz and the orders' targets (bench/orders.ts). */
  ordersOnly: boolean;
  /** The database's name on the server (created when missing). */
  database: string;
}

const ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = "redis://127.0.0.1:6379";
const DATA_DIR = path.resolve("data-bench-pg");
/** Set by runPostgresBench from --database. */
let DATABASE_URL = "postgres://postgres@127.0.0.1:5432/bench";
let REDIS_PREFIX = "bench:";

async function ensureDatabase(name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`--database: a lower-case name of letters, digits and _, not "${name}"`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${name}`);
      console.log(`created database ${name}`);
    }
  } finally {
    await admin.end();
  }
}

async function queryOne(sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(sql);
    return String(rows[0]?.v ?? "");
  } finally {
    await client.end();
  }
}

const startServer = () => startBenchServer({ DATABASE_URL, REDIS_URL, REDIS_PREFIX, DATA_DIR, API_ONLY: "1" });

/** Every server at once, connections split evenly; req/s summed, the worse latencies kept. */
async function measure(servers: BenchServer[], t: Target, connections: number, duration: number): Promise<Load> {
  const per = Math.max(1, Math.floor((t.connections ?? connections) / servers.length));
  const runs = await Promise.all(servers.map((s) => load(s.base, t.paths, per, duration, t.headers)));
  return {
    rps: runs.reduce((sum, r) => sum + r.rps, 0),
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    timeouts: runs.reduce((sum, r) => sum + r.timeouts, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

async function buildTargets(base: string, catalogue: number, samples: OrderSamples | undefined, ordersOnly: boolean): Promise<Target[]> {
  const orderTargetsOf = async () => (samples ? orderTargets(samples, await staffHeaders(base), STAFF_CONNECTIONS) : []);
  if (ordersOnly) return [{ name: "/healthz (baseline)", paths: ["/healthz"], connections: STAFF_CONNECTIONS }, ...(await orderTargetsOf())];
  const json = async <T>(url: string, init?: RequestInit) => {
    const res = await fetch(base + url, init);
    const body = (await res.json()) as T;
    if (!res.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const sample = await json<{ data: { id: number; categoria: { id: number } | null }[] }>("/api/public/products?per_page=100&order_by=id&order=asc");
  const categoryIds = [...new Set(sample.data.map((p) => p.categoria?.id).filter(Boolean))];
  // Active, priced products with stock to spare (carts refuse the rest).
  const ids = (
    await queryOne(
      "SELECT string_agg(id::text, ',') AS v FROM (SELECT id FROM produtos WHERE ativo AND mostrar_preco AND qtde_disponivel >= 5 ORDER BY id LIMIT 100) s",
    )
  )
    .split(",")
    .filter(Boolean)
    .map(Number);
  if (ids.length === 0) throw new Error("no product in stock to put in the carts");

  // ~50 guest carts of 1 to 3 lines each, read round-robin.
  const carts: string[] = [];
  for (let c = 0; c < 50; c++) {
    const external_id = randomUUID();
    const lines = ids.slice((c * 3) % ids.length, ((c * 3) % ids.length) + 1 + (c % 3));
    await json("/ecom/venda/carrinho", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        external_id,
        filial_id: "1",
        moeda_id: "2",
        itens: lines.map((id) => ({ produto_id: String(id), qtde: "1", armazem_id: "1", valor_unitario: "0.01", ativo: true, token: "" })),
      }),
    });
    carts.push(external_id);
  }

  return [
    {
      // The same list paths as the PGlite bench (bench/run.ts).
      name: "product list (API)",
      paths: categoryIds.flatMap((c, i) => [
        `/api/public/products?category_id=${c}&page=${(i % 5) + 1}&per_page=20&moeda_id=2&order_by=tem_estoque,id&order=desc,desc`,
        `/api/public/products?page=${i + 1}&per_page=20&moeda_id=3&order_by=tem_estoque,valor_venda&order=desc,asc`,
      ]),
    },
    { name: "cart (API)", paths: carts.map((id) => `/ecom/venda/carrinho/${id}?moeda_id=2`) },
    ...longTailTargets(suggestionPaths(catalogue), listPagePaths(await listScopes(base))),
    ...(await orderTargetsOf()),
  ];
}

/** Every request new (bench/long-tail.ts); /healthz first, the baseline of their ratios. */
function longTailTargets(newTerms: () => string, newPages: () => string): Target[] {
  return [
    { name: "/healthz (baseline)", paths: ["/healthz"] },
    { name: "suggestions, new term every request", paths: newTerms },
    { name: "product list, random page and sort", paths: newPages },
    { name: "mixed: half new-term suggestions, half random pages", paths: mixedPaths(newTerms, newPages) },
  ];
}

export async function runPostgresBench(opts: PostgresBenchOptions): Promise<void> {
  const { products, connections, duration } = opts;
  DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${opts.database}`;
  REDIS_PREFIX = `${opts.database}:`;
  await ensureDatabase(opts.database);
  console.log(`Preparing ${products.toLocaleString("en")} products in database ${opts.database} …`);
  execFileSync(process.execPath, ["--import", "tsx", "db/seed/cli.ts", "--products", String(products)], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL, DATA_DIR },
  });
  const catalogue = Number(await queryOne("SELECT count(*) AS v FROM produtos"));
  const orders = opts.orders > 0 ? await ensureOrders(opts.orders, { url: DATABASE_URL }) : 0;
  const samples = orders > 0 ? await orderSamples({ url: DATABASE_URL }) : undefined;
  execFileSync(
    process.execPath,
    ["--import", "tsx", "db/staff-cli.ts", "--email", BENCH_STAFF.email, "--role", "manager", "--password", BENCH_STAFF.password],
    { stdio: "inherit", env: { ...process.env, DATABASE_URL, DATA_DIR } },
  );
  const pgVersion = (await queryOne("SELECT current_setting('server_version') AS v")).split(" ")[0];

  const servers: BenchServer[] = [];
  const stopAll = () => Promise.all(servers.map(stopBenchServer));
  const onSignal = () => void stopAll().then(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  const results: { name: string; one: Load; two: Load }[] = [];
  /** The machine's 1-minute load average after each measured pass (other work on it inflates latencies). */
  const loads: number[] = [];
  try {
    servers.push(await startServer());
    const targets = await buildTargets(servers[0]!.base, catalogue, samples, opts.ordersOnly);
    const one: Load[] = [];
    for (const t of targets) {
      await measure(servers, t, connections, duration); // warm-up pass, not reported
      const r = await measure(servers, t, connections, duration);
      one.push(r);
      loads.push(loadavg()[0]!);
      console.log(
        `1 process, ${t.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, timeouts ${r.timeouts}, errors ${r.errors}, load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
    servers.push(await startServer());
    for (const [i, t] of targets.entries()) {
      await measure(servers, t, connections, duration);
      const r = await measure(servers, t, connections, duration);
      loads.push(loadavg()[0]!);
      console.log(
        `2 processes, ${t.name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, timeouts ${r.timeouts}, errors ${r.errors}, load ${loadavg()[0]!.toFixed(1)}`,
      );
      results.push({ name: t.name, one: one[i]!, two: r });
    }
  } finally {
    // Let the requests autocannon left in flight finish before the servers drain and close their pools.
    await new Promise((r) => setTimeout(r, 1000));
    await stopAll();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }

  const redisVersion = await redisServerVersion();
  const healthz = results.find((r) => r.name.startsWith("/healthz"));
  const vsHealthz = (r: (typeof results)[number]) => (healthz ? `${(r.one.p99 / Math.max(healthz.one.p99, 1)).toFixed(1)}×` : "");
  const table = [
    "| target | 1 process req/s | 1 process p50 / p99 ms | 2 processes req/s | 2 processes p50 / p99 ms | throughput ratio 2/1 | p99 vs /healthz (1 process) | timeouts (1 / 2) | errors (1 / 2) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.one.rps)} | ${r.one.p50} / ${r.one.p99} | ${Math.round(r.two.rps)} | ${r.two.p50} / ${r.two.p99} | ${(r.two.rps / Math.max(r.one.rps, 1)).toFixed(2)}× | ${vsHealthz(r)} | ${r.one.timeouts} / ${r.two.timeouts} | ${r.one.errors} / ${r.two.errors} |`,
    ),
  ].join("\n");
  const half = Math.max(1, Math.floor(connections / 2));
  const summary = `${catalogue.toLocaleString("en")} products, ${orders.toLocaleString("en")} orders, PostgreSQL ${pgVersion} + Redis ${redisVersion} on the same machine (${(await import("node:os")).cpus().length} cores), API only (API_ONLY=1), one run on ${new Date().toISOString().slice(0, 10)}; load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}.
${opts.ordersOnly ? `Every target ${STAFF_CONNECTIONS} connections (1 process), or two autocannon runs at once with ${STAFF_CONNECTIONS / 2} each, one per process (2 processes)` : `1 process: autocannon, ${connections} connections; 2 processes: two autocannon runs at once, ${half} connections each, one per process`} (req/s summed, worse p99 kept). ${duration} s per target after a warm-up pass.

${table}
`;
  console.log("\n" + summary);
  if (opts.write) writeFileSync("docs/benchmarks.latest-postgres.md", summary);
}

/** The Redis server's version, from INFO. */
async function redisServerVersion(): Promise<string> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    return /redis_version:(\S+)/.exec(await redis.info("server"))?.[1] ?? "?";
  } catch {
    return "?";
  } finally {
    redis.disconnect();
  }
}
