import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Rates } from "#contract/api/admin/rates.ts";
import type { ProductDetails } from "#contract/api/catalog.ts";
import { queryRows } from "#db/client.ts";
import { call } from "../../../../tests/support/customers.ts";
import { pickProducts } from "../../../../tests/support/shop.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";

let t: TestApp;
let manager: StaffAgent;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN });
  manager = await staffAgent(t.app, t.database.db, "manager");
});
afterAll(() => t.close());

const save = (rates: { target_currency_id: number; tax: string }[], confirmar?: boolean) =>
  asStaff<{ data: Rates["data"]; message: string; errors?: Record<string, string[]> }>(t.app, manager, "PUT", "/api/admin/rates", {
    body: { rates, ...(confirmar ? { confirmar } : {}) },
  });

describe("exchange rates in the back office", () => {
  it("saves today's rates: the storefront's conversions, rates bar and sort values follow at once, and the history keeps them", async () => {
    const before = await asStaff<Rates>(t.app, manager, "GET", "/api/admin/rates");
    expect(before.body.data.map((r) => r.target_currency_id)).toEqual([1, 3, 4]);
    const pyg = Number(before.body.data.find((r) => r.target_currency_id === 3)!.tax);
    const [product] = await pickProducts(t.database.db, 1);
    const priceIn = async (moeda: number) =>
      (await call<{ data: ProductDetails }>(t.app, "GET", `/api/public/products/${product!.id}/details?moeda_id=${moeda}`)).body.data;
    const usd = Number((await priceIn(2)).preco_atual!.valor_venda);

    const next = String(pyg + 150);
    const res = await save([
      { target_currency_id: 3, tax: next },
      { target_currency_id: 1, tax: "5,61" },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Cotações salvas. Os preços da loja já as seguem.");
    expect(res.body.data.find((r) => r.target_currency_id === 1)!.tax).toBe("5.61");
    // Guaraní prices have no cents.
    expect(Number((await priceIn(3)).preco_atual!.valor_venda)).toBe(Math.round(usd * (pyg + 150)));
    const menu = await call<{ data: { exchange_rates: { target_currency: { id: number }; tax: string }[] } }>(t.app, "GET", "/api/public/menu");
    expect(Number(menu.body.data.exchange_rates.find((r) => r.target_currency.id === 3)!.tax)).toBe(pyg + 150);
    const [sortValue] = await queryRows<{ ok: boolean }>(
      t.database.db,
      sql`SELECT bool_and(valor_usd = round(valor_venda / ${next}::numeric, 2)) AS ok FROM produtos WHERE moeda_id = 3`,
    );
    expect(sortValue!.ok).not.toBe(false);

    const after = await asStaff<Rates>(t.app, manager, "GET", "/api/admin/rates");
    expect(after.body.history.slice(0, 2)).toEqual(
      expect.arrayContaining([expect.objectContaining({ target_currency_id: 3, tax: next, autor: manager.email })]),
    );
  });

  it("asks to confirm a rate that moves more than 30% (a slipped thousands point), and refuses what is no rate", async () => {
    const now = (await asStaff<Rates>(t.app, manager, "GET", "/api/admin/rates")).body.data.find((r) => r.target_currency_id === 3)!.tax;
    const slipped = await save([{ target_currency_id: 3, tax: "7.350" }]);
    expect(slipped.status).toBe(422);
    expect(slipped.body.errors?.["rates.0.tax"]).toEqual([`Muda mais de 30% em relação à cotação atual (${now}). Confira o valor e confirme.`]);
    const unchanged = await asStaff<Rates>(t.app, manager, "GET", "/api/admin/rates");
    expect(unchanged.body.data.find((r) => r.target_currency_id === 3)!.tax).toBe(now);
    for (const tax of ["0", "-5", "7.350,00", "abc", "1e5"]) {
      expect((await save([{ target_currency_id: 3, tax }])).status, tax).toBe(422);
    }
    expect((await save([{ target_currency_id: 2, tax: "1" }])).status).toBe(422);
    const confirmed = await save([{ target_currency_id: 4, tax: "2000" }], true);
    expect(confirmed.status).toBe(200);
  });
});
