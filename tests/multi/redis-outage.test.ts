import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "#db/client.ts";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy.ts";
import { alive, approveAll, checkoutLoad, customersReady, expectBooks, freshProduct, msUntil, type Attempt } from "./books.ts";
import { api, clientIp, logRecords, startServer, stopServer, type ServerProcess } from "./cluster.ts";
import type { MultiEnv } from "./global-setup.ts";
import { PRODUCTION, report, sleep } from "./faults.ts";

/**
 * Two production processes whose Redis goes away under load, through a TCP proxy. Redis holds only
 * caches and counters: the shop keeps selling from the database, limits count per process, readiness
 * stays 200 and says "degraded", and each process logs the outage once.
 */

const multi = inject("multi");
const env = multi as Extract<MultiEnv, { available: true }>;

type Ready = { status: string; checks: { database: string; redis: string } };

describe.skipIf(!multi.available)("Redis going away under two processes", () => {
  let proxy: FaultProxy;
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openDatabase({ url: env.databaseUrl, poolSize: 4 });
    proxy = await startFaultProxy(env.redisUrl);
    const extra = { ...PRODUCTION, REDIS_URL: proxy.url(env.redisUrl) };
    [a, b] = await Promise.all([startServer(env, "redis-a", extra), startServer(env, "redis-b", extra)]);
  });
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => stopServer(s)));
    await proxy?.close();
    await database?.close();
  });

  const readyz = (server: ServerProcess) => api<Ready>(server, "GET", "/readyz");
  const outageLines = (server: ServerProcess, msg: string) => logRecords(server).filter((r) => r.msg === msg).length;

  /** Catalogue reads (cached in Redis when it answers), timed. */
  async function browse(server: ServerProcess, n: number) {
    const answers: { status: number; ms: number }[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const res = await api(server, "GET", `/api/public/products?moeda_id=2&page=${1 + (i % 3)}`);
      answers.push({ status: res.status, ms: performance.now() - t0 });
    }
    return answers;
  }

  async function outage(kind: "cut" | "stall") {
    const before = [a, b].map((s) => outageLines(s, "redis unavailable: caching bypassed, rate limits counted per process"));
    const stock = 500;
    const id = await freshProduct(db(), stock);
    const ready = await customersReady(db(), [a, b], id, 30);
    // A checkout every 150 ms through both; Redis goes away 1 s in, for 6 s.
    const load = checkoutLoad(() => [a, b], ready, 150);
    await sleep(1000);
    if (kind === "cut") proxy.cut();
    else proxy.stall();
    const goneAt = performance.now();

    const browsing = await Promise.all([browse(a, 10), browse(b, 10)]);
    for (const server of [a, b]) {
      const res = await readyz(server);
      expect([res.status, res.body]).toEqual([200, { status: "degraded", checks: { database: "ok", redis: "degraded" } }]);
    }
    // A limit still holds while Redis is away, counted by each process alone (10 a minute per client).
    const ip = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await api(a, "POST", "/api/public/contato-newsletter", { ip, body: { celular: "+595 981 222 333" } })).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);

    await sleep(Math.max(0, 6000 - (performance.now() - goneAt)));
    proxy.heal();
    const recoverMs = await msUntil(async () => {
      const answers = await Promise.all([a, b].map(readyz));
      return answers.every((r) => r.status === 200 && r.body.checks.redis === "ok");
    }, 15_000);
    const attempts: Attempt[] = await load;

    for (const at of attempts) expect(at.status, `${at.server} after ${Math.round(at.sentAt)} ms`).toBe(200);
    const reads = browsing.flat();
    expect(reads.every((r) => r.status === 200)).toBe(true);
    const slowest = Math.max(...attempts.map((x) => x.ms), ...reads.map((r) => r.ms));
    // Half a second at most for the request that finds Redis gone (commandTimeout), plus a loaded machine's own latency.
    expect(slowest).toBeLessThan(2500);
    // One line when the outage began and one when it ended, per process, however many requests fell back.
    [a, b].forEach((s, i) => {
      expect(outageLines(s, "redis unavailable: caching bypassed, rate limits counted per process") - before[i]!, s.name).toBe(1);
    });
    await expect.poll(() => [a, b].map((s) => outageLines(s, "redis available again") >= 1)).toEqual([true, true]);
    report(`redis ${kind} (6 s)`, { recoverMs, slowestReadMs: Math.max(...reads.map((r) => r.ms)), attempts });

    await approveAll(b, attempts);
    await expectBooks(
      db(),
      id,
      stock,
      attempts.map((x) => x.externalId!),
    );
    expect(alive(a) && alive(b)).toBe(true);
  }

  it("keep selling from the database while Redis is cut off, ready and saying Redis is degraded", () => outage("cut"));

  it("keep selling while Redis stalls: the cache is bypassed after half a second, nothing queues", () => outage("stall"));
});
