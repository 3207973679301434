import Big from "big.js";
import { and, eq, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { orderEvents, orderItems, orders, paymentEvents, payments } from "#db/schema/index.ts";
import { record } from "../observability/metrics.ts";
import { lockProducts, returnStock, shortages, takeStock } from "../modules/orders/stock.ts";
import { recordOrderEvent } from "../modules/orders/timeline.ts";
import type { PaymentNotification, PaymentProvider, StatusRead } from "./provider.ts";
import { chargeOf } from "./refund-sums.ts";
import { createRefunds, PAID_AFTER_CANCEL, type RefundRow } from "./refunds.ts";

export { PAID_AFTER_CANCEL };
const FINAL = new Set(["PAGO", "FINALIZADO", "ESTORNADO", PAID_AFTER_CANCEL]);
/** A gateway's approval that does not match the charge (amount or currency): kept for a person to look at. */
export const FLAGGED = "DIVERGENTE";

type PaymentRow = typeof payments.$inferSelect;

export { chargeOf };

/** Why an approval cannot be trusted as this payment's, or undefined when amount and currency agree. */
function divergence(payment: PaymentRow, read: StatusRead, claimed?: PaymentNotification): string | undefined {
  const charge = chargeOf(payment);
  for (const [source, amount, moedaId] of [
    ["gateway", read.amount, read.moedaId],
    ["notification", claimed?.amount, claimed?.moedaId],
  ] as const) {
    if (moedaId !== undefined && moedaId !== charge.moedaId) return `${source} currency ${moedaId}, expected ${charge.moedaId}`;
    if (amount === undefined) continue;
    let same = false;
    try {
      same = new Big(amount).eq(charge.amount);
    } catch {
      same = false;
    }
    if (!same) return `${source} amount ${String(amount).slice(0, 40)}, expected ${charge.amount}`;
  }
  return undefined;
}
/** Whether a member cancelled the order (the back office's cancellation writes its timeline line), not its reservation's expiry. */
async function cancelledByStaff(tx: Tx, orderId: number) {
  const [row] = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.order_id, orderId), eq(orderEvents.tipo, "cancelamento")))
    .limit(1);
  return row !== undefined;
}

/** One key for the expiry job: whichever process holds it runs the sweep, the others skip. */
const EXPIRY_LOCK = 7_301_001;

/** Payments the reconciliation job reads again: still open, older than this. */
const RECONCILE_AFTER_MS = 3 * 60_000;
/** One key for the reconciliation job, as for the expiry job. */
const RECONCILE_LOCK = 7_301_002;

export type NotificationResult =
  "unknown_provider" | "unknown_payment" | "replay" | "unchanged" | "declined" | "flagged" | "paid" | "refund" | "paid_after_cancel";

