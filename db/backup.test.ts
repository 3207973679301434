import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Order } from "#contract/api/cart.ts";
import { buildApp } from "#server/app.ts";
import { call, login } from "../tests/support/customers.ts";
import { scratchDatabase } from "../tests/support/db-urls.ts";
import { pickProducts, placeOrder, shopper } from "../tests/support/shop.ts";
import { createTestApp, type TestApp } from "../tests/support/test-app.ts";
import { hasPgTools } from "./backup-pg.ts";
import { dependencyOrder, dumpDatabase, restoreDatabase, type DumpFormat } from "./backup.ts";
import { openDatabase, queryRows, type Database, type Db } from "./client.ts";

let t: TestApp;
let dir: string;
let customer: Awaited<ReturnType<typeof shopper>>;
const placed: Order[] = [];
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "store-backup-"));
  t = await createTestApp();
  const [p, q] = await pickProducts(t.database.db, 2, 10);
  customer = await shopper(t.app, t.database.db, "py");
  placed.push((await placeOrder(t.app, customer.token, [{ produto_id: p!.id, qtde: 2 }])).order);
  placed.push(
    (
      await placeOrder(t.app, customer.token, [
        { produto_id: p!.id, qtde: 1 },
        { produto_id: q!.id, qtde: 3 },
      ])
    ).order,
  );
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const source = inject("seeded");
const onPostgres = source.kind === "postgres";
const pgToolsHere = await hasPgTools();

/** What a restore must bring back exactly: orders with their lines and payments, stock, and the order-number sequence. */
async function snapshot(db: Db) {
  const orders = await queryRows(
    db,
    sql`SELECT id, pedido, external_id, customer_id, valor_total::text, status, codigo_retirada, reserva_expira_em::text FROM pedidos ORDER BY id`,
  );
  const lines = await queryRows(db, sql`SELECT order_id, produto_id, qtde, valor_unitario::text FROM pedido_itens ORDER BY id`);
  const payments = await queryRows(db, sql`SELECT order_id, provider, provider_ref, valor_total::text, status FROM pagamentos ORDER BY id`);
  const stock = await queryRows(db, sql`SELECT id, qtde_disponivel, tem_estoque, busca FROM produtos ORDER BY id`);
  const [counts] = await queryRows(
    db,
    sql`SELECT (SELECT count(*)::int FROM clientes) AS clientes, (SELECT count(*)::int FROM cidades) AS cidades, (SELECT count(*)::int FROM sessoes) AS sessoes`,
  );
  const [seq] = await queryRows<{ last_value: string }>(db, sql`SELECT last_value::text FROM pedido_numero_seq`);
  return { orders, lines, payments, stock, counts, seq: seq!.last_value };
}

/** An empty database of the run's kind (and, on PostgreSQL, of the other kind too). */
async function freshDatabase(kind: "pglite" | "postgres"): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (kind === "pglite") {
    const database = await openDatabase();
    return { database, drop: () => database.close() };
  }
  if (source.kind !== "postgres") throw new Error("no PostgreSQL in this run");
  const scratch = await scratchDatabase(source.adminUrl, "store_restore");
  const database = await openDatabase({ url: scratch.url });
  return {
    database,
    url: scratch.url,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

const cases: { format: DumpFormat; into: "pglite" | "postgres" }[] = [
  { format: "json", into: source.kind },
  ...(onPostgres ? [{ format: "json" as const, into: "pglite" as const }] : []),
  ...(onPostgres && pgToolsHere ? [{ format: "pg_dump" as const, into: "postgres" as const }] : []),
];

describe("npm run db:dump / db:restore", () => {
  it.each(cases)("restores the orders of a $format dump into a fresh $into database", async ({ format, into }) => {
    const file = path.join(dir, `dump-${format}-${into}`);
    const dumped = await dumpDatabase({ database: t.database, url: t.url }, file, format);
    expect(dumped.format).toBe(format);
    expect(dumped.rows).toBeGreaterThan(5000);
    if (format === "pg_dump") expect(readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");

    const fresh = await freshDatabase(into);
    try {
      const restored = await restoreDatabase({ database: fresh.database, url: fresh.url }, file);
      expect(restored.tables).toBe(dumped.tables);
      expect(await snapshot(fresh.database.db)).toEqual(await snapshot(t.database.db));
      // The list and search table is not dumped: the restored products fill it again.
      const listed = sql`SELECT count(*)::int AS n FROM produtos_lista l JOIN produtos p ON p.id = l.id AND p.tem_estoque = l.tem_estoque`;
      expect(await queryRows(fresh.database.db, listed)).toEqual(await queryRows(t.database.db, listed));

      // The restored store answers as the old one: the customer logs in and finds the same orders.
      const app = await buildApp({ config: t.config, database: fresh.database });
      try {
        const session = await login(app, customer.email);
        expect(session.status).toBe(200);
        const list = await call<{ data: { data: Order[] } }>(app, "GET", "/ecom/venda/pedidos", { token: session.body.token });
        expect(list.status).toBe(200);
        expect(list.body.data.data.map((o) => o.external_id).sort()).toEqual(placed.map((o) => o.external_id).sort());
        const one = await call<{ data: Order }>(app, "GET", `/ecom/venda/pedidos/${placed[1]!.external_id}`, { token: session.body.token });
        expect(one.body.data).toMatchObject({ pedido: placed[1]!.pedido, valor_total: placed[1]!.valor_total, status: "PAGAMENTO" });
      } finally {
        await app.close();
      }
    } finally {
      await fresh.drop();
    }
  });

  it("refuses to restore over a database that holds data", async () => {
    const file = path.join(dir, "refused");
    await dumpDatabase({ database: t.database }, file, "json");
    await expect(restoreDatabase({ database: t.database }, file)).rejects.toThrow(/not fresh/);
  });

  it("orders tables parents first", () => {
    const order = dependencyOrder(
      ["pedido_itens", "pedidos", "clientes", "produtos", "categorias"],
      [
        { child: "pedido_itens", parent: "pedidos" },
        { child: "pedido_itens", parent: "produtos" },
        { child: "pedidos", parent: "clientes" },
        { child: "produtos", parent: "categorias" },
        { child: "categorias", parent: "categorias" },
      ],
    );
    expect(order.indexOf("clientes")).toBeLessThan(order.indexOf("pedidos"));
    expect(order.indexOf("pedidos")).toBeLessThan(order.indexOf("pedido_itens"));
    expect(order.indexOf("categorias")).toBeLessThan(order.indexOf("produtos"));
    expect(() =>
      dependencyOrder(
        ["a", "b"],
        [
          { child: "a", parent: "b" },
          { child: "b", parent: "a" },
        ],
      ),
    ).toThrow(/circular/);
  });
});
