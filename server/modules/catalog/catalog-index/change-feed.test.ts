import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "#db/client.ts";
import { createChangeFeed, type CatalogChange } from "./change-feed.ts";

const dialect = new PgDialect();

/** `catalogo_alteracoes` as the feed reads it; `late` rows are still within the late-commit window. */
function fakeDb() {
  const rows: { versao: number; produto_id: number | null; late?: boolean }[] = [];
  const statements: string[] = [];
  const db = {
    async execute(query: SQL) {
      const { sql, params } = dialect.sqlToQuery(query);
      statements.push(sql);
      if (sql.includes("max(versao)")) return { rows: [{ versao: Math.max(0, ...rows.map((r) => r.versao)) }] };
      if (sql.startsWith("DELETE")) return { rows: [] };
      const [seen, , , limit] = params as number[];
      return { rows: rows.filter((r) => r.versao > seen! || r.late).slice(0, limit) };
    },
  };
  return { db: db as unknown as Db, rows, statements };
}

function recorder() {
  const told: CatalogChange[] = [];
  return { told, follower: async (change: CatalogChange) => (told.push(change), undefined) };
}

describe("the catalogue's change feed", () => {
  it("loads everything first, then tells the products changed since, once each, and whether names changed", async () => {
    const { db, rows } = fakeDb();
    rows.push({ versao: 1, produto_id: 5 });
    const feed = createChangeFeed(db);
    const { told, follower } = recorder();
    feed.follow(follower);
    await feed.fresh();
    expect(told).toEqual([{ all: true }]);

    rows.push({ versao: 2, produto_id: 7 }, { versao: 3, produto_id: 7 }, { versao: 4, produto_id: 0 });
    await feed.fresh();
    expect(told[1]).toEqual({ all: false, names: true, products: [7] });

    // Read again within the late-commit window: not told twice.
    rows.filter((r) => r.versao > 1).forEach((r) => (r.late = true));
    await feed.fresh();
    expect(told).toHaveLength(2);
  });

  it("reloads everything after a statement changed too many products to read one by one", async () => {
    const { db, rows } = fakeDb();
    const feed = createChangeFeed(db);
    const { told, follower } = recorder();
    feed.follow(follower);
    await feed.fresh();
    rows.push({ versao: 1, produto_id: null });
    await feed.fresh();
    for (let v = 2; v <= 1002; v++) rows.push({ versao: v, produto_id: v });
    await feed.fresh();
    expect(told).toEqual([{ all: true }, { all: true }, { all: true }]);
  });

  it("applies every follower's reading only once all have read", async () => {
    const { db } = fakeDb();
    const feed = createChangeFeed(db);
    const applied: string[] = [];
    let release = () => {};
    feed.follow(async () => () => applied.push("fast"));
    feed.follow(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return () => applied.push("slow");
    });
    const done = feed.fresh();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(applied).toEqual([]);
    release();
    await done;
    expect(applied).toEqual(["fast", "slow"]);
  });

  it("tells a change again on the next refresh when a follower's read of it failed", async () => {
    const { db, rows } = fakeDb();
    const feed = createChangeFeed(db);
    const { told, follower } = recorder();
    feed.follow(follower);
    const applied: CatalogChange[] = [];
    let failNext = false;
    feed.follow(async (change) => {
      if (failNext) {
        failNext = false;
        throw new Error("connection lost");
      }
      return () => applied.push(change);
    });
    await feed.fresh();

    rows.push({ versao: 1, produto_id: 7, late: true });
    failNext = true;
    await expect(feed.fresh()).rejects.toThrow("connection lost");
    // All or nothing: the other follower's reading is not applied either.
    expect(applied).toEqual([{ all: true }]);

    await feed.fresh();
    expect(applied.at(-1)).toEqual({ all: false, names: false, products: [7] });
    expect(told.at(-1)).toEqual({ all: false, names: false, products: [7] });

    // Applied now: read again within the late-commit window, it is not told twice.
    const count = told.length;
    await feed.fresh();
    expect(told).toHaveLength(count);
  });

  it("keeps a change failed once even when a later one is applied first", async () => {
    const { db, rows } = fakeDb();
    const feed = createChangeFeed(db);
    let fail = false;
    const applied: CatalogChange[] = [];
    feed.follow(async (change) => {
      if (fail) throw new Error("connection lost");
      return () => applied.push(change);
    });
    await feed.fresh();
    rows.push({ versao: 1, produto_id: 7, late: true });
    fail = true;
    await expect(feed.fresh()).rejects.toThrow();
    fail = false;
    rows.push({ versao: 2, produto_id: 8, late: true });
    await feed.fresh();
    expect(applied.at(-1)).toEqual({ all: false, names: false, products: [7, 8] });
  });

  it("reloads everything on the next refresh when a full reload's read failed", async () => {
    const { db, rows } = fakeDb();
    const feed = createChangeFeed(db);
    let fail = false;
    const applied: CatalogChange[] = [];
    feed.follow(async (change) => {
      if (fail) throw new Error("connection lost");
      return () => applied.push(change);
    });
    await feed.fresh();
    rows.push({ versao: 1, produto_id: null, late: true });
    fail = true;
    await expect(feed.fresh()).rejects.toThrow();
    fail = false;
    await feed.fresh();
    expect(applied).toEqual([{ all: true }, { all: true }]);

    // More changes than are read one by one, the first row past the late-commit window.
    rows[0]!.late = false;
    for (let v = 2; v <= 1002; v++) rows.push({ versao: v, produto_id: v, late: true });
    fail = true;
    await expect(feed.fresh()).rejects.toThrow();
    fail = false;
    await feed.fresh();
    expect(applied).toEqual([{ all: true }, { all: true }, { all: true }]);
  });

  it("loads everything on the next refresh when the first load failed", async () => {
    const { db, rows } = fakeDb();
    rows.push({ versao: 1, produto_id: 5 });
    const feed = createChangeFeed(db);
    let fail = true;
    const applied: CatalogChange[] = [];
    feed.follow(async (change) => {
      if (fail) throw new Error("connection lost");
      return () => applied.push(change);
    });
    await expect(feed.fresh()).rejects.toThrow();
    fail = false;
    await feed.fresh();
    expect(applied).toEqual([{ all: true }]);
    // The first load's position holds: version 1 is in it and not told again.
    await feed.fresh();
    expect(applied).toEqual([{ all: true }]);
  });

  it("reads a notified change again on the next answer when a follower's read of it failed", async () => {
    const { db, rows } = fakeDb();
    let notify = () => {};
    const feed = createChangeFeed(db, { listen: async (_channel, onNotify) => (notify = onNotify) });
    let fail = false;
    const applied: CatalogChange[] = [];
    feed.follow(async (change) => {
      if (fail) throw new Error("connection lost");
      return () => applied.push(change);
    });
    await feed.fresh();
    rows.push({ versao: 1, produto_id: 9 });
    notify();
    fail = true;
    await expect(feed.fresh()).rejects.toThrow();
    fail = false;
    await feed.fresh();
    expect(applied.at(-1)).toEqual({ all: false, names: false, products: [9] });
  });

  it("asks the database nothing while no change is notified", async () => {
    const { db, rows, statements } = fakeDb();
    let notify = () => {};
    const feed = createChangeFeed(db, { listen: async (_channel, onNotify) => (notify = onNotify) });
    const { told, follower } = recorder();
    feed.follow(follower);
    await feed.fresh();
    const asked = statements.length;
    await feed.fresh();
    await feed.fresh();
    expect(statements).toHaveLength(asked);
    rows.push({ versao: 1, produto_id: 9 });
    notify();
    await feed.fresh();
    expect(told.at(-1)).toEqual({ all: false, names: false, products: [9] });
  });
});