export function createPaymentService(
  db: Db,
  providers: Map<string, PaymentProvider>,
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void } = { warn() {}, error() {} },
) {
  /**
   * Applies a verified notification once. The event id is recorded under a unique key, so a replay
   * changes nothing; the status comes from the gateway, not from the notification's body; a paid
   * payment is final, so a late decline cannot undo it.
   */
  async function handleNotification(providerName: string, notification: PaymentNotification, payload: unknown): Promise<NotificationResult> {
    const provider = providers.get(providerName);
    if (!provider) return "unknown_provider";
    const read = await provider.fetchStatus({ ref: notification.providerRef, gatewayPaymentId: notification.gatewayPaymentId });
    const target =
      read.paymentId !== undefined
        ? and(eq(payments.provider, providerName), eq(payments.id, read.paymentId))
        : notification.providerRef !== undefined
          ? and(eq(payments.provider, providerName), eq(payments.provider_ref, notification.providerRef))
          : undefined;
    if (!target) return "unknown_payment";
    const result = await apply(provider, target, read, { eventId: notification.eventId, payload, claimed: notification });
    if (result !== "unknown_payment" && result !== "replay") await settlePending(provider, target);
    return result;
  }

  /** Who hears of a refund a notification settled (the back office: the customer's e-mail, the caches). */
  const settledListeners: ((refund: RefundRow) => Promise<void>)[] = [];

  /**
   * A notification about a payment with refunds left pendente asks its gateway again about each (decision
   * 037): the gateway settling a refund says so by notifying the payment. A failure is logged; the refund
   * stays pendente for a member's "check again".
   */
  async function settlePending(provider: PaymentProvider, target: SQL) {
    if (!provider.refundStatus) return;
    const [payment] = await db.select({ id: payments.id }).from(payments).where(target);
    if (!payment) return;
    for (const p of await refunds.pendingOfPayment(payment.id)) {
      try {
        const settled = await refunds.recheck(p.order_id, p.id, { author: null });
        if (settled.settled) for (const listener of settledListeners) await listener(settled.refund);
      } catch (err) {
        log.warn({ err, refundId: p.id, provider: provider.name }, "pending refund: gateway read failed");
      }
    }
  }

  /**
   * Brings one payment to what its gateway says. With an event (a notification) the event is recorded
   * first and a replay stops there. An approval whose amount or currency is not the charge's is
   * flagged (DIVERGENTE) and never paid.
   */
  async function apply(
    provider: PaymentProvider,
    target: SQL | undefined,
    read: StatusRead,
    event?: { eventId: string; payload: unknown; claimed: PaymentNotification },
  ): Promise<NotificationResult> {
    const outcome = await db.transaction(async (tx) => {
      // The payment first: a notification for a payment not known yet is refused unrecorded, so the
      // gateway's retry is applied later instead of being taken for a replay.
      const [known] = await tx.select({ id: payments.id, order_id: payments.order_id }).from(payments).where(target);
      if (!known) return { result: "unknown_payment" as const };
      // Locks in the expiry sweep's order (order, then payment), so the two never cancel and pay one
      // order at once, nor wait on each other in a cycle.
      const [order] = await tx.select().from(orders).where(eq(orders.id, known.order_id)).for("update");
      const [payment] = await tx.select().from(payments).where(eq(payments.id, known.id)).for("update");
      if (event) {
        const recorded = await tx
          .insert(paymentEvents)
          .values({ provider: provider.name, event_id: event.eventId, payload: event.payload as object })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (recorded.length === 0) return { result: "replay" as const };
      }
      if (FINAL.has(payment!.status) || payment!.status === FLAGGED || read.status === "AGUARDANDO") return { result: "unchanged" as const };
      const now = new Date();
      if (read.status === "RECUSADO" || read.status === "EXPIRADO") {
        if (payment!.status === read.status) return { result: "unchanged" as const };
        await tx.update(payments).set({ status: read.status, updated_at: now }).where(eq(payments.id, payment!.id));
        await recordOrderEvent(tx, order!.id, "pagamento", null, {
          pagamento_id: payment!.id,
          provider: provider.name,
          de: payment!.status,
          para: read.status,
        });
        return { result: "declined" as const };
      }
      const mismatch = divergence(payment!, read, event?.claimed);
      if (mismatch) {
        await tx
          .update(payments)
          .set({ status: FLAGGED, divergencia: mismatch.slice(0, 200), updated_at: now })
          .where(eq(payments.id, payment!.id));
        await recordOrderEvent(tx, order!.id, "pagamento", null, {
          pagamento_id: payment!.id,
          provider: provider.name,
          de: payment!.status,
          para: FLAGGED,
        });
        return { result: "flagged" as const, mismatch, paymentId: payment!.id };
      }
      // Paid after a member cancelled the order (its stock released, the buyer told): the order stays
      // cancelled and its stock is not taken again; the payment is kept apart, to be refunded (decision 037).
      if (order!.status === "CANCELADO" && (await cancelledByStaff(tx, order!.id))) {
        await tx.update(payments).set({ status: PAID_AFTER_CANCEL, pago_em: now, updated_at: now }).where(eq(payments.id, payment!.id));
        await recordOrderEvent(tx, order!.id, "pagamento", null, {
          pagamento_id: payment!.id,
          provider: provider.name,
          de: payment!.status,
          para: PAID_AFTER_CANCEL,
        });
        return { result: "paid_after_cancel" as const, paymentId: payment!.id, orderId: order!.id };
      }
      // Paid: the order keeps its reserved stock; if the reservation had lapsed, take the stock again.
      let orderStatus = "PAGO";
      let paymentStatus = "PAGO";
      if (order!.estoque_liberado_em) {
        const lines = await tx
          .select({ produto_id: orderItems.produto_id, qtde: orderItems.qtde })
          .from(orderItems)
          .where(eq(orderItems.order_id, order!.id));
        const locked = await lockProducts(
          tx,
          lines.map((l) => l.produto_id),
        );
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
        .set({
          status: orderStatus,
          reserva_expira_em: null,
          estoque_liberado_em: orderStatus === "PAGO" ? null : order!.estoque_liberado_em,
          // Paid after the reservation's expiry had cancelled it: the order is to be prepared after all.
          ...(orderStatus === "PAGO" ? { status_entrega: "em_separacao" } : {}),
          updated_at: now,
        })
        .where(eq(orders.id, order!.id));
      await recordOrderEvent(tx, order!.id, "pagamento", null, {
        pagamento_id: payment!.id,
        provider: provider.name,
        de: payment!.status,
        para: paymentStatus,
      });
      await recordOrderEvent(tx, order!.id, "status_pagamento", null, { de: order!.status, para: orderStatus });
      if (orderStatus === "PAGO") return { result: "paid" as const, moedaId: order!.moeda_id };
      return {
        result: "refund" as const,
        moedaId: order!.moeda_id,
        refund: { ref: payment!.provider_ref, paymentId: payment!.id, amount: chargeOf(payment!).amount },
      };
    });
    if (outcome.result === "paid") record.order("paid", outcome.moedaId, provider.name);
    if (outcome.result === "refund") {
      record.order("refunded", outcome.moedaId, provider.name);
      record.refund("whole", outcome.moedaId, provider.name);
    }
    if (outcome.result === "flagged")
      log.warn(
        { paymentId: outcome.paymentId, provider: provider.name, mismatch: outcome.mismatch },
        "payment flagged: not the order's amount or currency",
      );
    if (outcome.result === "paid_after_cancel")
      log.warn(
        { paymentId: outcome.paymentId, orderId: outcome.orderId, provider: provider.name },
        "payment approved after the order was cancelled: to refund",
      );
    if (outcome.result === "refund") {
      await provider
        .refund?.({ ...outcome.refund, full: true, key: `sold-out-${outcome.refund.paymentId}` })
        .catch((err: unknown) =>
          log.error({ err, paymentId: outcome.refund.paymentId, provider: provider.name }, "refund of a payment for sold-out stock failed"),
        );
    }
    return outcome.result;
  }

  /**
   * Reads open payments older than a few minutes from their gateways, so a lost notification still ends
   * in the right state. Each payment is claimed (conferido_em) under an advisory lock, so several processes
   * never read the same one at once; the gateway calls happen after the claim, outside any transaction.
   */
  async function reconcile(now = new Date(), minAgeMs = RECONCILE_AFTER_MS): Promise<number> {
    const before = new Date(now.getTime() - minAgeMs);
    const due = await db.transaction(async (tx) => {
      const [lock] = await queryRows<{ ok: boolean }>(tx as unknown as Db, sql`SELECT pg_try_advisory_xact_lock(${RECONCILE_LOCK}) AS ok`);
      if (!lock?.ok) return [];
      const open = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            inArray(payments.status, ["AGUARDANDO", "RECUSADO"]),
            ne(payments.link, ""),
            lt(payments.created_at, before),
            or(isNull(payments.conferido_em), lt(payments.conferido_em, before)),
          ),
        )
        .orderBy(sql`${payments.conferido_em} NULLS FIRST`, payments.id)
        .limit(50);
      if (open.length === 0) return [];
      return tx
        .update(payments)
        .set({ conferido_em: now })
        .where(
          inArray(
            payments.id,
            open.map((p) => p.id),
          ),
        )
        .returning({ id: payments.id, provider: payments.provider, ref: payments.provider_ref });
    });
    let changed = 0;
    for (const p of due) {
      const provider = providers.get(p.provider);
      if (!provider) continue;
      try {
        const read = await provider.fetchStatus({ ref: p.ref, paymentId: p.id });
        const result = await apply(provider, eq(payments.id, p.id), read);
        if (result !== "unchanged") changed++;
      } catch (err) {
        log.warn({ err, paymentId: p.id, provider: p.provider }, "payment reconciliation: gateway read failed");
      }
    }
    // Refunds left pendente whose gateway can be asked: asked again (each check moves its updated_at on, so a
    // refund is asked at most once per period; settling is exactly once whoever asks, decision 037).
    for (const r of await refunds.pendingDue(before)) {
      if (!providers.get(r.provider)?.refundStatus) continue;
      try {
        const settled = await refunds.recheck(r.order_id, r.id, { author: null });
        if (!settled.settled) continue;
        changed++;
        for (const listener of settledListeners) await listener(settled.refund);
      } catch (err) {
        log.warn({ err, refundId: r.id, provider: r.provider }, "refund reconciliation: gateway read failed");
      }
    }
    return changed;
  }

  /**
   * Gives back all of an order's payment or part of it through its gateway, or records it as given back
   * outside the store where the gateway cannot (refunds.ts): claimed first, asked outside any transaction,
   * settled under the order's and the payment's locks, once per idempotency key.
   */
  const refunds = createRefunds(db, providers);
  const refund = refunds.refund;

  /** Returns the stock of unpaid orders whose reservation has run out. */
  async function releaseExpired(now = new Date()): Promise<number> {
    const expiredRefs: { provider: string; ref: string; id: number }[] = [];
    const cancelled: { moedaId: number; gateway: string }[] = [];
    const released = await db.transaction(async (tx) => {
      const [lock] = await tx
        .execute(sql`SELECT pg_try_advisory_xact_lock(${EXPIRY_LOCK}) AS ok`)
        .then((r) => (r as unknown as { rows: { ok: boolean }[] }).rows);
      if (!lock?.ok) return 0;
      const due = await tx
        .select({ id: orders.id, moedaId: orders.moeda_id })
        .from(orders)
        .where(and(eq(orders.status, "PAGAMENTO"), lt(orders.reserva_expira_em, now), isNull(orders.estoque_liberado_em)))
        .limit(100)
        // An order a notification holds is being paid: skip it (it is looked at again next run).
        .for("update", { skipLocked: true });
      for (const { id, moedaId } of due) {
        const lines = await tx
          .select({ produto_id: orderItems.produto_id, qtde: orderItems.qtde })
          .from(orderItems)
          .where(eq(orderItems.order_id, id));
        await lockProducts(
          tx,
          lines.map((l) => l.produto_id),
        );
        await returnStock(tx, lines);
        await tx
          .update(orders)
          .set({ status: "CANCELADO", status_entrega: "cancelado", status_entrega_em: now, estoque_liberado_em: now, updated_at: now })
          .where(eq(orders.id, id));
        await recordOrderEvent(tx, id, "status_pagamento", null, { de: "PAGAMENTO", para: "CANCELADO", motivo: "reserva_expirada" });
        const open = await tx
          .update(payments)
          .set({ status: "EXPIRADO", updated_at: now })
          .where(and(eq(payments.order_id, id), inArray(payments.status, ["AGUARDANDO", "RECUSADO"])))
          .returning({ provider: payments.provider, ref: payments.provider_ref, id: payments.id, link: payments.link });
        expiredRefs.push(...open.filter((p) => p.link !== "").map((p) => ({ provider: p.provider, ref: p.ref, id: p.id })));
        cancelled.push({ moedaId, gateway: open[0]?.provider ?? "none" });
      }
      return due.length;
    });
    for (const { moedaId, gateway } of cancelled) record.order("cancelled", moedaId, gateway);
    await expireAtGateways(expiredRefs);
    return released;
  }

  /**
   * Asks each gateway to void payments the store has marked EXPIRADO (an expired reservation, an order
   * cancelled in the back office), after the commit; a gateway that cannot is logged, never retried here.
   */
  async function expireAtGateways(list: { provider: string; ref: string; id: number }[]): Promise<void> {
    for (const { provider, ref, id } of list) {
      await providers
        .get(provider)
        ?.expire?.(ref, id)
        .catch((err: unknown) => log.warn({ err, paymentId: id, provider }, "gateway did not void an expired payment"));
    }
  }

  /** The order a gateway's payment reference belongs to (where a gateway sends the buyer back by its own reference). */
  async function orderOf(providerName: string, ref: string): Promise<string | undefined> {
    const [row] = await db
      .select({ external_id: orders.external_id })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.order_id))
      .where(and(eq(payments.provider, providerName), eq(payments.provider_ref, ref)));
    return row?.external_id;
  }

  return {
    handleNotification,
    reconcile,
    refund,
    /** Asks the gateway again about a pendente refund and settles it by the answer. */
    recheckRefund: refunds.recheck,
    /** A member settles a pendente refund by hand (made or failed), with a note. */
    settleRefundByHand: refunds.settleByHand,
    /** Hears of each refund a gateway's notification settled. */
    onRefundSettled: (listener: (refund: RefundRow) => Promise<void>) => void settledListeners.push(listener),
    releaseExpired,
    expireAtGateways,
    orderOf,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
