import type { TFunction } from "#app/i18n/translator.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES, type Order } from "#contract/api/cart.ts";
import { FULFILMENT_STATUSES, type FulfilmentStatus } from "#contract/fulfilment.ts";

const isOrderStatus = (s: string): s is (typeof ORDER_STATUSES)[number] => (ORDER_STATUSES as readonly string[]).includes(s);
const isPaymentStatus = (s: string): s is (typeof PAYMENT_STATUSES)[number] => (PAYMENT_STATUSES as readonly string[]).includes(s);

/** Spec §4: the known statuses get a label; any other value is shown as it arrives. */
export const orderStatusLabel = (t: TFunction, status: string) => (isOrderStatus(status) ? t(`cart.orders.statuses.${status}`) : status);
const paymentStatusLabel = (t: TFunction, status: string) => (isPaymentStatus(status) ? t(`cart.orders.paymentStatuses.${status}`) : status);

/**
 * A payment the gateway approved after the shop cancelled the order keeps the spec's PAGO in the API
 * (decision 037); the buyer reads it as money received that is to be given back, not as a purchase made.
 */
export const shownPaymentLabel = (t: TFunction, order: Pick<Order, "pago_apos_cancelamento">, status: string) =>
  order.pago_apos_cancelamento && status === "PAGO" ? t("cart.orders.paymentToRefund") : paymentStatusLabel(t, status);

export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(locale, { day: "2-digit", month: "2-digit", year: "numeric" });
}

const TONES: Record<string, string> = {
  PAGO: "bg-emerald-100 text-emerald-900",
  AUTORIZADO: "bg-emerald-100 text-emerald-900",
  ENVIADO: "bg-sky-100 text-sky-900",
  PAGAMENTO: "bg-amber-100 text-amber-900",
  AGUARDANDO: "bg-amber-100 text-amber-900",
  CANCELADO: "bg-slate-200 text-slate-800",
  ESTORNADO: "bg-slate-200 text-slate-800",
};
export const statusTone = (status: string) => TONES[status] ?? "bg-slate-100 text-slate-800";

const isFulfilment = (s: string): s is FulfilmentStatus => (FULFILMENT_STATUSES as readonly string[]).includes(s);

/**
 * The fulfilment status the customer is shown beside the payment's: only once it says something (a paid
 * order being prepared, or any later step); an unpaid order is not "being prepared".
 */
export function fulfilmentShown(order: Pick<Order, "status" | "status_entrega">): FulfilmentStatus | undefined {
  if (!isFulfilment(order.status_entrega)) return undefined;
  return order.status_entrega !== "em_separacao" || order.status === "PAGO" ? order.status_entrega : undefined;
}

export const fulfilmentLabel = (t: TFunction, status: FulfilmentStatus) => t(`cart.orders.fulfilments.${status}`);

const FULFILMENT_TONES: Record<FulfilmentStatus, string> = {
  em_separacao: "bg-amber-100 text-amber-900",
  pronto_retirada: "bg-sky-100 text-sky-900",
  retirado: "bg-emerald-100 text-emerald-900",
  enviado: "bg-sky-100 text-sky-900",
  entregue: "bg-emerald-100 text-emerald-900",
  cancelado: "bg-slate-200 text-slate-800",
};
export const fulfilmentTone = (status: FulfilmentStatus) => FULFILMENT_TONES[status];
