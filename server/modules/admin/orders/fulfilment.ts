import { asc, eq } from "drizzle-orm";
import { fulfilmentRefusal, type FulfilmentKind, type FulfilmentStatus } from "#contract/fulfilment.ts";
import type { Db, Tx } from "#db/client.ts";
import { orders, payments } from "#db/schema/sales.ts";
import { HttpError } from "../../../lib/errors.ts";
import { recordOrderEvent, type EventAuthor } from "../../orders/timeline.ts";
import { record, storeMetrics } from "../../../observability/metrics.ts";

type OrderRow = typeof orders.$inferSelect;

/** A pickup order has no shipping service: the buyer collects it at the shop's counter. */
export const fulfilmentKind = (order: Pick<OrderRow, "entrega_servico_id">): FulfilmentKind =>
  order.entrega_servico_id === null ? "retirada" : "entrega";

/** Counts a committed handover at the counter (`retirado`) by the order's currency and gateway, when metrics are on. */
export async function countPickup(db: Db, order: Pick<OrderRow, "id" | "moeda_id" | "status_entrega">): Promise<void> {
  if (!storeMetrics() || order.status_entrega !== "retirado") return;
  const [payment] = await db
    .select({ provider: payments.provider })
    .from(payments)
    .where(eq(payments.order_id, order.id))
    .orderBy(asc(payments.id))
    .limit(1);
  record.pickup(order.moeda_id, payment?.provider ?? "none");
}

/** A shipped order's carrier and tracking code. */
export interface Shipment {
  transportadora: string;
  codigo_rastreio: string;
}

const REFUSAL_KEYS = {
  closed: "fulfilment_closed",
  not_paid: "fulfilment_not_paid",
  wrong_kind: "fulfilment_wrong_kind",
  not_next: "fulfilment_not_next",
  already: "fulfilment_already",
} as const;

/**
 * Moves an order's fulfilment status to `to`, on a transaction that locks the order's row first, so two
 * members (or a member and a refund) never move one order at once; the rules are contract/fulfilment.ts's
 * and a refusal is a 409 that changes nothing. The change and its timeline line are written together.
 * Pass `tx` to make the move part of a larger write (a cancellation with its refund and stock).
 */
export async function moveFulfilment(
  db: Db,
  orderId: number,
  to: FulfilmentStatus,
  author: EventAuthor | null,
  options: { shipment?: Shipment; tx?: Tx } = {},
): Promise<{ before: OrderRow; after: OrderRow }> {
  const run = async (tx: Tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!before) throw new HttpError(404, "not_found");
    const refusal = fulfilmentRefusal(
      { status: before.status, status_entrega: before.status_entrega as FulfilmentStatus, kind: fulfilmentKind(before) },
      to,
    );
    if (refusal) throw new HttpError(409, REFUSAL_KEYS[refusal]);
    if (to === "enviado" && !options.shipment) throw new HttpError(422, "validation_failed", { errors: { codigo_rastreio: ["required"] } });
    const now = new Date();
    const [after] = await tx
      .update(orders)
      .set({
        status_entrega: to,
        status_entrega_em: now,
        status_entrega_por: author?.staffId ?? null,
        ...(to === "enviado" ? { transportadora: options.shipment!.transportadora, codigo_rastreio: options.shipment!.codigo_rastreio } : {}),
        updated_at: now,
      })
      .where(eq(orders.id, orderId))
      .returning();
    await recordOrderEvent(tx, orderId, "status_entrega", author, {
      de: before.status_entrega,
      para: to,
      ...(to === "enviado" ? options.shipment : {}),
    });
    return { before, after: after! };
  };
  return options.tx ? run(options.tx) : db.transaction(run);
}
