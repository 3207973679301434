import Big from "big.js";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { formatPrice } from "#contract/money.ts";
import type { Db, Tx } from "#db/client.ts";
import { orderItems, orders, payments, refunds } from "#db/schema/index.ts";
import { HttpError } from "../lib/errors.ts";
import { chargeOf, decimalsOf, REPLAY_WAIT_MS, refundedSoFar } from "./refund-sums.ts";
import { lockProducts, returnStock } from "../modules/orders/stock.ts";
import { recordOrderEvent, type EventAuthor } from "../modules/orders/timeline.ts";
import { record } from "../observability/metrics.ts";
import { GatewayError, type PaymentProvider, type RefundInput } from "./provider.ts";

export type RefundRow = typeof refunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type Line = { item_id: number; qtde: number };
type OrderRow = typeof orders.$inferSelect;

/** A payment approved after a member cancelled its order (service.ts): kept, never paid, to be refunded. */
export const PAID_AFTER_CANCEL = "PAGO_CANCELADO";

/** What became of a refund: settled one way (feito, fora_da_loja, recusado), or still pendente (the gateway has not said). */
type Outcome = { status: "feito" | "fora_da_loja" | "recusado" | "pendente"; resposta: string };

/** How a refund's settlement is recorded: who settled it, and the back office's audit record on its transaction. */
export interface SettleBy {
  author: EventAuthor | null;
  /** Runs on the settling transaction of a refund made (feito or fora_da_loja): the back office's audit record. */
  onSettled?: (tx: Tx, refund: RefundRow, whole: boolean) => Promise<void>;
  /** Runs on the transaction that refuses a refund that had waited (by hand, or the gateway asked again). */
  onRefused?: (tx: Tx, refund: RefundRow) => Promise<void>;
}

/** A pending refund may be settled by a notification once its own request has had the gateway's answer, or is this old. */
export const STALE_PENDING_MS = 2 * 60_000;

/** A pendente refund whose own request is still asking its gateway: no answer kept yet, and too young to be a dead process's. */
const inFlight = (row: Pick<RefundRow, "resposta" | "created_at">, now = new Date()) =>
  row.resposta === null && now.getTime() - row.created_at.getTime() <= STALE_PENDING_MS;

/** The order is refundable: paid, or cancelled by a member and then paid at the gateway (to be given back). */
const refundable = (order: Pick<OrderRow, "status">, payment: Pick<PaymentRow, "status"> | undefined) =>
  order.status === "PAGO" || (order.status === "CANCELADO" && payment?.status === PAID_AFTER_CANCEL);

export interface RefundRequest {
  orderId: number;
  /** The idempotency key: a second request with it answers the first one's refund. */
  key: string;
  /** Lines, or some of their units, given back. */
  lines?: Line[];
  /** The shipping charge given back too. */
  shipping?: boolean;
  /** In the order's currency; by default the lines' and the shipping's sum, or all that is left when neither is given. */
  amount?: string;
  reason: string;
  note?: string;
  /** Put the refunded units back in stock (each unit once). */
  restock?: boolean;
  author: EventAuthor | null;
  /** Runs on the settling transaction of a refund made (feito or fora_da_loja): the back office's audit record. */
  onSettled?: (tx: Tx, refund: RefundRow, whole: boolean) => Promise<void>;
}

export interface RefundAnswer {
  refund: RefundRow;
  /** The key had been used already: nothing new was done. */
  replay: boolean;
  /** The order is now refunded whole (ESTORNADO). */
  whole: boolean;
}

/**
 * Refunds of orders, exactly once (docs/decisions/030): the refund is claimed first, on a transaction that
 * locks the order and records the idempotency key, the units and the amount it takes; the gateway is
 * asked after that transaction, outside any; the answer is then settled on a second transaction that
 * locks the order again (in the order → payment order the notifications and the expiry sweep use) and
 * re-reads the payment. A second press, a notification of the refund arriving before the answer, or a
 * refund from another process meets the claim and never refunds the same money twice.
 */
