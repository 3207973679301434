import Big from "big.js";
import { eq, sql, type SQL } from "drizzle-orm";
import { MOEDA } from "#contract/currencies.ts";
import { convertPrice, type ExchangeRate } from "#contract/money.ts";
import { queryRows, type Db, type DbOrTx } from "#db/client.ts";
import { customers } from "#db/schema/index.ts";

/**
 * The store's price rules in one place (spec §9), shared by the cart, checkout, shipping and the back
 * office: prices are decimals (big.js), never floating point.
 */

/** Prices a product in the cart's currency, rounded to its decimals; the client's price is never used. */
export function unitPrice(valorVenda: string, productMoedaId: number, cartMoedaId: number, rates: ExchangeRate[]): string {
  return convertPrice(valorVenda, productMoedaId, cartMoedaId, rates);
}

/** Spec §9: a foreign customer's cart is in dollars, a resident's in guaraníes; a guest's as asked. */
export async function cartCurrencyFor(db: Db, customerId: number | null, requested: number): Promise<number> {
  if (customerId === null) return requested;
  const [c] = await db.select({ estrangeiro: customers.estrangeiro }).from(customers).where(eq(customers.id, customerId));
  return c?.estrangeiro ? MOEDA.USD : MOEDA.PYG;
}

/** Today's dollar rate in guaraníes as the database keeps it, if one was entered. */
export async function guaraniRate(db: DbOrTx): Promise<string | undefined> {
  const [rate] = await queryRows<{ tax: string }>(
    db,
    sql`SELECT tax::text AS tax FROM cotacoes WHERE source_currency_id = ${MOEDA.USD} AND target_currency_id = ${MOEDA.PYG}`,
  );
  return rate?.tax;
}

/**
 * A product's value in dollars (`valor_usd`), which sorts prices across currencies: a guaraní price at
 * today's rate, rounded half up to the cent; nothing without a rate.
 */
export function dollarValue(moedaId: number, valor: string, rate: string | undefined): string {
  if (moedaId === MOEDA.USD) return new Big(valor).toFixed(2);
  const tax = new Big(rate ?? "0");
  return tax.gt(0) ? new Big(valor).div(tax).toFixed(2) : "0.00";
}

/** `dollarValue` of a guaraní price in SQL, for a statement that changes many products at once. */
export const dollarValueSql = (valor: SQL, rate: string) => sql`round(${valor} / ${rate}::numeric, 2)`;
