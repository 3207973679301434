import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrencyFigures, Dashboard } from "#contract/api/admin/dashboard.ts";
import { MOEDA } from "#contract/currencies.ts";
import { queryRows } from "#db/client.ts";
import { buildApp } from "#server/app.ts";
import { asStaff, staffAgent, STORE_ORIGIN } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { dashboardFigures } from "./figures.ts";
import { local, placeOrder, testBuyer, type OrderSpec } from "./test-orders.ts";

let t: TestApp;
let customer: number;
let products: number[];

const order = (spec: OrderSpec) => placeOrder(t.database.db, customer, spec);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  const db = t.database.db;
  await db.execute(sql`DELETE FROM pedidos`);
  customer = await testBuyer(db);
  products = (await queryRows<{ id: number }>(db, sql`SELECT id FROM produtos WHERE ativo ORDER BY id LIMIT 8`)).map((p) => p.id);
  // Stock: everything plenty, then two active products out of stock, three low, one hidden product out of stock.
  await db.execute(sql`UPDATE produtos SET qtde_disponivel = 100`);
  await db.execute(sql`UPDATE produtos SET qtde_disponivel = 0 WHERE id IN (${products[4]}, ${products[5]})`);
  await db.execute(sql`UPDATE produtos SET qtde_disponivel = 5 WHERE id = ${products[6]}`);
  await db.execute(sql`UPDATE produtos SET qtde_disponivel = 1 WHERE id = ${products[7]}`);
  await db.execute(sql`UPDATE produtos SET qtde_disponivel = 3 WHERE id = ${products[3]}`);
  const [hidden] = await queryRows<{ id: number }>(db, sql`SELECT id FROM produtos ORDER BY id DESC LIMIT 1`);
  await db.execute(sql`UPDATE produtos SET qtde_disponivel = 0, ativo = false WHERE id = ${hidden!.id}`);

  const [p1, p2, p3, p4] = products as [number, number, number, number];
  // Wednesday 4 March 2026, noon in Asunción: the week began on Monday the 2nd, the month on the 1st.
  await order({ at: local("2026-03-04T00:30:00"), moeda: MOEDA.USD, total: "100.00", status: "PAGO", entrega: "em_separacao", lines: [[p1, 2]] });
  // 23:30 on the 3rd in Asunción is already the 4th in UTC: it belongs to yesterday.
  await order({ at: local("2026-03-03T23:30:00"), moeda: MOEDA.PYG, total: "500000", status: "PAGO", entrega: "enviado", lines: [[p2, 1]] });
  await order({
    at: local("2026-03-04T10:00:00"),
    moeda: MOEDA.PYG,
    total: "300000",
    status: "PAGO",
    entrega: "pronto_retirada",
    estornado: "100000",
    lines: [
      [p2, 3],
      [p1, 1],
    ],
  });
  await order({ at: local("2026-03-04T11:00:00"), moeda: MOEDA.USD, total: "50.00", status: "ESTORNADO", lines: [[p4, 10]] });
  await order({ at: local("2026-03-04T11:30:00"), moeda: MOEDA.PYG, total: "70000", status: "PAGAMENTO", entrega: "em_separacao" });
  // After the clock: not counted in any span.
  await order({ at: local("2026-03-04T13:00:00"), moeda: MOEDA.USD, total: "999.00", status: "PAGO", entrega: "em_separacao" });
  // Yesterday morning: what today is compared with (yesterday until the same hour).
  await order({ at: local("2026-03-03T08:00:00"), moeda: MOEDA.PYG, total: "250000", status: "PAGO" });
  // Yesterday afternoon: the week and the month, but not "yesterday until noon".
  await order({ at: local("2026-03-03T14:00:00"), moeda: MOEDA.USD, total: "80.00", status: "PAGO", lines: [[p3, 5]] });
  // A dollar order charged in reais (R$ 200) with R$ 50 refunded: U$ 10 of its U$ 40 is taken off.
  await order({ at: local("2026-02-03T10:00:00"), moeda: MOEDA.USD, total: "40.00", status: "PAGO", cobrado: "200.00", estornado: "50.00" });
  await order({ at: local("2026-02-24T09:00:00"), moeda: MOEDA.PYG, total: "1000000", status: "PAGO" });
  await order({ at: local("2026-03-01T00:10:00"), moeda: MOEDA.USD, total: "10.00", status: "CANCELADO" });
});
afterAll(() => t.close());

const NOW = local("2026-03-04T12:00:00");
const of = (d: Dashboard, periodo: string, which: "atual" | "anterior", moeda: number) =>
  d.periodos.find((p) => p.periodo === periodo)![which].find((f) => f.moeda_id === moeda)!;
