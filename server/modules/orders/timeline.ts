import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "#db/client.ts";
import { orderEvents } from "#db/schema/sales.ts";

/** What a timeline line is about (pedido_eventos.tipo). */
export type OrderEventType = "status_pagamento" | "status_entrega" | "pagamento" | "estorno" | "email" | "nota" | "cancelamento";

/** Who did it: a member (id and name as the line keeps them), or null for the store, a gateway or the customer. */
export interface EventAuthor {
  staffId: number;
  name: string;
}

/**
 * Adds one line to an order's timeline, on the caller's transaction: a change and its line are written
 * together or not at all.
 */
export async function recordOrderEvent(
  tx: DbOrTx,
  orderId: number,
  tipo: OrderEventType,
  author: EventAuthor | null,
  dados: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(orderEvents).values({
    order_id: orderId,
    tipo,
    funcionario_id: author?.staffId ?? null,
    autor: author?.name.slice(0, 200) ?? null,
    dados,
  });
}

/** An order's timeline, oldest first. */
export function orderTimeline(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: orderEvents.id,
      tipo: orderEvents.tipo,
      funcionario_id: orderEvents.funcionario_id,
      autor: orderEvents.autor,
      dados: orderEvents.dados,
      created_at: orderEvents.created_at,
    })
    .from(orderEvents)
    .where(eq(orderEvents.order_id, orderId))
    .orderBy(asc(orderEvents.id));
}
