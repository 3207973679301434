import type { FastifyRequest } from "fastify";
import { and, eq, inArray } from "drizzle-orm";
import { orderItems, orders, payments } from "#db/schema/index.ts";
import { HttpError } from "../../../lib/errors.ts";
import { requestSite } from "../../../lib/site.ts";
import { lockProducts, returnStock } from "../../orders/stock.ts";
import { recordOrderEvent } from "../../orders/timeline.ts";
import { audited } from "../audit.ts";
import { actorOf, type AdminContext } from "../context.ts";
import { moveFulfilment } from "./fulfilment.ts";
import { authorOf, fulfilmentFields, notifyFulfilment } from "./notify.ts";
import { record } from "../../../observability/metrics.ts";

/**
 * Cancels an order still waiting for its payment. On one transaction: the order's row is locked (as the
 * expiry sweep and a gateway's notification lock it, so none of them acts on it at once), its fulfilment
 * becomes cancelado through the move's rules, its reserved stock goes back exactly once (estoque_liberado_em
 * is the guard the sweep also reads), its open payments expire; after the commit the gateways are asked
 * to void them and the customer gets an e-mail. A paid order is refunded instead (409, saying so).
 */
export async function cancelUnpaid(ctx: AdminContext, request: FastifyRequest, orderId: number, motivo?: string) {
  const author = authorOf(request);
  const voided = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new HttpError(404, "not_found");
    if (order.status === "CANCELADO" || order.status === "ESTORNADO" || order.status_entrega === "cancelado") {
      throw new HttpError(409, "order_cancel_closed");
    }
    if (order.status !== "PAGAMENTO") {
      throw new HttpError(
        409,
        order.status_entrega === "retirado" || order.status_entrega === "entregue" ? "order_cancel_handed" : "order_cancel_paid",
      );
    }
    await moveFulfilment(ctx.db, orderId, "cancelado", author, { tx });
    const now = new Date();
    if (order.estoque_liberado_em === null) {
      const lines = await tx
        .select({ produto_id: orderItems.produto_id, qtde: orderItems.qtde })
        .from(orderItems)
        .where(eq(orderItems.order_id, orderId));
      await lockProducts(
        tx,
        lines.map((l) => l.produto_id),
      );
      await returnStock(tx, lines);
    }
    const [after] = await tx
      .update(orders)
      .set({ status: "CANCELADO", estoque_liberado_em: order.estoque_liberado_em ?? now, updated_at: now })
      .where(eq(orders.id, orderId))
      .returning();
    await recordOrderEvent(tx, orderId, "cancelamento", author, { de: order.status, para: "CANCELADO", ...(motivo ? { motivo } : {}) });
    const open = await tx
      .update(payments)
      .set({ status: "EXPIRADO", updated_at: now })
      .where(and(eq(payments.order_id, orderId), inArray(payments.status, ["AGUARDANDO", "RECUSADO"])))
      .returning({ provider: payments.provider, ref: payments.provider_ref, id: payments.id, link: payments.link });
    await audited(tx, actorOf(request), {
      acao: "cancelar",
      entidade: "pedido",
      entidade_id: orderId,
      antes: fulfilmentFields(order),
      depois: { ...fulfilmentFields(after!), ...(motivo ? { motivo } : {}) },
    });
    return {
      refs: open.filter((p) => p.link !== "").map((p) => ({ provider: p.provider, ref: p.ref, id: p.id })),
      moedaId: order.moeda_id,
      gateway: open[0]?.provider ?? "none",
    };
  });
  record.order("cancelled", voided.moedaId, voided.gateway);
  await ctx.payments.expireAtGateways(voided.refs);
  await notifyFulfilment(ctx, requestSite(ctx.config, request), orderId, "cancelado", request.log);
}
