/**
 * What the store needs from a payment gateway. The built-in sandbox implements it; Pagopar,
 * Bancard and Mercado Pago plug in behind the same interface (hosted link + signed notification
 * + a status read that is trusted over the notification's body).
 */

export type GatewayStatus = "PAGO" | "RECUSADO" | "AGUARDANDO" | "EXPIRADO";

export interface CreatePaymentInput {
  /** Our order's external id, echoed back by the gateway. */
  reference: string;
  /** Decimal string in the currency below. */
  amount: string;
  moedaId: number;
  description: string;
  /** Where the buyer returns after paying. */
  returnUrl: string;
  /** Where the gateway posts its signed notification. */
  notifyUrl: string;
}

export interface PaymentNotification {
  /** Unique per notification: a replay carries the same id. */
  eventId: string;
  providerRef: string;
}

export interface PaymentProvider {
  readonly name: string;
  supportsCurrency(moedaId: number): boolean;
  createPayment(input: CreatePaymentInput): Promise<{ ref: string; link: string }>;
  /** Verifies the signature; undefined means the notification is not genuine. */
  parseNotification(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): PaymentNotification | undefined;
  /** Reads the payment's status from the gateway itself. */
  fetchStatus(ref: string): Promise<GatewayStatus>;
  expire?(ref: string): Promise<void>;
}
