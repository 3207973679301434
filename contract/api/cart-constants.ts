/**
 * Cart and order constants the browser needs. They live apart from the schemas in cart.ts so that
 * importing them does not pull zod into the storefront's client bundle.
 */

export const MAX_QTY = 99;
export const FILIAL_ID = 1;
export const ARMAZEM_ID = 1;

export const ORDER_STATUSES = ["AGUARDANDO", "ENVIADO", "AUTORIZADO", "PAGO", "ESTORNADO", "PAGAMENTO", "CANCELADO"] as const;
export const PAYMENT_STATUSES = ["AGUARDANDO", "FINALIZADO", "PAGO", "RECUSADO", "EXPIRADO", "ESTORNADO"] as const;
