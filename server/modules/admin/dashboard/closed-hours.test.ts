import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { MOEDA } from "#contract/currencies.ts";
import { queryRows } from "#db/client.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { ClosedHours, HOUR_MS, hourOf, Snapshot } from "./closed-hours.ts";
import { closedHourFigures } from "./queries.ts";
import { dashboardFigures } from "./figures.ts";
import { local, placeOrder, testBuyer, type OrderSpec } from "./test-orders.ts";

let t: TestApp;
let customer: number;
let products: number[];
const db = () => t.database.db;
const order = (spec: OrderSpec) => placeOrder(db(), customer, spec);

/** Thursday 9 April 2026, 3:30 pm in Asunción: the spans reach back to 1 March (last month's start). */
const NOW = local("2026-04-09T15:30:00");
const STATUSES = ["PAGO", "PAGO", "PAGO", "PAGAMENTO", "ESTORNADO", "CANCELADO"] as const;

/** The hours each working-out of closed hours was asked for. */
let workedOut: number[][];
let clock: number;
const closed = () =>
  new ClosedHours(
    async (database, hours, withUnits) => {
      workedOut.push(hours);
      return closedHourFigures(database, hours, withUnits);
    },
    () => clock,
  );
/** The shop's day of an hour. */
const dayOf = (hour: number) => new Date(hour * HOUR_MS).toLocaleDateString("en-CA", { timeZone: "America/Asuncion" });
/** From last month's start to the hour before the last one (2 pm), but the three hours a span ends within at 3:30 pm. */
const KEPT = hourOf(local("2026-04-09T14:00:00").toISOString()) - hourOf(local("2026-03-01T00:00:00").toISOString()) - 3;

beforeAll(async () => {
  t = await createTestApp();
  await db().execute(sql`DELETE FROM pedidos`);
  customer = await testBuyer(db());
  products = (await queryRows<{ id: number }>(db(), sql`SELECT id FROM produtos WHERE ativo ORDER BY id LIMIT 12`)).map((p) => p.id);
  // Two or three orders a day from 50 days before the clock to its hour, every status, both currencies.
  for (let day = 50; day >= 0; day--) {
    for (let k = 0; k < 2 + (day % 2); k++) {
      const at = new Date(NOW.getTime() - day * 86_400_000 - (k * 7 + 1) * 3_600_000);
      const status = STATUSES[(day + k) % STATUSES.length]!;
      const dollars = (day + k) % 3 === 0;
      await order({
        at,
        moeda: dollars ? MOEDA.USD : MOEDA.PYG,
        total: dollars ? `${10 + day}.50` : `${(day + 1) * 10_000}`,
        status,
        estornado: status === "PAGO" && day % 5 === 0 ? (dollars ? "1.25" : "5000") : undefined,
        lines: [[products[(day + k) % products.length]!, 1 + (day % 4)]],
      });
    }
  }
});
afterAll(() => t.close());
beforeEach(() => {
  workedOut = [];
  clock = 1_000_000;
});

/** An order of the fixture placed on the given day before the clock's (and the status it has). */
async function orderOf(daysBefore: number, status: string) {
  const [row] = await queryRows<{ id: number }>(
    db(),
    sql`SELECT id FROM pedidos WHERE status = ${status} AND (created_at AT TIME ZONE 'America/Asuncion')::date = (${NOW.toISOString()}::timestamptz AT TIME ZONE 'America/Asuncion')::date - ${daysBefore}::int ORDER BY id LIMIT 1`,
  );
  return row!.id;
}

