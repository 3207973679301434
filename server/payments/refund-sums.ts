import Big from "big.js";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { MOEDA } from "#contract/currencies.ts";
import type { Tx } from "#db/client.ts";
import { payments, refunds } from "#db/schema/index.ts";

type PaymentRow = typeof payments.$inferSelect;

/** What the gateway charged: the order's total, or its conversion where the gateway takes another currency. */
export const chargeOf = (payment: Pick<PaymentRow, "valor_total" | "moeda_id" | "valor_cobrado" | "moeda_cobrada">) => ({
  amount: payment.valor_cobrado ?? payment.valor_total,
  moedaId: payment.moeda_cobrada ?? payment.moeda_id,
});

export const decimalsOf = (moedaId: number) => (moedaId === MOEDA.PYG ? 0 : 2);
/** How long a second press waits for the first one's gateway answer before saying it is still being processed. */
export const REPLAY_WAIT_MS = 15_000;

/**
 * What an order's refunds not refused add up to (pending ones hold their share until settled): in the
 * order's currency, whether the shipping was among them, and what pending ones will take from the gateway.
 * With `settledOnly`, the refunds made (feito, fora_da_loja).
 */
export async function refundedSoFar(tx: Tx, orderId: number, settledOnly = false) {
  const [row] = await tx
    .select({
      total: sql<string>`coalesce(sum(${refunds.valor}), 0)::text`,
      frete: sql<boolean>`coalesce(bool_or(${refunds.frete}), false)`,
      pendingGateway: sql<string>`coalesce(sum(${refunds.valor_gateway}) FILTER (WHERE ${refunds.status} = 'pendente'), 0)::text`,
    })
    .from(refunds)
    .where(and(eq(refunds.order_id, orderId), settledOnly ? inArray(refunds.status, ["feito", "fora_da_loja"]) : ne(refunds.status, "recusado")));
  return { total: new Big(row?.total ?? "0"), shipping: row?.frete ?? false, pendingGateway: new Big(row?.pendingGateway ?? "0") };
}
