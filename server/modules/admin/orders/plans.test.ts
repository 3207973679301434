import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminOrdersQuerySchema, type AdminOrdersPage } from "#contract/api/admin/orders.ts";
import { queryRows } from "#db/client.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { pageQuery } from "./list.ts";

/**
 * The order list at 100,000 orders (issue 31, "Speed"): every filter alone and a few together, and a search
 * by order number, pickup code, e-mail, document and name, each read off the indexes: the database's own count
 * of the rows it read stays far below the table's (the bench, `npm run bench -- --orders-only`, times them).
 */
const ORDERS = 100_000;
const CUSTOMERS = 2_000;

let t: TestApp;
let manager: StaffAgent;
let sample: { pedido: string; codigo_retirada: string; email: string; documento: string };
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  manager = await staffAgent(t.app, t.database.db, "manager");
  const db = t.database.db;
  await db.execute(sql`
    INSERT INTO clientes (nome, sobrenome, email, password_hash, estrangeiro, telefone, documento_tipo, documento, identidade, lang)
    SELECT 'Velocidade' || g, 'Sobrenome' || g, 'speed' || g || '@example.com', 'x', false, '+595 983 000 000', 'RUC', 'DOC' || g, 'ID' || g, 'es-PY'
    FROM generate_series(1, ${CUSTOMERS}) g`);
  await db.execute(sql`
    INSERT INTO carrinhos (external_id, moeda_id, status)
    SELECT gen_random_uuid(), 2, 'fechado' FROM generate_series(1, ${ORDERS})`);
  await db.execute(sql`
    WITH c AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM clientes WHERE email LIKE 'speed%@example.com'),
         k AS (SELECT id, row_number() OVER (ORDER BY id DESC) AS n FROM carrinhos WHERE status = 'fechado' ORDER BY id DESC LIMIT ${ORDERS})
    INSERT INTO pedidos (pedido, customer_id, cart_id, moeda_id, valor_produtos, valor_total, status, codigo_retirada, status_entrega, created_at)
    SELECT 'S' || k.n, c.id, k.id, CASE WHEN k.n % 3 = 0 THEN 3 ELSE 2 END, 10, 10,
           (ARRAY['PAGO','PAGO','PAGAMENTO','CANCELADO','ESTORNADO'])[1 + k.n % 5], 'SP' || k.n,
           (ARRAY['em_separacao','retirado','enviado','cancelado'])[1 + k.n % 4], now() - (k.n || ' minutes')::interval * 10
    FROM k JOIN c ON c.n = 1 + k.n % ${CUSTOMERS}`);
  await db.execute(sql`ANALYZE pedidos`);
  await db.execute(sql`ANALYZE clientes`);
  const [row] = await queryRows<typeof sample>(
    db,
    sql`SELECT p.pedido, p.codigo_retirada, c.email, c.documento FROM pedidos p JOIN clientes c ON c.id = p.customer_id WHERE p.pedido = 'S777'`,
  );
  sample = row!;
}, 600_000);
afterAll(() => t.close());

/** A plan node of EXPLAIN's JSON, with the fields read here. */
interface PlanNode {
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

/** The order rows (or index entries) a plan read: what it kept and what it read and threw away, in every loop. */
function ordersRead(node: PlanNode): number {
  const own =
    node["Relation Name"] === "pedidos"
      ? (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) * node["Actual Loops"]
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + ordersRead(child), 0);
}

/** How many orders the list's page query for `query` reads, run by the database with EXPLAIN ANALYZE. */
async function rowsRead(query: string): Promise<number> {
  const parsed = AdminOrdersQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
    t.database.db,
    sql`EXPLAIN (ANALYZE, FORMAT JSON) ${pageQuery(parsed, parsed.per_page + 1, (parsed.page - 1) * parsed.per_page)}`,
  );
  const plan = row!["QUERY PLAN"];
  const [top] = (typeof plan === "string" ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
  return ordersRead(top.Plan);
}

describe("the order list at 100,000 orders", () => {
  it("answers every filter and search reading a small part of the orders", async () => {
    const queries = [
      "",
      "status=PAGO",
      "status_entrega=enviado",
      "moeda_id=3",
      "tipo=retirada",
      "ponto_entrega_id=1",
      "status=PAGO&status_entrega=retirado&moeda_id=2",
      "de=2020-01-01&ate=2020-01-31",
      "page=50&per_page=100",
      `q=${sample.pedido}`,
      `q=${sample.codigo_retirada}`,
      `q=${encodeURIComponent(sample.email)}`,
      `q=${sample.documento}`,
      "q=velocidade77",
      "q=velocidade77&status=PAGO",
    ];
    const read: Record<string, number> = {};
    for (const q of queries) {
      const res = await asStaff<AdminOrdersPage>(t.app, manager, "GET", `/api/admin/orders?${q}`);
      expect(res.status, q).toBe(200);
      if (q.startsWith("q=S") || q.startsWith("q=SP")) expect(res.body.data.map((o) => o.pedido)).toContain(sample.pedido);
      read[q || "(none)"] = await rowsRead(q);
    }
    // Not a stopwatch (the machines are shared): what the database did. A scan and sort of the table reads all
    // 100,000 orders; every filter and search here reads its page off an index, a deep page its skipped entries.
    const heavy = Object.entries(read).filter(([, rows]) => rows > ORDERS / 10);
    expect(heavy, JSON.stringify(read)).toEqual([]);
  }, 300_000);
});