const fig = (pedidos: number, pagos: number, vendas: string, ticket: string, estornados = 0, valor_estornado = vendas.includes(".") ? "0.00" : "0") =>
  ({ pedidos, pagos, vendas, ticket_medio: ticket, estornados, valor_estornado }) satisfies Omit<CurrencyFigures, "moeda_id">;

describe("the dashboard's figures", () => {
  it("counts today, this week and this month per currency in Asunción's time, against the previous span of the same length", async () => {
    const d = await dashboardFigures(t.database.db, NOW);
    expect(d.moedas).toEqual([MOEDA.USD, MOEDA.PYG]);
    const today = d.periodos.find((p) => p.periodo === "hoje")!;
    expect([today.de, today.ate, today.anterior_de, today.anterior_ate]).toEqual([
      "2026-03-04T03:00:00.000Z",
      "2026-03-04T15:00:00.000Z",
      "2026-03-03T03:00:00.000Z",
      "2026-03-03T15:00:00.000Z",
    ]);
    expect(of(d, "hoje", "atual", MOEDA.USD)).toMatchObject(fig(2, 1, "100.00", "100.00", 1, "50.00"));
    expect(of(d, "hoje", "atual", MOEDA.PYG)).toMatchObject(fig(2, 1, "200000", "200000", 0, "100000"));
    expect(of(d, "hoje", "anterior", MOEDA.USD)).toMatchObject(fig(0, 0, "0.00", "0.00"));
    // Yesterday until noon: the morning's order, not the one at 23:30 (which UTC would call today).
    expect(of(d, "hoje", "anterior", MOEDA.PYG)).toMatchObject(fig(1, 1, "250000", "250000"));

    const week = d.periodos.find((p) => p.periodo === "semana")!;
    expect([week.de, week.anterior_de, week.anterior_ate]).toEqual([
      "2026-03-02T03:00:00.000Z",
      "2026-02-23T03:00:00.000Z",
      "2026-02-25T15:00:00.000Z",
    ]);
    expect(of(d, "semana", "atual", MOEDA.USD)).toMatchObject(fig(3, 2, "180.00", "90.00", 1, "50.00"));
    expect(of(d, "semana", "atual", MOEDA.PYG)).toMatchObject(fig(4, 3, "950000", "316667", 0, "100000"));
    expect(of(d, "semana", "anterior", MOEDA.PYG)).toMatchObject(fig(1, 1, "1000000", "1000000"));

    const month = d.periodos.find((p) => p.periodo === "mes")!;
    expect([month.de, month.anterior_de, month.anterior_ate]).toEqual([
      "2026-03-01T03:00:00.000Z",
      "2026-02-01T03:00:00.000Z",
      "2026-02-04T15:00:00.000Z",
    ]);
    expect(of(d, "mes", "atual", MOEDA.USD)).toMatchObject(fig(4, 2, "180.00", "90.00", 1, "50.00"));
    expect(of(d, "mes", "anterior", MOEDA.USD)).toMatchObject(fig(1, 1, "30.00", "30.00", 0, "10.00"));
    expect(of(d, "mes", "anterior", MOEDA.PYG)).toMatchObject(fig(0, 0, "0", "0"));
  });

  it("lists the last 30 days' paid sales per currency, today last, with the empty days", async () => {
    const d = await dashboardFigures(t.database.db, NOW);
    expect(d.vendas_diarias).toHaveLength(60);
    expect(d.vendas_diarias[0]).toEqual({ dia: "2026-02-03", moeda_id: MOEDA.USD, pagos: 1, vendas: "30.00" });
    const day = (dia: string, moeda: number) => d.vendas_diarias.find((r) => r.dia === dia && r.moeda_id === moeda);
    expect(day("2026-03-04", MOEDA.USD)).toEqual({ dia: "2026-03-04", moeda_id: MOEDA.USD, pagos: 1, vendas: "100.00" });
    expect(day("2026-03-04", MOEDA.PYG)).toEqual({ dia: "2026-03-04", moeda_id: MOEDA.PYG, pagos: 1, vendas: "200000" });
    expect(day("2026-03-03", MOEDA.PYG)).toMatchObject({ pagos: 2, vendas: "750000" });
    expect(day("2026-03-03", MOEDA.USD)!.vendas).toBe("80.00");
    expect(day("2026-02-24", MOEDA.PYG)!.vendas).toBe("1000000");
    expect(day("2026-02-25", MOEDA.PYG)).toEqual({ dia: "2026-02-25", moeda_id: MOEDA.PYG, pagos: 0, vendas: "0" });
    expect(d.vendas_diarias.at(-1)!.dia).toBe("2026-03-04");
  });

  it("counts what waits for payment or for its customer, the stock out and low, and the most sold products of each span", async () => {
    const d = await dashboardFigures(t.database.db, NOW);
    expect(d.aguardando_pagamento).toEqual([{ moeda_id: MOEDA.PYG, pedidos: 1, valor: "70000" }]);
    expect(d.a_entregar).toEqual({ em_separacao: 2, pronto_retirada: 1, enviado: 1 });
    expect(d.estoque).toMatchObject({ limite: 5, sem_estoque: 2, estoque_baixo: 3 });
    expect(d.estoque.baixos.map((p) => [p.produto_id, p.qtde])).toEqual([
      [products[7], 1],
      [products[3], 3],
      [products[6], 5],
    ]);
    const [p1, p2, p3] = products;
    // The refunded order's ten units of p4 are not sales.
    expect(d.mais_vendidos.hoje.map((p) => [p.produto_id, p.unidades])).toEqual([
      [p1, 3],
      [p2, 3],
    ]);
    expect(d.mais_vendidos.semana.map((p) => [p.produto_id, p.unidades])).toEqual([
      [p3, 5],
      [p2, 4],
      [p1, 3],
    ]);
    expect(d.mais_vendidos.mes).toEqual(d.mais_vendidos.semana);
  });
});

