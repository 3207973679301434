import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { AdminOrder } from "#contract/api/admin/orders.ts";
import { nextFulfilment, type FulfilmentStatus } from "#contract/fulfilment.ts";
import type { Db } from "#db/client.ts";
import { addresses, customerDocuments, customers, orderItems, orders, payments, pickupPoints, refunds, staff } from "#db/schema/index.ts";
import { HttpError } from "../../../lib/errors.ts";
import { orderTimeline } from "../../orders/timeline.ts";
import { PAID_AFTER_CANCEL } from "../../../payments/refunds.ts";
import { refundAnswer } from "../refunds/answer.ts";
import { fulfilmentKind } from "./fulfilment.ts";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Whether an order may be cancelled from its page: still waiting for its payment, and open. */
export const cancellable = (o: { status: string; status_entrega: string }) => o.status === "PAGAMENTO" && o.status_entrega !== "cancelado";

/**
 * An order as the back office's detail shows it: lines as charged, totals in the order's currency, where it
 * goes (a pickup order never carries a delivery address), the payments with each gateway's reference, the
 * customer with their document, the fulfilment moves open now and the timeline.
 */
export async function orderDetail(db: Db, orderId: number): Promise<AdminOrder> {
  const [row] = await db
    .select({ order: orders, por: staff.nome })
    .from(orders)
    .leftJoin(staff, eq(staff.id, orders.status_entrega_por))
    .where(eq(orders.id, orderId));
  if (!row) throw new HttpError(404, "not_found");
  const o = row.order;
  const kind = fulfilmentKind(o);
  const [lines, pays, [customer], [docs], point, address, timeline, pending] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.order_id, o.id)).orderBy(asc(orderItems.id)),
    db.select().from(payments).where(eq(payments.order_id, o.id)).orderBy(desc(payments.id)),
    db.select().from(customers).where(eq(customers.id, o.customer_id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(customerDocuments)
      .where(eq(customerDocuments.customer_id, o.customer_id)),
    o.ponto_entrega_id
      ? db
          .select({ id: pickupPoints.id, nome: pickupPoints.nome, endereco: pickupPoints.endereco })
          .from(pickupPoints)
          .where(eq(pickupPoints.id, o.ponto_entrega_id))
          .then((r) => r[0] ?? null)
      : null,
    // A delivery to a door: its address. A pickup (or a pickup point) never shows one.
    kind === "entrega" && o.ponto_entrega_id === null && o.cliente_endereco_id
      ? db
          .select()
          .from(addresses)
          .where(eq(addresses.id, o.cliente_endereco_id))
          .then((r) => r[0] ?? null)
      : null,
    orderTimeline(db, o.id),
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.order_id, o.id), eq(refunds.status, "pendente")))
      .orderBy(asc(refunds.id)),
  ]);
  const status_entrega = o.status_entrega as FulfilmentStatus;
  return {
    id: o.id,
    external_id: o.external_id,
    pedido: o.pedido,
    created_at: o.created_at.toISOString(),
    status: o.status,
    status_entrega,
    status_entrega_em: iso(o.status_entrega_em),
    status_entrega_por: row.por,
    transportadora: o.transportadora,
    codigo_rastreio: o.codigo_rastreio,
    tipo: kind,
    codigo_retirada: o.codigo_retirada,
    reserva_expira_em: iso(o.reserva_expira_em),
    moeda_id: o.moeda_id,
    valor_produtos: o.valor_produtos,
    valor_frete: o.valor_frete,
    valor_total: o.valor_total,
    entrega_descricao: o.entrega_descricao,
    endereco: address
      ? [`${address.logradouro}, ${address.numero}`, address.complemento, address.bairro, address.cidade, address.cep].filter(Boolean).join(" - ")
      : null,
    ponto_entrega: point,
    itens: lines.map((l) => ({
      id: l.id,
      produto_id: l.produto_id,
      nome: l.nome,
      codigo: l.codigo,
      qtde: l.qtde,
      valor_unitario: l.valor_unitario,
      valor_subtotal: l.valor_subtotal,
    })),
    pagamentos: pays.map((p) => ({
      id: p.id,
      provider: p.provider,
      provider_ref: p.provider_ref,
      metodo: p.metodo,
      status: p.status,
      valor_total: p.valor_total,
      moeda_id: p.moeda_id,
      valor_cobrado: p.valor_cobrado,
      moeda_cobrada: p.moeda_cobrada,
      valor_estornado: p.valor_estornado,
      pago_em: iso(p.pago_em),
      created_at: p.created_at.toISOString(),
    })),
    cliente: {
      id: customer!.id,
      nome: `${customer!.nome} ${customer!.sobrenome}`.trim(),
      email: customer!.email,
      telefone: customer!.telefone,
      lang: customer!.lang,
      documento_tipo: customer!.documento_tipo,
      documento: customer!.documento,
      identidade: customer!.identidade,
      documentos: docs?.n ?? 0,
      documento_status: customer!.documento_status,
    },
    proximos: nextFulfilment({ status: o.status, status_entrega, kind }).filter((s) => s !== "cancelado"),
    cancelavel: cancellable(o),
    estornos_pendentes: pending.map(refundAnswer),
    // Still to give back: a refund of it made whole makes the order ESTORNADO.
    pago_apos_cancelamento: o.status === "CANCELADO" && pays.some((p) => p.status === PAID_AFTER_CANCEL),
    timeline: timeline.map((e) => ({
      id: e.id,
      tipo: e.tipo,
      autor: e.autor,
      dados: (e.dados ?? {}) as Record<string, unknown>,
      created_at: e.created_at.toISOString(),
    })),
  };
}
