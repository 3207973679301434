import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, queryRows, type Database } from "#db/client.ts";
import { cartBody } from "../support/shop.ts";
import {
  api,
  checkoutVia,
  clientIp,
  loginVia,
  logRecords,
  readyCheckout,
  residents,
  startServer,
  stopServer,
  type Answer,
  type ReadyCheckout,
  type ServerProcess,
} from "./cluster.ts";
import type { MultiEnv } from "./global-setup.ts";

/**
 * Two server processes on two ports over one PostgreSQL and one Redis: nothing one of them keeps
 * in memory is needed by the other, and stopping one loses nothing.
 */

const multi = inject("multi");
// Read only when the suite runs, that is when PostgreSQL and Redis answered.
const env = multi as Extract<MultiEnv, { available: true }>;

describe.skipIf(!multi.available)("two server processes, one PostgreSQL, one Redis", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openDatabase({ url: env.databaseUrl, poolSize: 4 });
    [a, b] = await Promise.all([startServer(env, "a"), startServer(env, "b")]);
  });
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((s) => stopServer(s)));
    await database?.close();
  });

  /** An active product in dollars, given exactly `stock` units. */
  async function product(stock: number): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM produtos WHERE ativo AND mostrar_preco AND moeda_id = 2 AND valor_venda > 0
          AND id NOT IN (SELECT produto_id FROM pedido_itens) ORDER BY id DESC LIMIT 1`,
    );
    await db().execute(sql`UPDATE produtos SET qtde_disponivel = ${stock} WHERE id = ${row!.id}`);
    return row!.id;
  }

  const stockOf = async (id: number) =>
    Number((await queryRows<{ q: number }>(db(), sql`SELECT qtde_disponivel AS q FROM produtos WHERE id = ${id}`))[0]!.q);

  const ordersOf = (id: number) =>
    queryRows<{ id: number; external_id: string; cart_id: number }>(
      db(),
      sql`SELECT p.id, p.external_id, p.cart_id FROM pedidos p JOIN pedido_itens i ON i.order_id = p.id WHERE i.produto_id = ${id} ORDER BY p.id`,
    );

  it("are both ready, with the database and Redis answering", async () => {
    for (const server of [a, b]) {
      const res = await api(server, "GET", "/readyz");
      expect([res.status, res.body]).toEqual([200, { status: "ok", checks: { database: "ok", redis: "ok" } }]);
    }
  });

  it("read through one a cart written through the other, and the other way round", async () => {
    const id = await product(50);
    const created = await api<{ data: { id: number; external_id: string; itens: { produto_id: number; qtde: number }[] } }>(
      a,
      "POST",
      "/ecom/venda/carrinho",
      { body: cartBody([{ produto_id: id, qtde: 2 }]) },
    );
    expect(created.status).toBe(200);
    const { external_id } = created.body.data;
    const read = await api<{ data: typeof created.body.data }>(b, "GET", `/ecom/venda/carrinho/${external_id}?moeda_id=2`);
    expect(read.status).toBe(200);
    expect(read.body.data.itens).toMatchObject([{ produto_id: id, qtde: 2 }]);

    const updated = await api(b, "PUT", `/ecom/venda/carrinho/${created.body.data.id}`, {
      body: cartBody([{ produto_id: id, qtde: 5 }], 2, external_id),
    });
    expect(updated.status).toBe(200);
    const again = await api<{ data: typeof created.body.data }>(a, "GET", `/ecom/venda/carrinho/${external_id}?moeda_id=2`);
    expect(again.body.data.itens).toMatchObject([{ produto_id: id, qtde: 5 }]);
  });

  it("accept on one a login made on the other, and forget it everywhere on logout", async () => {
    const [email] = await residents(db(), 1);
    const session = await loginVia(a, email!);
    const me = await api<{ id: number }>(b, "POST", "/ecom/me", { token: session.token });
    expect([me.status, me.body.id]).toEqual([200, session.user.id]);
    expect((await api(b, "POST", "/ecom/logout", { token: session.token })).status).toBe(200);
    expect((await api(a, "POST", "/ecom/me", { token: session.token })).status).toBe(401);
  });

  it("count one client's requests against a limit together", async () => {
    const ip = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      for (const server of [a, b]) {
        statuses.push((await api(server, "POST", "/api/public/contato-newsletter", { ip, body: { celular: "+595 981 222 333" } })).status);
      }
    }
    // 10 a minute per client: alone, each process would have let all 6 of its own through.
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("count an account's failed logins together", async () => {
    const [email, other] = await residents(db(), 2);
    // Per account and address: the sixth attempt from one address is refused, whichever process hears it.
    const ip = clientIp();
    for (let i = 0; i < 5; i++) {
      const res = await api(i % 2 ? a : b, "POST", "/ecom/login", { ip, body: { email, password: `Errada#${i}xyz` } });
      expect(res.status).toBe(401);
    }
    const locked = await api(a, "POST", "/ecom/login", { ip, body: { email, password: "Ferramenta#2024" } });
    expect(locked.status).toBe(429);
    // Per account from many addresses: past 5, one attempt per pause goes through, on either process.
    for (let i = 0; i < 5; i++) {
      expect((await api(i % 2 ? a : b, "POST", "/ecom/login", { body: { email: other, password: `Errada#${i}xyz` } })).status).toBe(401);
    }
    expect((await api(a, "POST", "/ecom/login", { body: { email: other, password: "Errada#9xyz" } })).status).toBe(401);
    expect((await api(b, "POST", "/ecom/login", { body: { email: other, password: "Ferramenta#2024" } })).status).toBe(429);
  });

  it("share the 5-minute start cache in Redis", async () => {
    const res = await api(a, "GET", "/api/public/start?lang=es&moeda_id=3");
    expect(res.status).toBe(200);
    const redis = new Redis(env.redisUrl);
    try {
      const keys = await redis.keys(`${env.redisPrefix}cache:start-until:*`);
      expect(keys.length).toBeGreaterThan(0);
      const ttl = await redis.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(60_000);
      expect(ttl).toBeLessThanOrEqual(300_000);
    } finally {
      await redis.quit();
    }
    expect((await api(b, "GET", "/api/public/start?lang=es&moeda_id=3")).body).toEqual(res.body);
  });

  it("write structured JSON logs under the caller's request id", async () => {
    const res = await api(b, "GET", "/api/public/brands", { requestId: "trace-multi-1" });
    expect(res.headers.get("x-request-id")).toBe("trace-multi-1");
    await expect.poll(() => logRecords(b).filter((r) => r.reqId === "trace-multi-1").length).toBeGreaterThanOrEqual(2);
    const done = logRecords(b).find((r) => r.reqId === "trace-multi-1" && r.msg === "request completed");
    expect(done).toMatchObject({ level: 30, res: { statusCode: 200 } });
  });

  it("sell 10 units to exactly 10 of 50 customers checking out at once through both", async () => {
    const id = await product(10);
    const emails = await residents(db(), 50);
    const ready = await Promise.all(emails.map((email, i) => readyCheckout(i % 2 ? a : b, email, id)));
    const answers = await Promise.all(ready.map((r, i) => checkoutVia(i % 2 ? b : a, r)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(await stockOf(id)).toBe(0);
    const orders = await ordersOf(id);
    expect(orders).toHaveLength(10);
    const accepted = answers
      .filter((r) => r.status === 200)
      .map((r) => r.body.pedido.external_id)
      .sort();
    expect(orders.map((o) => o.external_id).sort()).toEqual(accepted);
  });

  it("release an expired reservation exactly once, though both sweep for it every second", async () => {
    const id = await product(100);
    const emails = await residents(db(), 12);
    const ready = await Promise.all(emails.map((email, i) => readyCheckout(i % 2 ? a : b, email, id)));
    const answers = await Promise.all(ready.map((r, i) => checkoutVia(i % 2 ? b : a, r)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    expect(await stockOf(id)).toBe(88);

    const released = () =>
      [a, b].flatMap(logRecords).reduce((sum, r) => sum + (r.msg === "expired reservations released" ? Number(r.released) : 0), 0);
    const before = released();
    const ids = sql.join(
      answers.map((r) => sql`${r.body.pedido.id}`),
      sql`, `,
    );
    await db().execute(sql`UPDATE pedidos SET reserva_expira_em = now() - interval '1 minute' WHERE id IN (${ids})`);
    const cancelled = async () =>
      Number((await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM pedidos WHERE id IN (${ids}) AND status = 'CANCELADO'`))[0]!.n);
    await expect.poll(cancelled, { timeout: 20_000, interval: 200 }).toBe(12);
    await expect.poll(released, { timeout: 10_000, interval: 100 }).toBe(before + 12);
    expect(await stockOf(id)).toBe(100);

    // Further sweeps by both find nothing more to give back.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(released()).toBe(before + 12);
    expect(await stockOf(id)).toBe(100);
  });

  // Last: it stops one of the two.
  it("lose no accepted order when one stops mid-load (SIGTERM), and the other keeps serving", async () => {
    const id = await product(1000);
    const emails = await residents(db(), 40);
    const ready = await Promise.all(emails.map((email, i) => readyCheckout(i % 2 ? a : b, email, id)));
    const onA = ready.slice(0, 20);
    const onB = ready.slice(20);

    type Outcome = { ready: ReadyCheckout; requestId: string; first: Answer<{ pedido: { external_id: string } }> | Error };
    const send = async (server: ServerProcess, r: ReadyCheckout, requestId: string): Promise<Outcome> => ({
      ready: r,
      requestId,
      first: await checkoutVia(server, r, requestId).catch((err: Error) => err),
    });
    // A steady stream on each; A gets SIGTERM as soon as its first checkouts have arrived.
    const stream = (server: ServerProcess, list: ReadyCheckout[]) =>
      Promise.all(
        list.map(async (r, i) => {
          await new Promise((res) => setTimeout(res, i * 25));
          return send(server, r, `stop-${server.name}-${i}`);
        }),
      );
    const loadA = stream(a, onA);
    const loadB = stream(b, onB);
    await expect
      .poll(() => logRecords(a).filter((r) => String(r.reqId).startsWith("stop-a-")).length, { timeout: 20_000, interval: 5 })
      .toBeGreaterThanOrEqual(2);
    a.proc.kill("SIGTERM");
    const outcomes = [...(await loadA), ...(await loadB)];
    expect(await a.exited, a.lines.slice(-15).join("\n")).toBe(0);

    // What reached A before it stopped was finished, not cut off.
    const arrivedOnA = new Set(
      logRecords(a)
        .filter((r) => r.msg === "incoming request")
        .map((r) => String(r.reqId)),
    );
    expect(arrivedOnA.size).toBeGreaterThan(0);
    for (const o of outcomes.filter((o) => arrivedOnA.has(o.requestId))) {
      expect(o.first instanceof Error ? o.first.message : o.first.status, o.requestId).toBe(200);
    }
    expect(logRecords(a).map((r) => r.msg)).toEqual(expect.arrayContaining(["shutting down", "stopped"]));
    // Nothing was refused: A kept answering through its drain window (SHUTDOWN_DRAIN_SECONDS) before it stopped listening.
    for (const o of outcomes) expect(o.first instanceof Error ? o.first.message : o.first.status, o.requestId).toBe(200);

    // A load balancer sends what A refused to B; iniciar-checkout is idempotent per cart, so a retry never doubles an order.
    const finals = await Promise.all(
      outcomes.map(async (o) => (o.first instanceof Error || o.first.status !== 200 ? checkoutVia(b, o.ready) : o.first)),
    );
    expect(finals.map((r) => r.status)).toEqual(finals.map(() => 200));
    const acceptedFirstTime = outcomes.flatMap((o) => (o.first instanceof Error || o.first.status !== 200 ? [] : [o.first.body.pedido.external_id]));
    const orders = await ordersOf(id);
    const stored = new Set(orders.map((o) => o.external_id));
    for (const externalId of acceptedFirstTime) expect(stored.has(externalId), externalId).toBe(true);
    expect(orders).toHaveLength(40);
    expect(new Set(orders.map((o) => o.cart_id)).size).toBe(40);
    expect(await stockOf(id)).toBe(960);

    // B carries on alone.
    expect((await api(b, "GET", "/readyz")).status).toBe(200);
    const [late] = await residents(db(), 1);
    const last = await checkoutVia(b, await readyCheckout(b, late!, id));
    expect(last.status).toBe(200);
  });
});
