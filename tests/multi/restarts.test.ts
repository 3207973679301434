import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "#db/client.ts";
import {
  alive,
  approveAll,
  checkoutLoad,
  checkoutOnce,
  customersReady,
  expectBooks,
  freshProduct,
  msUntil,
  readiness,
  retryFailed,
  type Attempt,
} from "./books.ts";
import { api, logRecords, startServer, stopServer, type ServerProcess } from "./cluster.ts";
import type { MultiEnv } from "./global-setup.ts";
import { PRODUCTION, report, sleep } from "./faults.ts";

/**
 * One of two production processes killed (SIGKILL) or stopped for a rolling restart (SIGTERM) under
 * checkout load: nothing acknowledged is lost, and a SIGTERM drops nothing that was sent.
 */

const multi = inject("multi");
const env = multi as Extract<MultiEnv, { available: true }>;
const DRAIN_SECONDS = 2;

describe.skipIf(!multi.available)("one of two processes stopping under checkout load", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;
  const db = () => database.db;
  const extra = { ...PRODUCTION, SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) };

  beforeAll(async () => {
    database = await openDatabase({ url: env.databaseUrl, poolSize: 4 });
    [a, b] = await Promise.all([startServer(env, "restart-a", extra), startServer(env, "restart-b", extra)]);
  });
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => stopServer(s)));
    await database?.close();
  });

  it("loses no acknowledged checkout when one is killed (SIGKILL) mid-load", async () => {
    const stock = 1000;
    const id = await freshProduct(db(), stock);
    const ready = await customersReady(db(), [a, b], id, 40);
    const load = checkoutLoad(() => [a, b], ready, 40);
    await sleep(600);
    a.proc.kill("SIGKILL");
    const attempts = await load;
    expect(await a.exited).toBe(null);
    // What reached the killed process either was answered or failed with the connection; never a 5xx.
    for (const at of attempts) expect([200, "error"], at.server).toContain(at.status);
    expect(attempts.filter((x) => x.server === b.name).every((x) => x.status === 200)).toBe(true);
    const finals = await retryFailed(attempts, b);
    expect(finals.map((f) => f.status)).toEqual(finals.map(() => 200));
    await approveAll(b, finals);
    await expectBooks(
      db(),
      id,
      stock,
      finals.map((f) => f.externalId!),
    );
    expect(alive(b)).toBe(true);
    report("SIGKILL of one of two", { lostConnections: attempts.filter((x) => x.status === "error").length, attempts });

    // The supervisor starts it again.
    a = await startServer(env, "restart-a2", extra);
  });

  it("drops nothing on SIGTERM: readiness says draining while requests are still answered, then it stops cleanly", async () => {
    const stock = 1000;
    const id = await freshProduct(db(), stock);
    const ready = await customersReady(db(), [a, b], id, 58);
    const [burst, stream] = [ready.slice(0, 18), ready.slice(18)];

    // A load balancer that checks /readyz every 100 ms and sends requests to the processes that are ready.
    const healthy = new Set([a, b]);
    const poll = setInterval(() => {
      for (const s of [a, b]) void readiness(s).then((r) => (r === 200 ? healthy.add(s) : healthy.delete(s)));
    }, 100);
    try {
      const stopping = a;
      const streamed = checkoutLoad(() => (healthy.size > 0 ? [...healthy] : [b]), stream, 75);
      await sleep(500);
      // 18 checkouts sent to the stopping process 50 ms before its SIGTERM.
      const burstAnswers = Promise.all(burst.map((r) => checkoutOnce(stopping, r)));
      await sleep(50);
      const termAt = performance.now();
      stopping.proc.kill("SIGTERM");
      const flipMs = await msUntil(async () => (await api(stopping, "GET", "/readyz")).status === 503, 2000, 20);
      const drainingReady = await api<{ status: string }>(stopping, "GET", "/readyz");
      expect([drainingReady.status, drainingReady.body]).toEqual([503, { status: "draining" }]);
      // Still answering while draining: a request that arrives now (the balancer has not noticed yet) is served.
      const late = await checkoutOnce(stopping, stream.at(-1)!);

      expect(await stopping.exited).toBe(0);
      const stoppedMs = performance.now() - termAt;
      const attempts: Attempt[] = [...(await burstAnswers), ...(await streamed)];
      for (const at of [...attempts, late]) expect(at.status, `${at.server} after ${Math.round(at.sentAt)} ms`).toBe(200);
      expect(logRecords(stopping).map((r) => r.msg)).toEqual(expect.arrayContaining(["shutting down", "no longer accepting connections", "stopped"]));
      report("SIGTERM of one of two (rolling restart)", { flipMs, stoppedMs, drainSeconds: DRAIN_SECONDS, attempts });

      await approveAll(b, attempts);
      await expectBooks(
        db(),
        id,
        stock,
        attempts.map((x) => x.externalId!),
      );
      expect(alive(b)).toBe(true);
    } finally {
      clearInterval(poll);
    }
  });
});
