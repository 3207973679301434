import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows, type Db } from "#db/client.ts";
import { api, checkoutVia, readyCheckout, residents, type ReadyCheckout, type ServerProcess } from "./cluster.ts";

/**
 * Checkout load through several processes while something breaks, and the books checked afterwards:
 * what the shop promised (an order number, a payment approved) must be there, exactly once, with the
 * stock to match.
 */

export interface Attempt {
  ready: ReadyCheckout;
  server: string;
  /** The HTTP status, or "error" when the connection failed (refused, reset). */
  status: number | "error";
  ms: number;
  /** Milliseconds since the load began, when the request was sent. */
  sentAt: number;
  externalId?: string;
  link?: string;
  message?: string;
}

type CheckoutAnswer = { pedido: { external_id: string }; link_pagamento?: string[]; message?: string };

export async function checkoutOnce(server: ServerProcess, ready: ReadyCheckout, startedAt = performance.now()): Promise<Attempt> {
  const sentAt = performance.now() - startedAt;
  const t0 = performance.now();
  try {
    const res = await checkoutVia(server, ready);
    const body = res.body as unknown as CheckoutAnswer;
    return {
      ready,
      server: server.name,
      status: res.status,
      ms: performance.now() - t0,
      sentAt,
      externalId: res.status === 200 ? body.pedido.external_id : undefined,
      link: res.status === 200 ? body.link_pagamento?.[0] : undefined,
      message: body?.message,
    };
  } catch {
    return { ready, server: server.name, status: "error", ms: performance.now() - t0, sentAt };
  }
}

/** One checkout every `everyMs`, taking turns over `servers()` (asked again for each request). */
export async function checkoutLoad(servers: () => ServerProcess[], ready: ReadyCheckout[], everyMs: number): Promise<Attempt[]> {
  const startedAt = performance.now();
  return Promise.all(
    ready.map(async (r, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * everyMs));
      const list = servers();
      return checkoutOnce(list[i % list.length]!, r, startedAt);
    }),
  );
}

/** `n` customers, each with a cart of one unit of `produtoId` quoted for pickup, spread over `servers`. */
export async function customersReady(db: Db, servers: ServerProcess[], produtoId: number, n: number): Promise<ReadyCheckout[]> {
  const emails = await residents(db, n);
  const ready: ReadyCheckout[] = [];
  // A few at a time: the test is about the fault, not about the start-up load.
  for (let i = 0; i < emails.length; i += 10) {
    ready.push(
      ...(await Promise.all(emails.slice(i, i + 10).map((email, j) => readyCheckout(servers[(i + j) % servers.length]!, email, produtoId)))),
    );
  }
  return ready;
}

/** An active product in dollars with exactly `stock` units, not sold before in this run. */
export async function freshProduct(db: Db, stock: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM produtos WHERE ativo AND mostrar_preco AND moeda_id = 2 AND valor_venda > 0
        AND id NOT IN (SELECT produto_id FROM pedido_itens) ORDER BY random() LIMIT 1`,
  );
  await db.execute(sql`UPDATE produtos SET qtde_disponivel = ${stock} WHERE id = ${row!.id}`);
  return row!.id;
}

/**
 * What a load balancer does with a refused or failed checkout: sends it again to a process that answers.
 * iniciar-checkout is idempotent per cart, so this never makes a second order. Returns the final answers.
 */
export async function retryFailed(attempts: Attempt[], server: ServerProcess): Promise<Attempt[]> {
  return Promise.all(attempts.map((a) => (a.status === 200 ? a : checkoutOnce(server, a.ready))));
}

/** Approves each order's payment on the sandbox gateway's page, through `server`. */
export async function approveAll(server: ServerProcess, attempts: Attempt[]): Promise<void> {
  for (const a of attempts) {
    if (!a.link) continue;
    const path = new URL(a.link).pathname;
    const res = await fetch(server.url + path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": a.ready.ip },
      body: "decision=approve",
      redirect: "manual",
    });
    expect(res.status, `approve ${path}`).toBe(303);
  }
}

/**
 * The books after a fault: every acknowledged checkout present once (one order per cart), every payment
 * the gateway approved paid, and the stock equal to the starting stock minus the units of live orders.
 */
export async function expectBooks(db: Db, produtoId: number, startStock: number, acknowledged: string[]): Promise<void> {
  const orders = await queryRows<{ external_id: string; cart_id: number; status: string; qtde: number }>(
    db,
    sql`SELECT p.external_id, p.cart_id, p.status, i.qtde FROM pedidos p JOIN pedido_itens i ON i.order_id = p.id WHERE i.produto_id = ${produtoId}`,
  );
  const byExternal = new Map<string, number>();
  for (const o of orders) byExternal.set(o.external_id, (byExternal.get(o.external_id) ?? 0) + 1);
  for (const id of acknowledged) expect(byExternal.get(id), `acknowledged order ${id}`).toBe(1);
  expect(new Set(orders.map((o) => o.cart_id)).size, "one order per cart").toBe(orders.length);

  const [stock] = await queryRows<{ q: number }>(db, sql`SELECT qtde_disponivel AS q FROM produtos WHERE id = ${produtoId}`);
  const live = orders.filter((o) => o.status !== "CANCELADO").reduce((sum, o) => sum + o.qtde, 0);
  expect(Number(stock!.q), "stock = start − units in live orders").toBe(startStock - live);

  const unpaid = await queryRows<{ ref: string; pagamento: string; pedido: string }>(
    db,
    sql`SELECT g.ref, pg.status AS pagamento, p.status AS pedido FROM gateway_sandbox g
        JOIN pagamentos pg ON pg.provider_ref = g.ref JOIN pedidos p ON p.id = pg.order_id
        JOIN pedido_itens i ON i.order_id = p.id
        WHERE i.produto_id = ${produtoId} AND g.status = 'approved' AND (pg.status <> 'PAGO' OR p.status <> 'PAGO')`,
  );
  expect(unpaid, "approved payments not paid").toEqual([]);
}

/** Whether the process is still running (it neither crashed nor exited). */
export const alive = (server: ServerProcess) => server.proc.exitCode === null && server.proc.signalCode === null;

/** GET /readyz: its status, or "error" when the process does not answer. */
export async function readiness(server: ServerProcess): Promise<number | "error"> {
  return api(server, "GET", "/readyz").then(
    (r) => r.status,
    () => "error" as const,
  );
}

/** Whether every process's /readyz answers `status` now (asked at once, so a slow answer is not counted twice). */
export async function allReadiness(servers: { url: string; name: string }[], status: number): Promise<boolean> {
  const answers = await Promise.all(servers.map((s) => readiness(s as ServerProcess)));
  return answers.every((a) => a === status);
}

/** Polls until `check` holds, returning the milliseconds it took (fails after `timeoutMs`). */
export async function msUntil(check: () => Promise<boolean>, timeoutMs: number, intervalMs = 100): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    if (await check()) return Math.round(performance.now() - t0);
    if (performance.now() - t0 > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
