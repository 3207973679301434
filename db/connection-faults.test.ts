import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFaultProxy, type FaultProxy } from "../tests/support/fault-proxy.ts";
import { reachable } from "../tests/support/redis.ts";
import { isDatabaseUnavailable, openDatabase, type Database } from "./client.ts";

/** The PostgreSQL pool when the network or the server misbehaves (through a TCP proxy that resets or stalls). */

const serverUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const up = await reachable(serverUrl);

describe.skipIf(!up)("a PostgreSQL pool behind a faulty network", () => {
  let proxy: FaultProxy;
  let database: Database;
  const heard: Error[] = [];
  const select1 = () => database.db.execute(sql`select 1 AS one`);

  beforeAll(async () => {
    proxy = await startFaultProxy(serverUrl);
    database = await openDatabase({ url: proxy.url(serverUrl), poolSize: 3, timeoutMs: 500 });
    database.onConnectionError((err) => heard.push(err));
  });
  afterAll(async () => {
    await database?.close().catch(() => {});
    await proxy?.close();
  });

  it("outlives its idle connections being reset, and opens new ones for the next queries", async () => {
    await Promise.all([select1(), select1(), select1()]);
    expect(proxy.connections()).toBeGreaterThan(0);
    proxy.reset();
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    expect(heard.every(isDatabaseUnavailable)).toBe(true);
    await expect(select1()).resolves.toBeTruthy();
  });

  it("gives up on a stalled statement after its bound, and never hands that connection to the next query", async () => {
    await select1();
    proxy.stall();
    const t0 = performance.now();
    const stalled = await select1().then(
      () => undefined,
      (err: unknown) => err,
    );
    const waited = performance.now() - t0;
    expect(isDatabaseUnavailable(stalled), String(stalled)).toBe(true);
    expect(waited).toBeLessThan(3000);
    // A transaction fails as quickly, whether it waits for a connection or for an answer.
    await expect(database.db.transaction(async (tx) => tx.execute(sql`select 2`))).rejects.toSatisfy(isDatabaseUnavailable);
    proxy.heal();
    const t1 = performance.now();
    for (let i = 0; i < 5; i++) await select1();
    expect(performance.now() - t1).toBeLessThan(1000);
  });

  it("tells an unreachable database from a wrong query", async () => {
    const nowhere = await openDatabase({ url: "postgres://postgres@127.0.0.1:1/none", timeoutMs: 500 });
    try {
      await expect(nowhere.db.execute(sql`select 1`)).rejects.toSatisfy(isDatabaseUnavailable);
    } finally {
      await nowhere.close();
    }
    const wrong = await database.db.execute(sql`select * from no_such_table`).catch((err: unknown) => err);
    expect(isDatabaseUnavailable(wrong)).toBe(false);
  });
});
