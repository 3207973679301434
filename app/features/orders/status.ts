import type { TFunction } from "#app/i18n/translator.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "#contract/api/cart.ts";

const isOrderStatus = (s: string): s is (typeof ORDER_STATUSES)[number] => (ORDER_STATUSES as readonly string[]).includes(s);
const isPaymentStatus = (s: string): s is (typeof PAYMENT_STATUSES)[number] => (PAYMENT_STATUSES as readonly string[]).includes(s);

/** Spec §4: the known statuses get a label; any other value is shown as it arrives. */
export const orderStatusLabel = (t: TFunction, status: string) => (isOrderStatus(status) ? t(`cart.orders.statuses.${status}`) : status);
export const paymentStatusLabel = (t: TFunction, status: string) => (isPaymentStatus(status) ? t(`cart.orders.paymentStatuses.${status}`) : status);

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