describe("the closed hours a process keeps", () => {
  it("reads a snapshot as PostgreSQL does: before xmin seen, from xmax not, the running ones between not", () => {
    const s = Snapshot.parse("100:110:103,107");
    expect([99n, 100n, 102n, 103n, 104n, 107n, 109n, 110n, 500n].map((x) => s.sees(x))).toEqual([
      true,
      true,
      true,
      false,
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(Snapshot.parse("5:5:").sees(4n)).toBe(true);
    expect(Snapshot.parse("5:5:").sees(5n)).toBe(false);
  });

  it("gives the same figures as working everything out, and reads no closed hour again while none changed", async () => {
    const hours = closed();
    const live = await dashboardFigures(db(), NOW);
    expect(await dashboardFigures(db(), NOW, hours)).toEqual(live);
    expect(workedOut).toHaveLength(1);
    expect(workedOut[0]).toHaveLength(KEPT);
    const at = (text: string) => hourOf(local(text).toISOString());
    expect(workedOut[0]).toContain(at("2026-03-01T00:00:00"));
    expect(workedOut[0]).toContain(at("2026-04-09T13:00:00"));
    // The present hour and the one before it; yesterday, a week ago and last month's 9th at 3 pm (cut at 3:30).
    for (const text of ["2026-04-09T15:00:00", "2026-04-09T14:00:00", "2026-04-08T15:00:00", "2026-04-02T15:00:00", "2026-03-09T15:00:00"])
      expect(workedOut[0]).not.toContain(at(text));
    expect(await dashboardFigures(db(), NOW, hours)).toEqual(live);
    expect(workedOut).toHaveLength(1);
  });

  it("counts every day of the chart, kept or read, as the orders of that day say, on the 1st after a short month too", async () => {
    await order({ at: local("2026-01-31T10:00:00"), moeda: MOEDA.PYG, total: "7000", status: "PAGO" });
    for (const now of [NOW, local("2026-03-01T12:00:00")]) {
      const d = await dashboardFigures(db(), now, closed());
      const paid = await queryRows<{ dia: string; n: number }>(
        db(),
        sql`SELECT (created_at AT TIME ZONE 'America/Asuncion')::date::text AS dia, count(*)::int AS n FROM pedidos
            WHERE status = 'PAGO' AND moeda_id = ${MOEDA.PYG} AND created_at < ${now.toISOString()}::timestamptz GROUP BY 1`,
      );
      const chart = d.vendas_diarias.filter((r) => r.moeda_id === MOEDA.PYG);
      expect(chart).toHaveLength(30);
      expect(chart.map((r) => [r.dia, r.pagos])).toEqual(chart.map((r) => [r.dia, paid.find((p) => p.dia === r.dia)?.n ?? 0]));
    }
    const first = (await dashboardFigures(db(), local("2026-03-01T12:00:00"))).vendas_diarias.find((r) => r.moeda_id === MOEDA.PYG);
    expect(first).toMatchObject({ dia: "2026-01-31", pagos: 1, vendas: "7000" });
  });

  it("works out again only the hours a late payment, a refund, a new line or a removal changed", async () => {
    const hours = closed();
    await dashboardFigures(db(), NOW, hours);
    workedOut = [];
    /** One hour worked out again on each of these days. */
    const check = async (dias: string[]) => {
      const kept = await dashboardFigures(db(), NOW, hours);
      expect(workedOut.flat().map(dayOf).sort()).toEqual(dias);
      expect(kept).toEqual(await dashboardFigures(db(), NOW));
      workedOut = [];
    };
    // A payment that arrived days after its order (the reservation expired; the gateway paid anyway).
    await db().execute(sql`UPDATE pedidos SET status = 'PAGO' WHERE id = ${await orderOf(15, "PAGAMENTO")}`);
    await check(["2026-03-25"]);
    // A partial refund of a paid order of 20 days ago, and a change that does not count (a note).
    const paid = await orderOf(20, "PAGO");
    await db().execute(sql`UPDATE pagamentos SET valor_estornado = valor_estornado + 1 WHERE order_id = ${paid}`);
    await db().execute(sql`UPDATE pedidos SET status_entrega = 'retirado' WHERE id = ${await orderOf(30, "PAGO")}`);
    await check(["2026-03-20"]);
    // A line added to an order of 5 days ago (the most sold), and an order of 36 days ago removed.
    await db().execute(sql`INSERT INTO pedido_itens (order_id, produto_id, nome, codigo, qtde, valor_unitario, valor_subtotal)
        VALUES (${await orderOf(5, "PAGO")}, ${products[0]}, 'x', 'x', 9, '1', '9')`);
    await db().execute(sql`DELETE FROM pedidos WHERE id = ${await orderOf(36, "PAGO")}`);
    await check(["2026-03-04", "2026-04-04"]);
    // An order placed today changes no closed day.
    await order({ at: new Date(NOW.getTime() - 60_000), moeda: MOEDA.PYG, total: "1000", status: "PAGO" });
    await check([]);
  });

  it("works every hour out again after a statement that changed more than 200 hours, and after an hour in any case", async () => {
    const hours = closed();
    await dashboardFigures(db(), NOW, hours);
    // Every order's hour changed in one statement: about 130 hours, each worked out again.
    const changedHours = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(DISTINCT painel_hora(created_at))::int AS n FROM pedidos WHERE created_at >= ${local("2026-03-01T00:00:00").toISOString()}::timestamptz AND created_at < ${local("2026-04-09T14:00:00").toISOString()}::timestamptz`,
    );
    await db().execute(sql`UPDATE pedidos SET valor_total = valor_total + 1`);
    workedOut = [];
    expect(await dashboardFigures(db(), NOW, hours)).toEqual(await dashboardFigures(db(), NOW));
    expect(workedOut[0]!.length).toBeLessThanOrEqual(changedHours[0]!.n);
    expect(workedOut[0]!.length).toBeGreaterThan(changedHours[0]!.n - 4);
    // More than 200 hours at once: one row without an hour, every hour.
    await db().execute(sql`SELECT painel_anotar(ARRAY(SELECT generate_series(1, 201)::bigint))`);
    workedOut = [];
    await dashboardFigures(db(), NOW, hours);
    expect(workedOut[0]).toHaveLength(KEPT);
    clock += 60 * 60_000;
    workedOut = [];
    await dashboardFigures(db(), NOW, hours);
    expect(workedOut[0]).toHaveLength(KEPT);
  });

  it("writes a change row only for hours before the present one, as hours since 1970", async () => {
    await db().execute(sql`DELETE FROM painel_alteracoes`);
    // Placed and paid within the present hour (a minute into it at the latest, so the hour cannot turn meanwhile).
    const start = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    await order({ at: new Date(Math.min(Date.now(), start + 60_000)), moeda: MOEDA.PYG, total: "1000", status: "PAGAMENTO" });
    await db().execute(sql`UPDATE pedidos SET status = 'PAGO' WHERE created_at >= ${new Date(start).toISOString()}::timestamptz`);
    expect(await queryRows(db(), sql`SELECT hora FROM painel_alteracoes`)).toEqual([]);
    const old = await orderOf(5, "PAGO");
    await db().execute(sql`UPDATE pedidos SET status = 'PAGAMENTO' WHERE id = ${old}`);
    const [placed] = await queryRows<{ at: string }>(db(), sql`SELECT to_json(created_at) #>> '{}' AS at FROM pedidos WHERE id = ${old}`);
    expect(await queryRows(db(), sql`SELECT hora::int AS hora FROM painel_alteracoes`)).toEqual([
      { hora: hourOf(new Date(placed!.at).toISOString()) },
    ]);
  });

  // A transaction still open while the day is worked out: PostgreSQL only (two connections).
  it.skipIf(inject("seeded").kind !== "postgres")(
    "works an hour out again when the change committed after its figures were read without it",
    async () => {
      const hours = closed();
      await dashboardFigures(db(), NOW, hours);
      const target = await orderOf(21, "PAGAMENTO");
      let changed!: () => void;
      let commit!: () => void;
      const isChanged = new Promise<void>((r) => (changed = r));
      const mayCommit = new Promise<void>((r) => (commit = r));
      const paying = db().transaction(async (tx) => {
        await tx.execute(sql`UPDATE pedidos SET status = 'PAGO' WHERE id = ${target}`);
        changed();
        await mayCommit;
      });
      await isChanged;
      // A later transaction that commits first: the open one is then among the snapshot's running ones.
      await db().execute(sql`UPDATE pedidos SET status_entrega = status_entrega WHERE id = ${await orderOf(27, "PAGAMENTO")}`);
      // An hour on: every hour is worked out again, the open payment unseen.
      clock += 60 * 60_000;
      const before = await dashboardFigures(db(), NOW, hours);
      commit();
      await paying;
      const after = await dashboardFigures(db(), NOW, hours);
      expect(after).toEqual(await dashboardFigures(db(), NOW));
      expect(after).not.toEqual(before);
    },
  );
});
