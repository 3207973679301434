/**
 * An order's fulfilment status, kept apart from its payment status (`pedidos.status`, the spec's
 * PAGAMENTO, PAGO, ESTORNADO, CANCELADO … that the customer's pages show). Pickup orders go
 * em_separacao → pronto_retirada → retirado; deliveries em_separacao → enviado → entregue; either may
 * end cancelado. The server enforces these rules (server/modules/admin/orders/fulfilment.ts); the
 * screens read them to offer only the moves that would be accepted.
 */
export const FULFILMENT_STATUSES = ["em_separacao", "pronto_retirada", "retirado", "enviado", "entregue", "cancelado"] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/** A pickup order is one without a delivery address: the shop's counter or a pickup point. */
export type FulfilmentKind = "retirada" | "entrega";

/** Where each status may go next, per kind of order (cancelado is a way out of any open status). */
const NEXT: Record<FulfilmentKind, Partial<Record<FulfilmentStatus, readonly FulfilmentStatus[]>>> = {
  retirada: { em_separacao: ["pronto_retirada", "retirado"], pronto_retirada: ["retirado"] },
  entrega: { em_separacao: ["enviado"], enviado: ["entregue"] },
};

/** The payment statuses in which an order counts as paid (money captured, not wholly given back). */
export const PAID_STATUSES = ["PAGO"] as const;
/** Payment statuses after which nothing about the order changes any more. */
export const CLOSED_PAYMENT_STATUSES = ["ESTORNADO", "CANCELADO"] as const;

export interface FulfilmentState {
  /** The payment status (pedidos.status). */
  status: string;
  status_entrega: FulfilmentStatus;
  kind: FulfilmentKind;
}

/**
 * Why the order may not move to `to`, or undefined when it may. The reasons are message keys of the
 * back office's catalogue (`admin.orders.refused.<reason>`), the API's refusal keys alike.
 */
export type FulfilmentRefusal = "closed" | "not_paid" | "wrong_kind" | "not_next" | "already";

export function fulfilmentRefusal(order: FulfilmentState, to: FulfilmentStatus): FulfilmentRefusal | undefined {
  if ((CLOSED_PAYMENT_STATUSES as readonly string[]).includes(order.status) || order.status_entrega === "cancelado") return "closed";
  if (order.status_entrega === to) return "already";
  if (to === "cancelado") {
    // A handed-over or delivered order is returned through a refund, never cancelled.
    return order.status_entrega === "retirado" || order.status_entrega === "entregue" ? "not_next" : undefined;
  }
  const pickupOnly: readonly FulfilmentStatus[] = ["pronto_retirada", "retirado"];
  const deliveryOnly: readonly FulfilmentStatus[] = ["enviado", "entregue"];
  if ((order.kind === "retirada" ? deliveryOnly : pickupOnly).includes(to)) return "wrong_kind";
  if (!(PAID_STATUSES as readonly string[]).includes(order.status)) return "not_paid";
  return NEXT[order.kind][order.status_entrega]?.includes(to) ? undefined : "not_next";
}

/** The moves the order may make now, in the order the screens offer them. */
export function nextFulfilment(order: FulfilmentState): FulfilmentStatus[] {
  return FULFILMENT_STATUSES.filter((to) => fulfilmentRefusal(order, to) === undefined);
}

/**
 * Why the pickup code may not take the order's goods out of the shop now, or undefined when it may: a paid
 * store-pickup order not handed over yet. The counter refuses with these (server/modules/admin/counter/refusal.ts)
 * and the ticket prints a code to scan only when there is none (server/modules/orders/ticket.ts). A refund or
 * a cancellation wins over everything else.
 */
export type PickupRefusal = "refunded" | "cancelled" | "delivery" | "handed_over" | "not_paid" | "not_open";

export function pickupRefusal(order: { status: string; status_entrega: string; kind: FulfilmentKind }): PickupRefusal | undefined {
  if (order.status === "ESTORNADO") return "refunded";
  if ((CLOSED_PAYMENT_STATUSES as readonly string[]).includes(order.status) || order.status_entrega === "cancelado") return "cancelled";
  if (order.kind === "entrega") return "delivery";
  if (order.status_entrega === "retirado") return "handed_over";
  if (!(PAID_STATUSES as readonly string[]).includes(order.status)) return "not_paid";
  return order.status_entrega === "em_separacao" || order.status_entrega === "pronto_retirada" ? undefined : "not_open";
}
