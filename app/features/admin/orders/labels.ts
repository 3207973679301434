import { ORDER_STATUSES, PAYMENT_STATUSES } from "#contract/api/cart-constants.ts";
import { FULFILMENT_STATUSES, type FulfilmentStatus } from "#contract/fulfilment.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import "#app/i18n/admin-texts.ts";

const PAYMENT: readonly string[] = [...ORDER_STATUSES, ...PAYMENT_STATUSES, "DIVERGENTE", "PAGO_CANCELADO"];
type PaymentKey = (typeof ORDER_STATUSES)[number] | (typeof PAYMENT_STATUSES)[number] | "DIVERGENTE" | "PAGO_CANCELADO";

/** The statuses as the order screens name them; a value the screens do not know is shown as it is. */
export function useOrderLabels() {
  const { t } = useTranslation();
  return {
    payment: (status: string) => (PAYMENT.includes(status) ? t(`admin.orders.statuses.${status as PaymentKey}`) : status),
    fulfilment: (status: string) =>
      (FULFILMENT_STATUSES as readonly string[]).includes(status) ? t(`admin.orders.fulfilments.${status as FulfilmentStatus}`) : status,
  };
}
