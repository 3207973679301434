import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { orderItems, orders, paymentEvents, payments } from "#db/schema/index.ts";
import { lockProducts, returnStock, shortages, takeStock } from "../modules/orders/stock.ts";
import type { GatewayStatus, PaymentProvider } from "./provider.ts";

const FINAL = new Set(["PAGO", "FINALIZADO", "ESTORNADO"]);
/** One key for the expiry job: whichever process holds it runs the sweep, the others skip. */
const EXPIRY_LOCK = 7_301_001;

export function createPaymentService(db: Db, providers: Map<string, PaymentProvider>) {
  /**
   * Applies a verified notification once. The event id is recorded under a unique key, so a replay
   * changes nothing; the status comes from the gateway, not from the notification's body; a paid
   * payment is final, so a late decline cannot undo it.
   */
  async function handleNotification(providerName: string, eventId: string, providerRef: string, payload: unknown) {
    const provider = providers.get(providerName);
    if (!provider) return "unknown_provider" as const;
    const status: GatewayStatus = await provider.fetchStatus(providerRef);
    return db.transaction(async (tx) => {
      // The payment first: a notification for a payment not known yet is refused unrecorded, so the
      // gateway's retry is applied later instead of being taken for a replay.
      const [known] = await tx
        .select({ id: payments.id, order_id: payments.order_id })
        .from(payments)
        .where(and(eq(payments.provider, providerName), eq(payments.provider_ref, providerRef)));
      if (!known) return "unknown_payment" as const;
      // Locks in the expiry sweep's order (order, then payment), so the two never cancel and pay one
      // order at once, nor wait on each other in a cycle.
      const [order] = await tx.select().from(orders).where(eq(orders.id, known.order_id)).for("update");
      const [payment] = await tx.select().from(payments).where(eq(payments.id, known.id)).for("update");
      const recorded = await tx
        .insert(paymentEvents)
        .values({ provider: providerName, event_id: eventId, payload: payload as object })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return "replay" as const;
      if (FINAL.has(payment!.status) || status === "AGUARDANDO") return "unchanged" as const;
      const now = new Date();
      if (status === "RECUSADO" || status === "EXPIRADO") {
        await tx.update(payments).set({ status, updated_at: now }).where(eq(payments.id, payment!.id));
        return "declined" as const;
      }
      // Paid: the order keeps its reserved stock; if the reservation had lapsed, take the stock again.
      let orderStatus = "PAGO";
      let paymentStatus = "PAGO";
      if (order!.estoque_liberado_em) {
        const lines = await tx
          .select({ produto_id: orderItems.produto_id, qtde: orderItems.qtde })
          .from(orderItems)
          .where(eq(orderItems.order_id, order!.id));
        const locked = await lockProducts(tx, lines.map((l) => l.produto_id));
        if (shortages(lines, locked).length === 0) await takeStock(tx, lines);
        else {
          // Paid after the stock was sold to someone else: the payment must be given back.
          orderStatus = "ESTORNADO";
          paymentStatus = "ESTORNADO";
        }
      }
      await tx.update(payments).set({ status: paymentStatus, pago_em: now, updated_at: now }).where(eq(payments.id, payment!.id));
      await tx
        .update(orders)
        .set({ status: orderStatus, reserva_expira_em: null, estoque_liberado_em: orderStatus === "PAGO" ? null : order!.estoque_liberado_em, updated_at: now })
        .where(eq(orders.id, order!.id));
      return orderStatus === "PAGO" ? ("paid" as const) : ("refund" as const);
    });
  }

  /** Returns the stock of unpaid orders whose reservation has run out. */
  async function releaseExpired(now = new Date()): Promise<number> {
    const expiredRefs: { provider: string; ref: string }[] = [];
    const released = await db.transaction(async (tx) => {
      const [lock] = await tx
        .execute(sql`SELECT pg_try_advisory_xact_lock(${EXPIRY_LOCK}) AS ok`)
        .then((r) => (r as unknown as { rows: { ok: boolean }[] }).rows);
      if (!lock?.ok) return 0;
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, "PAGAMENTO"), lt(orders.reserva_expira_em, now), isNull(orders.estoque_liberado_em)))
        .limit(100)
        // An order a notification holds is being paid: skip it (it is looked at again next run).
        .for("update", { skipLocked: true });
      for (const { id } of due) {
        const lines = await tx
          .select({ produto_id: orderItems.produto_id, qtde: orderItems.qtde })
          .from(orderItems)
          .where(eq(orderItems.order_id, id));
        await lockProducts(tx, lines.map((l) => l.produto_id));
        await returnStock(tx, lines);
        await tx.update(orders).set({ status: "CANCELADO", estoque_liberado_em: now, updated_at: now }).where(eq(orders.id, id));
        const open = await tx
          .update(payments)
          .set({ status: "EXPIRADO", updated_at: now })
          .where(and(eq(payments.order_id, id), inArray(payments.status, ["AGUARDANDO", "RECUSADO"])))
          .returning({ provider: payments.provider, ref: payments.provider_ref });
        expiredRefs.push(...open.map((p) => ({ provider: p.provider, ref: p.ref })));
      }
      return due.length;
    });
    for (const { provider, ref } of expiredRefs) await providers.get(provider)?.expire?.(ref);
    return released;
  }

  return { handleNotification, releaseExpired };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