export function createRefunds(db: Db, providers: Map<string, PaymentProvider>) {
  async function claim(input: RefundRequest) {
    return db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
      if (!order) throw new HttpError(404, "not_found");
      const [existing] = await tx.select().from(refunds).where(eq(refunds.chave, input.key));
      if (existing) {
        if (existing.order_id !== order.id) throw new HttpError(409, "refund_key_used");
        return { existing: existing as RefundRow };
      }
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.order_id, order.id), inArray(payments.status, ["PAGO", PAID_AFTER_CANCEL])))
        .for("update");
      if (!refundable(order, payment)) {
        if (order.status === "ESTORNADO" || order.status === "CANCELADO") throw new HttpError(409, "refund_closed");
        throw new HttpError(409, "refund_not_paid");
      }

      const errors: Record<string, ("refund_line_over" | "refund_line_unknown" | "refund_shipping_none" | "refund_over_cap" | "refund_decimals")[]> =
        {};
      const fieldVars: Record<string, Record<string, string | number>> = {};
      const lines = input.lines ?? [];
      const items = lines.length
        ? await tx
            .select()
            .from(orderItems)
            .where(
              and(
                eq(orderItems.order_id, order.id),
                inArray(
                  orderItems.id,
                  lines.map((l) => l.item_id),
                ),
              ),
            )
        : [];
      let linesSum = new Big(0);
      lines.forEach((line, i) => {
        const item = items.find((it) => it.id === line.item_id);
        if (!item) errors[`linhas.${i}.item_id`] = ["refund_line_unknown"];
        else if (line.qtde > item.qtde - item.qtde_estornada) {
          errors[`linhas.${i}.qtde`] = ["refund_line_over"];
          fieldVars[`linhas.${i}.qtde`] = { max: item.qtde - item.qtde_estornada };
        } else linesSum = linesSum.plus(new Big(item.valor_unitario).times(line.qtde));
      });
      const so = await refundedSoFar(tx, order.id);
      if (input.shipping && (so.shipping || new Big(order.valor_frete).lte(0))) errors.frete = ["refund_shipping_none"];
      const left = new Big(order.valor_total).minus(so.total);
      const decimals = decimalsOf(order.moeda_id);
      const given = lines.length > 0 || input.shipping;
      const amount =
        input.amount !== undefined ? new Big(input.amount) : given ? linesSum.plus(input.shipping ? order.valor_frete : 0).round(decimals) : left;
      if (!amount.eq(amount.round(decimals))) errors.valor = ["refund_decimals"];
      else if (amount.gt(left)) {
        errors.valor = ["refund_over_cap"];
        fieldVars.valor = { restante: formatPrice(left.toFixed(2), order.moeda_id) };
      }
      if (Object.keys(errors).length > 0) throw new HttpError(422, "validation_failed", { errors, fieldVars });
      if (amount.lte(0)) throw new HttpError(422, "refund_empty");

      const whole = so.total.plus(amount).eq(order.valor_total);
      // What the gateway gives back, in the currency it charged; the last refund gives back all it still holds.
      let gateway: { amount: string; moedaId: number; full: boolean } | undefined;
      if (payment) {
        const charge = chargeOf(payment);
        const chargeDecimals = decimalsOf(charge.moedaId);
        const held = new Big(charge.amount).minus(payment.valor_estornado).minus(so.pendingGateway);
        const converted = whole
          ? held
          : charge.moedaId === order.moeda_id
            ? amount
            : amount.times(charge.amount).div(order.valor_total).round(chargeDecimals, Big.roundDown);
        gateway = {
          amount: converted.toFixed(chargeDecimals),
          moedaId: charge.moedaId,
          full: so.total.eq(0) && new Big(payment.valor_estornado).eq(0) && whole,
        };
      }
      for (const line of lines) {
        await tx
          .update(orderItems)
          .set({ qtde_estornada: sql`${orderItems.qtde_estornada} + ${line.qtde}` })
          .where(eq(orderItems.id, line.item_id));
      }
      const [row] = await tx
        .insert(refunds)
        .values({
          order_id: order.id,
          pagamento_id: payment?.id ?? null,
          valor: amount.toFixed(2),
          moeda_id: order.moeda_id,
          valor_gateway: gateway?.amount ?? null,
          moeda_gateway: gateway?.moedaId ?? null,
          linhas: lines,
          frete: input.shipping ?? false,
          motivo: input.reason,
          nota: input.note || null,
          devolver_estoque: input.restock ?? false,
          funcionario_id: input.author?.staffId ?? null,
          autor: input.author?.name.slice(0, 200) ?? null,
          chave: input.key,
        })
        .returning();
      return { claimed: row!, payment, full: gateway?.full ?? false };
    });
  }

  /**
   * Asks the gateway; "unsupported" (or no gateway) records the refund as made outside the store. A gateway
   * that says no refuses it; one that has not settled it yet, or whose answer is lost (no answer in time, a
   * server error: the money may have moved), leaves it pendente, to be settled later (decision 037).
   */
  async function ask(row: RefundRow, payment: PaymentRow | undefined, full: boolean): Promise<Outcome> {
    const provider = payment ? providers.get(payment.provider) : undefined;
    if (!payment || !provider?.refund || row.valor_gateway === null)
      return { status: "fora_da_loja" as const, resposta: payment ? "unsupported" : "no_gateway" };
    try {
      const done = await provider.refund(gatewayInput(row, payment, full));
      if (done === "done") return { status: "feito", resposta: "ok" };
      if (done === "pending") return { status: "pendente", resposta: "gateway_pending" };
      return { status: "fora_da_loja", resposta: full ? "unsupported" : "partial_unsupported" };
    } catch (err) {
      if (err instanceof GatewayError && !err.unknown) return { status: "recusado", resposta: err.message.slice(0, 300) };
      return { status: "pendente", resposta: `unknown: ${err instanceof Error ? err.message : "gateway error"}`.slice(0, 300) };
    }
  }

  const gatewayInput = (row: RefundRow, payment: PaymentRow, full: boolean): RefundInput => ({
    ref: payment.provider_ref,
    paymentId: payment.id,
    amount: row.valor_gateway ?? row.valor,
    full,
    key: row.chave,
  });

  /**
   * Settles a pendente refund on one transaction, locking order then refund then payment: refused (its units
   * and its share of the cap released), made (money and stock, once), or left pendente with the gateway's
   * latest word. A refund already settled (by a notification, a member, another process) is answered as it is.
   */
  async function settle(id: number, answer: Outcome, input: SettleBy) {
    const [ref] = await db.select({ order_id: refunds.order_id }).from(refunds).where(eq(refunds.id, id));
    if (!ref) throw new HttpError(404, "not_found");
    let provider = "none";
    const result = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, ref.order_id)).for("update");
      const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for("update");
      if (!order || !row) throw new HttpError(404, "not_found");
      if (row.status !== "pendente") return { refund: row, whole: order.status === "ESTORNADO", settled: false };
      const now = new Date();
      if (answer.status === "pendente") {
        // Still the gateway's: nothing moves; the answer is kept, and the timeline says it waits (once per answer).
        const [kept] = await tx.update(refunds).set({ resposta: answer.resposta, updated_at: now }).where(eq(refunds.id, id)).returning();
        if (row.resposta === null) {
          await recordOrderEvent(tx, order.id, "estorno", input.author, {
            estorno_id: id,
            valor: row.valor,
            moeda_id: row.moeda_id,
            linhas: row.linhas,
            frete: row.frete,
            motivo: row.motivo,
            status: "pendente",
            resposta: answer.resposta,
          });
        }
        return { refund: kept!, whole: false, settled: false };
      }
      if (answer.status === "recusado") {
        for (const line of row.linhas) {
          await tx
            .update(orderItems)
            .set({ qtde_estornada: sql`${orderItems.qtde_estornada} - ${line.qtde}` })
            .where(eq(orderItems.id, line.item_id));
        }
        const [refused] = await tx
          .update(refunds)
          .set({ status: "recusado", resposta: answer.resposta, updated_at: now })
          .where(eq(refunds.id, id))
          .returning();
        await recordOrderEvent(tx, order.id, "estorno", input.author, {
          estorno_id: id,
          valor: row.valor,
          moeda_id: row.moeda_id,
          status: "recusado",
          resposta: answer.resposta,
        });
        await input.onRefused?.(tx, refused!);
        return { refund: refused!, whole: false, settled: true };
      }
      const so = await refundedSoFar(tx, order.id, true);
      const whole = so.total.plus(row.valor).gte(order.valor_total);
      if (row.pagamento_id !== null) {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, row.pagamento_id)).for("update");
        provider = payment!.provider;
        const given = answer.status === "feito" ? new Big(payment!.valor_estornado).plus(row.valor_gateway ?? 0) : new Big(payment!.valor_estornado);
        await tx
          .update(payments)
          .set({ valor_estornado: given.toFixed(2), status: whole ? "ESTORNADO" : payment!.status, updated_at: now })
          .where(eq(payments.id, payment!.id));
      }
      if (whole) {
        await tx.update(orders).set({ status: "ESTORNADO", updated_at: now }).where(eq(orders.id, order.id));
        // A refund waiting on the gateway holds its share of the cap: nothing else can be refunded meanwhile, so none is left.
        await recordOrderEvent(tx, order.id, "status_pagamento", input.author, { de: order.status, para: "ESTORNADO" });
        // Refunded whole before the buyer had it: the order is cancelled (contract/fulfilment.ts); one already
        // handed over, shipped or delivered keeps its status (a return).
        if (order.status_entrega === "em_separacao" || order.status_entrega === "pronto_retirada") {
          await tx
            .update(orders)
            .set({ status_entrega: "cancelado", status_entrega_em: now, status_entrega_por: input.author?.staffId ?? null })
            .where(eq(orders.id, order.id));
          await recordOrderEvent(tx, order.id, "status_entrega", input.author, { de: order.status_entrega, para: "cancelado" });
        }
      }
      // Stock comes back once per unit: never for an order whose stock was released whole (an expired
      // reservation, a cancellation), and never beyond the units of a line not yet returned.
      const restocked: Line[] = [];
      if (row.devolver_estoque && !order.estoque_liberado_em && row.linhas.length > 0) {
        const items = await tx
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.id,
              row.linhas.map((l) => l.item_id),
            ),
          );
        await lockProducts(
          tx,
          items.map((i) => i.produto_id),
        );
        for (const line of row.linhas) {
          const item = items.find((i) => i.id === line.item_id)!;
          const units = Math.min(line.qtde, item.qtde - item.qtde_devolvida);
          if (units <= 0) continue;
          await returnStock(tx, [{ produto_id: item.produto_id, qtde: units }]);
          await tx
            .update(orderItems)
            .set({ qtde_devolvida: sql`${orderItems.qtde_devolvida} + ${units}` })
            .where(eq(orderItems.id, item.id));
          restocked.push({ item_id: item.id, qtde: units });
        }
      }
      const [made] = await tx
        .update(refunds)
        .set({ status: answer.status, resposta: answer.resposta, estoque_devolvido: restocked, updated_at: now })
        .where(eq(refunds.id, id))
        .returning();
      await recordOrderEvent(tx, order.id, "estorno", input.author, {
        estorno_id: id,
        valor: row.valor,
        moeda_id: row.moeda_id,
        linhas: row.linhas,
        frete: row.frete,
        motivo: row.motivo,
        status: answer.status,
        estoque_devolvido: restocked,
      });
      await input.onSettled?.(tx, made!, whole);
      return { refund: made!, whole, settled: true };
    });
    // Counted once committed, each refund made, and the order when this one left it refunded whole (a refused one changes nothing).
    if (result.settled && result.refund.status !== "recusado") {
      record.refund(result.whole ? "whole" : "partial", result.refund.moeda_id, provider);
      if (result.whole) record.order("refunded", result.refund.moeda_id, provider);
    }
    return result;
  }

  /**
   * A second press meets the first one's claim: it waits for its answer (briefly) and answers it. A refund
   * the gateway left pendente (its answer is kept) is answered at once, as it stands.
   */
  async function replay(row: RefundRow): Promise<RefundAnswer> {
    const until = Date.now() + REPLAY_WAIT_MS;
    let current = row;
    while (current.status === "pendente" && current.resposta === null && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      [current] = (await db.select().from(refunds).where(eq(refunds.id, row.id))) as [RefundRow];
    }
    if (current.status === "pendente" && current.resposta === null) throw new HttpError(409, "refund_pending");
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, row.order_id));
    return { refund: current, replay: true, whole: order?.status === "ESTORNADO" };
  }

  async function refund(input: RefundRequest): Promise<RefundAnswer> {
    const claimed = await claim(input);
    if ("existing" in claimed && claimed.existing) return replay(claimed.existing);
    if (!("claimed" in claimed)) throw new HttpError(404, "not_found");
    const answer = await ask(claimed.claimed, claimed.payment, claimed.full);
    const settled = await settle(claimed.claimed.id, answer, input);
    return { refund: settled.refund, whole: settled.whole, replay: false };
  }

  /** A pendente refund with its order and payment, and whether it was asked whole (Bancard's rollback, Pagopar's reversal). */
  async function pendingOf(orderId: number, refundId: number) {
    const [row] = await db
      .select({ refund: refunds, order: orders, payment: payments })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.order_id))
      .leftJoin(payments, eq(payments.id, refunds.pagamento_id))
      .where(and(eq(refunds.id, refundId), eq(refunds.order_id, orderId)));
    if (!row) throw new HttpError(404, "not_found");
    // A whole refund is asked only as an order's first and only refund: its amount is the order's total.
    const full = new Big(row.refund.valor).eq(row.order.valor_total);
    return { ...row, full };
  }

  /**
   * Asks the gateway again what became of a pendente refund (same key: the gateway answers that refund, or
   * makes it now if the first request never reached it) and settles it by the answer. A gateway that cannot
   * be asked answers 409 (a member settles it by hand); one that does not answer leaves it pendente.
   */
  async function recheck(orderId: number, refundId: number, by: SettleBy): Promise<{ refund: RefundRow; whole: boolean; settled: boolean }> {
    const { refund: row, payment, full, order } = await pendingOf(orderId, refundId);
    if (row.status !== "pendente") return { refund: row, whole: order.status === "ESTORNADO", settled: false };
    // Its own request is still asking the gateway: a gateway asked now may not know it yet, and would be taken for a no.
    if (inFlight(row)) throw new HttpError(409, "refund_pending");
    const provider = payment ? providers.get(payment.provider) : undefined;
    if (!payment || !provider?.refundStatus) throw new HttpError(409, "refund_check_unsupported");
    let answer: Outcome;
    try {
      const status = await provider.refundStatus(gatewayInput(row, payment, full));
      answer =
        status === "done"
          ? { status: "feito", resposta: "ok" }
          : status === "refused"
            ? { status: "recusado", resposta: "refused_on_check" }
            : { status: "pendente", resposta: "gateway_pending" };
    } catch (err) {
      answer = { status: "pendente", resposta: `unknown: ${err instanceof Error ? err.message : "gateway error"}`.slice(0, 300) };
    }
    return settle(row.id, answer, by);
  }

  /**
   * A member settles a pendente refund by hand, from what the gateway's portal shows: made (through the
   * gateway) or failed (its units and its share of the cap released), with a note kept as the answer.
   */
  async function settleByHand(orderId: number, refundId: number, made: boolean, note: string, by: SettleBy) {
    const { refund: row } = await pendingOf(orderId, refundId);
    if (row.status !== "pendente") throw new HttpError(409, "refund_not_pending");
    // Its own request is still asking the gateway: its answer comes first.
    if (inFlight(row)) throw new HttpError(409, "refund_pending");
    const settled = await settle(row.id, { status: made ? "feito" : "recusado", resposta: `manual: ${note}`.slice(0, 300) }, by);
    if (!settled.settled) throw new HttpError(409, "refund_not_pending");
    return settled;
  }

  /**
   * The pendente refunds of one payment that a gateway's notification may settle: those whose own request
   * is over (the gateway's answer is kept) or that have waited long enough for their process to have died.
   */
  async function pendingOfPayment(paymentId: number, now = new Date()) {
    const rows = await db
      .select({ id: refunds.id, order_id: refunds.order_id, resposta: refunds.resposta, created_at: refunds.created_at })
      .from(refunds)
      .where(and(eq(refunds.pagamento_id, paymentId), eq(refunds.status, "pendente")));
    return rows.filter((r) => !inFlight(r, now));
  }

  /**
   * Pendente refunds the reconciliation asks about again (the gateway's notification may never come): those
   * not asked for a while (`updated_at`, which each check moves on), oldest first, at most `limit`.
   */
  async function pendingDue(before: Date, limit = 20) {
    return db
      .select({ id: refunds.id, order_id: refunds.order_id, provider: payments.provider })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.pagamento_id))
      .where(and(eq(refunds.status, "pendente"), lt(refunds.updated_at, before)))
      .orderBy(asc(refunds.updated_at))
      .limit(limit);
  }

  return { refund, recheck, settleByHand, pendingOfPayment, pendingDue };
}
