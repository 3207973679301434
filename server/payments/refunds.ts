import Big from "big.js";
import { and, eq, inArray, sql } from "drizzle-orm";
import { formatPrice } from "#contract/money.ts";
import type { Db, Tx } from "#db/client.ts";
import { orderItems, orders, payments, refunds } from "#db/schema/index.ts";
import { HttpError } from "../lib/errors.ts";
import { chargeOf, decimalsOf, REPLAY_WAIT_MS, refundedSoFar } from "./refund-sums.ts";
import { lockProducts, returnStock } from "../modules/orders/stock.ts";
import { recordOrderEvent, type EventAuthor } from "../modules/orders/timeline.ts";
import { record } from "../observability/metrics.ts";
import { GatewayError, type PaymentProvider } from "./provider.ts";

export type RefundRow = typeof refunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type Line = { item_id: number; qtde: number };

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
      if (order.status === "ESTORNADO" || order.status === "CANCELADO") throw new HttpError(409, "refund_closed");
      if (order.status !== "PAGO") throw new HttpError(409, "refund_not_paid");
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.order_id, order.id), eq(payments.status, "PAGO")))
        .for("update");

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

  /** Asks the gateway; "unsupported" (or no gateway) records the refund as made outside the store. */
  async function ask(row: RefundRow, payment: PaymentRow | undefined, full: boolean) {
    const provider = payment ? providers.get(payment.provider) : undefined;
    if (!payment || !provider?.refund || row.valor_gateway === null)
      return { status: "fora_da_loja" as const, resposta: payment ? "unsupported" : "no_gateway" };
    try {
      const done = await provider.refund({ ref: payment.provider_ref, paymentId: payment.id, amount: row.valor_gateway, full });
      return done === "done"
        ? { status: "feito" as const, resposta: "ok" }
        : { status: "fora_da_loja" as const, resposta: full ? "unsupported" : "partial_unsupported" };
    } catch (err) {
      const reason = err instanceof GatewayError ? err.message : "gateway error";
      return { status: "recusado" as const, resposta: reason.slice(0, 300) };
    }
  }

  async function settle(input: RefundRequest, id: number, answer: { status: "feito" | "fora_da_loja" | "recusado"; resposta: string }) {
    return db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
      const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for("update");
      if (!order || !row) throw new HttpError(404, "not_found");
      if (row.status !== "pendente") return { refund: row, whole: order.status === "ESTORNADO" };
      const now = new Date();
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
        return { refund: refused!, whole: false };
      }
      const so = await refundedSoFar(tx, order.id, true);
      const whole = so.total.plus(row.valor).gte(order.valor_total);
      if (row.pagamento_id !== null) {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, row.pagamento_id)).for("update");
        const given = answer.status === "feito" ? new Big(payment!.valor_estornado).plus(row.valor_gateway ?? 0) : new Big(payment!.valor_estornado);
        await tx
          .update(payments)
          .set({ valor_estornado: given.toFixed(2), status: whole ? "ESTORNADO" : payment!.status, updated_at: now })
          .where(eq(payments.id, payment!.id));
      }
      if (whole) {
        await tx.update(orders).set({ status: "ESTORNADO", updated_at: now }).where(eq(orders.id, order.id));
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
      return { refund: made!, whole };
    });
  }

  /** A second press meets the first one's claim: it waits for its answer (briefly) and answers it. */
  async function replay(row: RefundRow): Promise<RefundAnswer> {
    const until = Date.now() + REPLAY_WAIT_MS;
    let current = row;
    while (current.status === "pendente" && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      [current] = (await db.select().from(refunds).where(eq(refunds.id, row.id))) as [RefundRow];
    }
    if (current.status === "pendente") throw new HttpError(409, "refund_pending");
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, row.order_id));
    return { refund: current, replay: true, whole: order?.status === "ESTORNADO" };
  }

  return async function refund(input: RefundRequest): Promise<RefundAnswer> {
    const claimed = await claim(input);
    if ("existing" in claimed && claimed.existing) return replay(claimed.existing);
    if (!("claimed" in claimed)) throw new HttpError(404, "not_found");
    const answer = await ask(claimed.claimed, claimed.payment, claimed.full);
    const settled = await settle(input, claimed.claimed.id, answer);
    // This refund made the order refunded whole (a refused one changes nothing).
    if (settled.whole && answer.status !== "recusado") record.order("refunded", claimed.claimed.moeda_id, claimed.payment?.provider ?? "none");
    return { ...settled, replay: false };
  };
}
