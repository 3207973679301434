/**
 * What the store needs from a payment gateway (docs/payments.md). The built-in sandbox, Bancard vPOS,
 * Pagopar and Mercado Pago Checkout Pro implement it: a hosted payment link, a signed notification, a
 * status read from the gateway that is trusted over the notification's body, and refunds.
 */
import type { ProviderName } from "#config/config.ts";

export type { ProviderName } from "#config/config.ts";

/**
 * The ways to pay that spec §1 names, as the checkout offers them: cards (in up to 10 installments
 * for Brazilian buyers, with a CPF), PIX, the boleto voucher, QR, e-wallets, a bank's wallet, payment
 * points and bank transfer. "sandbox" is the test gateway's own page.
 */
import type { PaymentMethod } from "#contract/api/cart.ts";
export type { PaymentMethod } from "#contract/api/cart.ts";

export type GatewayStatus = "PAGO" | "RECUSADO" | "AGUARDANDO" | "EXPIRADO";

export interface CreatePaymentInput {
  /** Our payment's id: the gateway's reference to us (Bancard's shop_process_id, Pagopar's id_pedido_comercio …). */
  paymentId: number;
  /** Our order's external id. */
  reference: string;
  /** Decimal string in the currency below (the gateway's charge currency). */
  amount: string;
  moedaId: number;
  description: string;
  method: PaymentMethod;
  /** Where the buyer returns after paying. */
  returnUrl: string;
  /** Where the gateway posts its signed notification. */
  notifyUrl: string;
  /** When the order's reservation runs out: a gateway that takes a deadline stops taking payment then. */
  expiresAt?: Date;
  buyer: { name: string; email: string; document: string | null; documentType: string; phone: string | null };
  /** The reference of this payment's declined attempt, when the gateway takes each attempt as a new charge (Bancard). */
  previousRef?: string;
}

export interface PaymentNotification {
  /** Unique per notification: a replay carries the same id. */
  eventId: string;
  /** The gateway's reference for the payment, as stored in pagamentos.provider_ref. */
  providerRef?: string;
  /** The gateway's id of a payment attempt, when the notification names that instead (Mercado Pago). */
  gatewayPaymentId?: string;
  /** Amount and currency the notification itself vouches for (signed), checked beside the status read. */
  amount?: string;
  moedaId?: number;
}

/** What the gateway says about a payment when asked. */
export interface StatusRead {
  status: GatewayStatus;
  /** The amount and currency the gateway charged, when it says (compared with the order's). */
  amount?: string;
  moedaId?: number;
  /** Our payment's id as the gateway echoes it (external reference), when the read was by the gateway's own id. */
  paymentId?: number;
}

/**
 * A refund's answer: given back (done), not this gateway's to do (unsupported), or accepted and not settled
 * yet (pending: the gateway settles it later, and says so by a notification or when asked again).
 */
export type RefundResult = "done" | "unsupported" | "pending";

/** What a gateway says, asked again, of a refund it was asked for before. */
export type RefundStatus = "done" | "pending" | "refused";

/** One refund as a gateway is asked for it: `key` is the store's refund key, the same each time it is asked. */
export interface RefundInput {
  ref: string;
  paymentId: number;
  amount: string;
  full: boolean;
  key: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** A declined attempt's page cannot be paid again: paying again opens a new charge (Bancard's process_id). */
  readonly newChargeAfterDecline?: boolean;
  /** The methods this gateway offers for an order in that currency; none means it does not take that currency. */
  methods(moedaId: number): PaymentMethod[];
  /** The currency the gateway charges an order of that currency in (default: the order's own). */
  chargeCurrency?(moedaId: number): number;
  /** Whether a card payment through this gateway needs the buyer's CPF (Brazil). */
  needsCpf?(method: PaymentMethod): boolean;
  createPayment(input: CreatePaymentInput): Promise<{ ref: string; link: string }>;
  /** Verifies the signature; undefined means the notification is not genuine. */
  parseNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    query: Record<string, string | undefined>,
  ): PaymentNotification | undefined;
  /** The body the gateway expects in answer to a notification it sent (default `{ received: true }`). */
  acknowledge?(notification: PaymentNotification, rawBody: Buffer): unknown;
  /** Reads the payment's status from the gateway itself. */
  fetchStatus(query: { ref?: string; gatewayPaymentId?: string; paymentId?: number }): Promise<StatusRead>;
  /** Voids a payment nobody will complete (the reservation ran out): Bancard's rollback, the sandbox's expiry. */
  expire?(ref: string, paymentId: number): Promise<void>;
  /** Gives money back: the whole charge, or part of it where the gateway allows. */
  refund?(input: RefundInput): Promise<RefundResult>;
  /**
   * Asks the gateway what became of a refund asked for before (same input, same key): absent where the
   * gateway cannot be asked (a person settles it by hand, from the gateway's portal).
   */
  refundStatus?(input: RefundInput): Promise<RefundStatus>;
}

/**
 * A gateway that did not answer in time, answered an error, or answered nonsense. `unknown` when what the
 * gateway did cannot be told (no answer in time, a broken connection, a server error or an answer that is
 * not the gateway's): the request may have been carried out. Otherwise the gateway said no.
 */
export class GatewayError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly unknown = false,
  ) {
    super(`${provider}: ${message}`);
  }
}

/** Longest wait for one call to a gateway. */
export const GATEWAY_TIMEOUT_MS = 10_000;

/** POSTs (or GETs) JSON to a gateway with a time limit; any failure is a GatewayError. */
export async function gatewayJson<T>(
  provider: string,
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ status: number; body: T }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: { accept: "application/json", ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? GATEWAY_TIMEOUT_MS),
    });
  } catch (err) {
    throw new GatewayError(provider, `no answer from ${new URL(url).pathname}: ${(err as Error).name}`, true);
  }
  const text = await res.text().catch(() => undefined);
  if (text === undefined) throw new GatewayError(provider, `answer from ${new URL(url).pathname} cut off`, true);
  // A server error (or a proxy's page in its place) says nothing of what the gateway did.
  if (res.status >= 500) throw new GatewayError(provider, `answered ${res.status}`, true);
  try {
    return { status: res.status, body: JSON.parse(text) as T };
  } catch {
    throw new GatewayError(provider, `answered ${res.status} without JSON`, true);
  }
}

/** A header's single value. */
export const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === "string" ? value : undefined;
};

/** Not printable: control characters (C0, DEL, C1) and halves of a broken surrogate pair. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;

/**
 * A reference a gateway gave (Bancard's process_id, Pagopar's hash, Mercado Pago's preference id), taken as
 * the gateway wrote it: any printable text up to `max` characters (Bancard's own example holds `*`). Where it
 * goes into an address it is encoded there.
 */
export function gatewayRef(value: unknown, max: number): string | undefined {
  return typeof value === "string" && value.trim() !== "" && value.length <= max && !UNPRINTABLE.test(value) ? value : undefined;
}

/** A key whose value is a secret or a signature (a confirmation's token, a request's hash): never stored. */
const SECRET_KEY = /token|signature|secret|password/i;

/**
 * A notification's body as it is kept (pagamento_eventos): what happened, without the tokens that sign it.
 * Bancard's token and Pagopar's vouch for one order; whoever reads them could send that notification again.
 */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return undefined;
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, depth + 1));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, v]) => [key, withoutSecrets(v, depth + 1)]),
  );
}