describe("GET /api/admin/dashboard", () => {
  it("answers owners and managers with today's figures, and refuses counter staff and strangers", async () => {
    await order({ at: new Date(Date.now() - 60_000), moeda: MOEDA.USD, total: "12.34", status: "PAGO" });
    for (const role of ["owner", "manager"] as const) {
      const res = await asStaff<{ data: Dashboard }>(t.app, await staffAgent(t.app, t.database.db, role), "GET", "/api/admin/dashboard");
      expect(res.status).toBe(200);
      expect(of(res.body.data, "hoje", "atual", MOEDA.USD)).toMatchObject({ pagos: 1, vendas: "12.34" });
      expect(res.body.data.fuso).toBe("America/Asuncion");
    }
    const counter = await asStaff(t.app, await staffAgent(t.app, t.database.db, "counter", "es-PY"), "GET", "/api/admin/dashboard");
    expect(counter.status).toBe(403);
    expect(JSON.stringify(counter.body)).not.toContain("12.34");
    expect((await asStaff(t.app, undefined, "GET", "/api/admin/dashboard")).status).toBe(401);
  });

  it("answers the route's stock and most sold from the in-memory catalogue as the tables say them", async () => {
    const res = await asStaff<{ data: Dashboard }>(t.app, await staffAgent(t.app, t.database.db, "owner"), "GET", "/api/admin/dashboard");
    const direct = await dashboardFigures(t.database.db);
    expect(res.body.data.estoque).toEqual(direct.estoque);
    expect(res.body.data.mais_vendidos).toEqual(direct.mais_vendidos);

    // A product sold out since: the next working-out says so (the catalogue's stock levels follow its changes).
    const live = await buildApp({ config: { ...t.config, dashboardFreshMs: 0 }, database: t.database });
    await live.ready();
    const owner = await staffAgent(live, t.database.db, "owner");
    try {
      const before = (await asStaff<{ data: Dashboard }>(live, owner, "GET", "/api/admin/dashboard")).body.data.estoque;
      const [plenty] = await queryRows<{ id: number; qtde: number }>(
        t.database.db,
        sql`SELECT id, qtde_disponivel AS qtde FROM produtos WHERE ativo AND qtde_disponivel > 5 ORDER BY id LIMIT 1`,
      );
      await t.database.db.execute(sql`UPDATE produtos SET qtde_disponivel = 0 WHERE id = ${plenty!.id}`);
      const after = (await asStaff<{ data: Dashboard }>(live, owner, "GET", "/api/admin/dashboard")).body.data.estoque;
      expect(after.sem_estoque).toBe(before.sem_estoque + 1);
      expect(after).toEqual((await dashboardFigures(t.database.db)).estoque);
      await t.database.db.execute(sql`UPDATE produtos SET qtde_disponivel = ${plenty!.qtde} WHERE id = ${plenty!.id}`);
    } finally {
      await live.close();
    }
  });

  it("keeps one working-out for 15 s by default, and works the figures out on every request when DASHBOARD_FRESH_MS is 0", async () => {
    const manager = await staffAgent(t.app, t.database.db, "manager");
    const paidToday = async (app: typeof t.app) =>
      of((await asStaff<{ data: Dashboard }>(app, manager, "GET", "/api/admin/dashboard")).body.data, "hoje", "atual", MOEDA.PYG).pagos;
    // The same database behind a second process whose memo is off (what the bench runs).
    const live = await buildApp({ config: { ...t.config, dashboardFreshMs: 0 }, database: t.database });
    await live.ready();
    try {
      const before = await paidToday(t.app);
      expect(await paidToday(live)).toBe(before);
      await order({ at: new Date(Date.now() - 30_000), moeda: MOEDA.PYG, total: "50000", status: "PAGO" });
      expect(await paidToday(t.app)).toBe(before);
      expect(await paidToday(live)).toBe(before + 1);
    } finally {
      await live.close();
    }
  });
});
