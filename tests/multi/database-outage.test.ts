import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiMessage } from "#contract/messages.ts";
import { openDatabase, type Database } from "#db/client.ts";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy.ts";
import {
  alive,
  allReadiness,
  approveAll,
  checkoutLoad,
  customersReady,
  expectBooks,
  freshProduct,
  msUntil,
  retryFailed,
  type Attempt,
} from "./books.ts";
import { api, startServer, stopServer, type ServerProcess } from "./cluster.ts";
import type { MultiEnv } from "./global-setup.ts";
import { PRODUCTION, report, sleep } from "./faults.ts";

/**
 * Two production processes whose PostgreSQL goes away under checkout load, through a TCP proxy: its
 * connections reset, then it stalls. The processes must outlive it, answer 503 quickly meanwhile,
 * serve again by themselves, and keep the books.
 */

const multi = inject("multi");
const env = multi as Extract<MultiEnv, { available: true }>;

describe.skipIf(!multi.available)("PostgreSQL going away under two processes", () => {
  let proxy: FaultProxy;
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openDatabase({ url: env.databaseUrl, poolSize: 4 });
    proxy = await startFaultProxy(env.databaseUrl);
    const extra = { ...PRODUCTION, DATABASE_URL: proxy.url(env.databaseUrl), DATABASE_TIMEOUT_SECONDS: "2" };
    [a, b] = await Promise.all([startServer(env, "pg-a", extra), startServer(env, "pg-b", extra)]);
  });
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => stopServer(s)));
    await proxy?.close();
    await database?.close();
  });

  /** A request that needs the database (a cart that does not exist): 404 when it answers. */
  const probe = async (server: ServerProcess) => {
    const t0 = performance.now();
    const res = await api(server, "GET", `/ecom/venda/carrinho/${randomUUID()}`);
    return { status: res.status, message: (res.body as { message?: string }).message, ms: performance.now() - t0 };
  };

  const expectOnly200Or503 = (attempts: Attempt[]) => {
    for (const at of attempts) expect([200, 503], `${at.server} after ${Math.round(at.sentAt)} ms: ${at.message ?? ""}`).toContain(at.status);
    for (const at of attempts.filter((x) => x.status === 503)) expect(at.message).toBe(apiMessage("pt-BR", "service_unavailable"));
  };

  const settle = async (attempts: Attempt[], id: number, stock: number) => {
    const finals = await retryFailed(attempts, b);
    expect(finals.map((f) => f.status)).toEqual(finals.map(() => 200));
    await approveAll(a, finals);
    await expectBooks(
      db(),
      id,
      stock,
      finals.map((f) => f.externalId!),
    );
    expect(alive(a) && alive(b), "both processes still running").toBe(true);
    const failed = [a, b].flatMap((s) => s.lines).filter((l) => l.includes('"statusCode":500') || l.includes("Unhandled"));
    expect(failed).toEqual([]);
  };

  it("outlive their connections being reset: 503 while PostgreSQL is unreachable, serving again by themselves", async () => {
    const stock = 1000;
    const id = await freshProduct(db(), stock);
    const ready = await customersReady(db(), [a, b], id, 40);
    // A checkout every 100 ms through both; PostgreSQL is cut off 1 s in, for 3 s.
    const load = checkoutLoad(() => [a, b], ready, 100);
    await sleep(1000);
    proxy.cut();
    const flipMs = await msUntil(() => allReadiness([a, b], 503), 10_000, 50);
    const during = await probe(a);
    expect([during.status, during.message]).toEqual([503, apiMessage("pt-BR", "service_unavailable")]);
    expect(during.ms).toBeLessThan(3000);
    await sleep(Math.max(0, 3000 - flipMs));
    proxy.heal();
    const recoverMs = await msUntil(() => allReadiness([a, b], 200), 15_000, 50);
    expect((await probe(b)).status).toBe(404);
    const attempts = await load;
    expectOnly200Or503(attempts);
    expect(attempts.some((x) => x.status === 503)).toBe(true);
    expect(Math.max(...attempts.map((x) => x.ms))).toBeLessThan(5000);
    report("postgres reset", { flipMs, recoverMs, probeMs: during.ms, attempts });
    await settle(attempts, id, stock);
  });

  it("answer 503 within a few seconds while PostgreSQL stalls, instead of holding requests as long as it does", async () => {
    const stock = 1000;
    const id = await freshProduct(db(), stock);
    const ready = await customersReady(db(), [a, b], id, 40);
    // A checkout every 150 ms through both; PostgreSQL stops answering 1 s in, for 8 s.
    const load = checkoutLoad(() => [a, b], ready, 150);
    await sleep(1000);
    proxy.stall();
    const stalledAt = performance.now();
    const flipMs = await msUntil(() => allReadiness([a, b], 503), 10_000, 50);
    const during = await probe(b);
    expect([during.status, during.message]).toEqual([503, apiMessage("pt-BR", "service_unavailable")]);
    expect(during.ms).toBeLessThan(6000);
    await sleep(Math.max(0, 8000 - (performance.now() - stalledAt)));
    proxy.heal();
    const recoverMs = await msUntil(() => allReadiness([a, b], 200), 15_000, 50);
    const attempts = await load;
    expectOnly200Or503(attempts);
    expect(attempts.some((x) => x.status === 503)).toBe(true);
    // Bounded by the timeouts (2 s to get a connection, 2 s for a statement), not by the 8 s stall.
    expect(Math.max(...attempts.map((x) => x.ms))).toBeLessThan(7000);
    report("postgres stall (8 s)", { flipMs, recoverMs, probeMs: during.ms, attempts });
    await settle(attempts, id, stock);
  });
});
