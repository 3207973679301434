import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, queryRows, type Database } from "#db/client.ts";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy.ts";
import { freePort } from "../support/free-port.ts";
import { alive, approveAll, checkoutLoad, customersReady, freshProduct, msUntil } from "./books.ts";
import { api, startServer, stopServer, type ServerProcess } from "./cluster.ts";
import type { MultiEnv } from "./global-setup.ts";
import { PRODUCTION, sleep } from "./faults.ts";

/**
 * Two production processes with METRICS_PORT set, selling through a moment without Redis: what each one's
 * metrics say, added up, must be what the database holds, and the outage must show in them.
 */

const multi = inject("multi");
const env = multi as Extract<MultiEnv, { available: true }>;

interface Metered extends ServerProcess {
  metricsUrl: string;
}

/** One scrape: every sample's value by its series (`name{label="value",…}` as printed). */
type Samples = Map<string, number>;

async function scrape(server: Metered): Promise<Samples> {
  const res = await fetch(server.metricsUrl);
  expect(res.status, `${server.name} /metrics`).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  const samples: Samples = new Map();
  for (const line of (await res.text()).split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** The sum of the samples of `name` whose labels include every one of `labels`. */
function sum(samples: Samples, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let total = 0;
  for (const [series, value] of samples) {
    const brace = series.indexOf("{");
    const seriesName = brace === -1 ? series : series.slice(0, brace);
    if (seriesName !== name) continue;
    const labelText = brace === -1 ? "" : series.slice(brace + 1, -1);
    const have = labelText.split(/,(?=\w+=")/);
    if (wanted.every((w) => have.includes(w))) total += value;
  }
  return total;
}

const CHECKOUT = { kind: "api", method: "POST", route: "/ecom/venda/carrinho/:external_id/iniciar-checkout" };

describe.skipIf(!multi.available)("metrics of two processes selling through a Redis outage", () => {
  let proxy: FaultProxy;
  let a: Metered;
  let b: Metered;
  let database: Database;
  const db = () => database.db;

  async function start(name: string): Promise<Metered> {
    const metricsPort = await freePort();
    const server = await startServer(env, name, { ...PRODUCTION, REDIS_URL: proxy.url(env.redisUrl), METRICS_PORT: String(metricsPort) });
    return { ...server, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
  }

  beforeAll(async () => {
    database = await openDatabase({ url: env.databaseUrl, poolSize: 4 });
    proxy = await startFaultProxy(env.redisUrl);
    [a, b] = await Promise.all([start("metrics-a"), start("metrics-b")]);
  });
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => stopServer(s)));
    await proxy?.close();
    await database?.close();
  });

  it("serves the metrics on their own port only: the public port answers 404 for /metrics", async () => {
    for (const server of [a, b]) {
      expect((await api(server, "GET", "/metrics")).status).toBe(404);
      const samples = await scrape(server);
      expect(sum(samples, "store_build_info")).toBe(1);
      expect(sum(samples, "process_cpu_seconds_total")).toBeGreaterThan(0);
      expect(sum(samples, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
      expect(sum(samples, "store_db_pool_connections", { state: "max" })).toBeGreaterThan(0);
      expect(sum(samples, "store_circuit_open", { dependency: "redis" })).toBe(0);
    }
  });

  it("count the orders, payments and requests the books hold, and the Redis circuit opening and closing", async () => {
    const before = await Promise.all([scrape(a), scrape(b)]);
    const stock = 500;
    const id = await freshProduct(db(), stock);
    const ready = await customersReady(db(), [a, b], id, 24);
    // A checkout every 150 ms through both; Redis goes away 1 s in, for 4 s.
    const load = checkoutLoad(() => [a, b], ready, 150);
    await sleep(1000);
    proxy.cut();
    await sleep(4000);
    proxy.heal();
    await msUntil(async () => {
      const answers = await Promise.all([a, b].map((s) => api<{ checks: { redis: string } }>(s, "GET", "/readyz")));
      return answers.every((r) => r.status === 200 && r.body.checks.redis === "ok");
    }, 15_000);
    const attempts = await load;
    expect(attempts.map((x) => x.status)).toEqual(attempts.map(() => 200));
    // Half the payments approved on the gateway's page (through b): the other half stay unpaid.
    await approveAll(b, attempts.slice(0, attempts.length / 2));

    const [orders] = await queryRows<{ placed: number; paid: number }>(
      db(),
      sql`SELECT count(*)::int AS placed, count(*) FILTER (WHERE p.status = 'PAGO')::int AS paid
          FROM pedidos p JOIN pedido_itens i ON i.order_id = p.id WHERE i.produto_id = ${id}`,
    );
    expect(orders).toEqual({ placed: attempts.length, paid: attempts.length / 2 });

    const after = await Promise.all([scrape(a), scrape(b)]);
    const delta = (name: string, labels: Record<string, string> = {}) =>
      [0, 1].map((i) => sum(after[i]!, name, labels) - sum(before[i]!, name, labels));
    const total = (name: string, labels: Record<string, string> = {}) => delta(name, labels).reduce((x, y) => x + y, 0);

    // The books: every order placed counted once by the process that took it, every payment once.
    // Residents of Paraguay buy in guaraníes.
    expect(total("store_orders_total", { event: "placed", currency: "PYG", gateway: "sandbox" })).toBe(orders!.placed);
    expect(total("store_orders_total", { event: "paid", gateway: "sandbox" })).toBe(orders!.paid);
    expect(total("store_webhook_notifications_total", { provider: "sandbox", result: "paid" })).toBe(orders!.paid);
    expect(total("store_gateway_call_duration_seconds_count", { provider: "sandbox", operation: "createPayment", outcome: "ok" })).toBe(
      orders!.placed,
    );
    // The request histogram: each process counted the checkouts sent to it, whatever Redis did meanwhile.
    expect(delta("store_http_request_duration_seconds_count", { ...CHECKOUT, status_class: "2xx" })).toEqual(
      [a, b].map((s) => attempts.filter((x) => x.server === s.name).length),
    );
    expect(delta("store_http_request_duration_seconds_bucket", { ...CHECKOUT, le: "+Inf" })).toEqual(
      [a, b].map((s) => attempts.filter((x) => x.server === s.name).length),
    );
    // Redis: each process saw its circuit open (an outage counted) and closed again.
    expect(delta("store_outages_total", { dependency: "redis" })).toEqual([1, 1]);
    for (const samples of after) expect(sum(samples, "store_circuit_open", { dependency: "redis" })).toBe(0);
    // The answers in flight went back to none (this scrape's own request is not one of the store's).
    for (const samples of after) expect(sum(samples, "store_http_requests_in_flight")).toBe(0);
    expect(alive(a) && alive(b)).toBe(true);
  });
});
