import { desc, sql } from "drizzle-orm";
import type { z } from "zod";
import { RATE_JUMP, type Rates, type RatesBodySchema } from "#contract/api/admin/rates.ts";
import { queryRows, type Db } from "#db/client.ts";
import { rateHistory } from "#db/schema/staff.ts";
import { HttpError } from "../../../lib/errors.ts";
import { dollarValueSql } from "../../catalog/pricing.ts";
import { audited, type Actor } from "../audit.ts";

const USD = 2;
const PYG = 3;
const HISTORY_SHOWN = 60;

/**
 * Today's exchange rates from the dollar (docs/decisions/020): entered in the back office, kept in
 * `cotacoes` (whose trigger feeds every process's catalogue) and in their history. A new dollar rate
 * in guaraníes also moves the dollar value guaraní-priced products are sorted by.
 */
export function createAdminRates({ db, changed }: { db: Db; changed: () => Promise<void> }) {
  async function current(): Promise<Rates["data"]> {
    const rows = await queryRows<{ target_currency_id: number; simbolo: string; tax: string; updated_at: Date | string }>(
      db,
      sql`SELECT c.target_currency_id, m.simbolo, c.tax::text AS tax, c.updated_at
          FROM cotacoes c JOIN moedas m ON m.id = c.target_currency_id
          WHERE c.source_currency_id = ${USD} ORDER BY c.target_currency_id`,
    );
    return rows.map((r) => ({ ...r, tax: String(Number(r.tax)), updated_at: new Date(r.updated_at).toISOString() }));
  }

  async function read(): Promise<Rates> {
    const history = await db.select().from(rateHistory).orderBy(desc(rateHistory.created_at), desc(rateHistory.id)).limit(HISTORY_SHOWN);
    return {
      data: await current(),
      history: history.map((h) => ({
        target_currency_id: h.target_currency_id,
        tax: String(Number(h.tax)),
        autor: h.autor,
        created_at: h.created_at.toISOString(),
      })),
    };
  }

  async function save(actor: Actor, body: z.output<typeof RatesBodySchema>): Promise<Rates["data"]> {
    const before = await current();
    // A rate far from today's is refused until it is confirmed: "7.350" typed for 7350 would divide every guaraní price by a thousand.
    if (!body.confirmar) {
      const errors: Record<string, ["rate_jump"]> = {};
      const fieldVars: Record<string, Record<string, string>> = {};
      for (const [i, rate] of body.rates.entries()) {
        const now = before.find((r) => r.target_currency_id === rate.target_currency_id);
        if (now && Math.abs(Number(rate.tax) / Number(now.tax) - 1) > RATE_JUMP) {
          errors[`rates.${i}.tax`] = ["rate_jump"];
          fieldVars[`rates.${i}.tax`] = { current: now.tax };
        }
      }
      if (Object.keys(errors).length > 0) throw new HttpError(422, "validation_failed", { errors, fieldVars });
    }
    await db.transaction(async (tx) => {
      for (const rate of body.rates) {
        await tx.execute(sql`
          INSERT INTO cotacoes (source_currency_id, target_currency_id, tax, updated_at) VALUES (${USD}, ${rate.target_currency_id}, ${rate.tax}, now())
          ON CONFLICT (source_currency_id, target_currency_id) DO UPDATE SET tax = excluded.tax, updated_at = now()`);
        await tx.insert(rateHistory).values({
          source_currency_id: USD,
          target_currency_id: rate.target_currency_id,
          tax: rate.tax,
          funcionario_id: actor.staffId,
          autor: actor.email,
        });
      }
      const pyg = body.rates.find((r) => r.target_currency_id === PYG);
      const pygBefore = before.find((r) => r.target_currency_id === PYG);
      if (pyg && Number(pyg.tax) !== Number(pygBefore?.tax)) {
        await tx.execute(sql`UPDATE produtos SET valor_usd = ${dollarValueSql(sql`valor_venda`, pyg.tax)} WHERE moeda_id = ${PYG}`);
      }
      await audited(tx, actor, {
        acao: "editar",
        entidade: "cotacao",
        antes: Object.fromEntries(before.map((r) => [r.simbolo, r.tax])),
        depois: Object.fromEntries(
          body.rates.map((r) => [
            before.find((b) => b.target_currency_id === r.target_currency_id)?.simbolo ?? r.target_currency_id,
            String(Number(r.tax)),
          ]),
        ),
      });
    });
    await changed();
    return current();
  }

  return { read, save };
}
