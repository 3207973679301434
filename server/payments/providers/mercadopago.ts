import { createHmac } from "node:crypto";
import { MercadoPagoConfig, Payment, PaymentRefund, Preference } from "mercadopago";
import { AppConfig } from "mercadopago/dist/utils/config/index.js";
import { MOEDA } from "#contract/currencies.ts";
import { GatewayError, gatewayRef, header, type PaymentMethod, type PaymentProvider, type RefundInput, type StatusRead } from "../provider.ts";
import { safeEqual } from "../../lib/safe-equal.ts";

/**
 * Mercado Pago Checkout Pro for Brazilian buyers, through the official `mercadopago` SDK: a preference
 * (items, card in up to 10 installments, PIX and boleto), the buyer sent to its `init_point`, the
 * notification verified by its `x-signature` HMAC (Mercado Pago's "Notificações Webhooks": manifest
 * `id:{data.id};request-id:{x-request-id};ts:{ts};`, HMAC-SHA256 with the webhook secret), and the
 * payment read from the API before it is trusted. Orders are in dollars; Mercado Pago Brasil charges
 * in reais, so the order's total is converted at the shop's rate when the preference is created.
 */
export const MAX_INSTALLMENTS = 10;

/** The manifest Mercado Pago signs: parts it does not send are left out, as its documentation says. */
export function mercadoPagoManifest(dataId: string | undefined, requestId: string | undefined, ts: string) {
  return `${dataId ? `id:${dataId};` : ""}${requestId ? `request-id:${requestId};` : ""}ts:${ts};`;
}

/**
 * How far a notification's signed time (x-signature's ts) may be from the clock, either way. Mercado Pago
 * delivers within seconds and retries a refused notification after 15 minutes and later; a retry outside
 * this window is refused too, and the payment is then read by reconciliation (service.ts) within minutes.
 */
const MAX_SIGNATURE_AGE_MS = 10 * 60_000;

/** ts as Mercado Pago sends it, in seconds (its documentation's example) or milliseconds (what it sends today). */
const signedAt = (ts: string) => (ts.length <= 11 ? Number(ts) * 1000 : Number(ts));

/** The longest preference id taken: it is the payment's reference (pagamentos.provider_ref, 120 characters). */
const MAX_PREFERENCE_ID = 120;

/** A payment page's address as a web address, or undefined for anything else (a script, a relative path). */
function webAddress(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export const mercadoPagoSignature = (secret: string, manifest: string) => createHmac("sha256", secret).update(manifest).digest("hex");

/** The payment types a method leaves out of Checkout Pro (PIX is a bank transfer there, the boleto a ticket). */
const EXCLUDED: Partial<Record<PaymentMethod, string[]>> = {
  cartao: ["ticket", "bank_transfer", "atm"],
  pix: ["credit_card", "debit_card", "ticket", "atm", "prepaid_card"],
  boleto: ["credit_card", "debit_card", "bank_transfer", "prepaid_card"],
};

const STATUS: Record<string, StatusRead["status"]> = {
  approved: "PAGO",
  rejected: "RECUSADO",
  cancelled: "EXPIRADO",
};

const CURRENCY: Record<string, number> = { BRL: MOEDA.BRL, USD: MOEDA.USD, PYG: MOEDA.PYG, ARS: MOEDA.ARS };

interface MpPayment {
  id?: string | number;
  status?: string;
  transaction_amount?: number;
  currency_id?: string;
  external_reference?: string;
  date_created?: string;
}

export function createMercadoPagoProvider(options: { accessToken: string; webhookSecret: string; url: string; timeoutMs?: number }): PaymentProvider {
  // The SDK reads its host from one process-wide setting; MERCADOPAGO_URL lets a staging host or a double stand in.
  (AppConfig as unknown as { BASE_URL: string }).BASE_URL = options.url.replace(/\/$/, "");
  // A time limit on every call and no retries of its own: reconciliation and the gateway's retries do that.
  const client = new MercadoPagoConfig({ accessToken: options.accessToken, options: { timeout: options.timeoutMs ?? 10_000, maxRetries: 0 } });
  const wrap = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      // Mercado Pago said no (a 4xx answer) only when it answered so; no answer, a server error, a request
      // still being processed under its key (409) or a locked resource tell nothing of what it did.
      const status = (err as { status?: unknown }).status;
      const definite = typeof status === "number" && status >= 400 && status < 500 && ![408, 409, 423].includes(status);
      throw new GatewayError("mercadopago", `${what} failed: ${(err as Error).message?.slice(0, 120) ?? "error"}`, !definite);
    }
  };

  const read = (payment: MpPayment): StatusRead => ({
    status: STATUS[payment.status ?? ""] ?? "AGUARDANDO",
    amount: payment.transaction_amount === undefined ? undefined : String(payment.transaction_amount),
    moedaId: payment.currency_id ? (CURRENCY[payment.currency_id] ?? -1) : undefined,
    paymentId: /^\d{1,12}$/.test(payment.external_reference ?? "") ? Number(payment.external_reference) : undefined,
  });

  /** Our payment's attempts at Mercado Pago, newest first; an approved one wins. */
  async function attempts(paymentId: number): Promise<MpPayment[]> {
    const found = await wrap("payment search", () =>
      new Payment(client).search({ options: { external_reference: String(paymentId), sort: "date_created", criteria: "desc" } }),
    );
    const results = (found.results ?? []) as MpPayment[];
    return [...results.filter((p) => p.status === "approved"), ...results.filter((p) => p.status !== "approved")];
  }

  return {
    name: "mercadopago",
    methods: (moedaId) => (moedaId === MOEDA.USD || moedaId === MOEDA.BRL ? ["cartao", "pix", "boleto"] : []),
    chargeCurrency: () => MOEDA.BRL,
    needsCpf: (method) => method === "cartao",

    async createPayment(input) {
      const preference = await wrap("preference", () =>
        new Preference(client).create({
          body: {
            items: [{ id: input.reference, title: input.description, quantity: 1, unit_price: Number(input.amount), currency_id: "BRL" }],
            external_reference: String(input.paymentId),
            notification_url: input.notifyUrl,
            back_urls: { success: input.returnUrl, pending: input.returnUrl, failure: input.returnUrl },
            auto_return: "approved",
            payment_methods: {
              installments: input.method === "cartao" ? MAX_INSTALLMENTS : 1,
              excluded_payment_types: (EXCLUDED[input.method] ?? []).map((id) => ({ id })),
            },
            payer: {
              name: input.buyer.name,
              email: input.buyer.email,
              ...((input.buyer.documentType === "CPF" || input.buyer.documentType === "CNPJ") && input.buyer.document
                ? { identification: { type: input.buyer.documentType, number: input.buyer.document.replace(/[^0-9A-Za-z]/g, "").toUpperCase() } }
                : {}),
            },
            ...(input.expiresAt ? { expires: true, expiration_date_to: input.expiresAt.toISOString() } : {}),
          },
        }),
      );
      const ref = gatewayRef(preference.id, MAX_PREFERENCE_ID);
      const link = webAddress(preference.init_point);
      if (!ref || !link) throw new GatewayError("mercadopago", "preference without id or init_point");
      return { ref, link };
    },

    parseNotification(headers, _rawBody, query) {
      const signature = header(headers, "x-signature");
      if (!signature) return undefined;
      const parts = Object.fromEntries(
        signature.split(",").map((kv) => {
          const [k, ...v] = kv.split("=");
          return [k!.trim(), v.join("=").trim()];
        }),
      );
      const ts = parts.ts;
      const v1 = parts.v1;
      if (!ts || !v1 || !/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return undefined;
      // data.id comes in the query string; an alphanumeric id is signed in lower case.
      const raw = query["data.id"];
      const dataId = raw && /^[0-9a-zA-Z]+$/.test(raw) ? raw.toLowerCase() : raw;
      const requestId = header(headers, "x-request-id");
      const expected = mercadoPagoSignature(options.webhookSecret, mercadoPagoManifest(dataId, requestId, ts));
      if (!safeEqual(v1.toLowerCase(), expected)) return undefined;
      // A genuine notification signed long ago is a replay, unless Mercado Pago says otherwise: refused.
      if (Math.abs(Date.now() - signedAt(ts)) > MAX_SIGNATURE_AGE_MS) return undefined;
      if (!dataId || !/^\d{1,20}$/.test(dataId)) return undefined;
      return { eventId: `${dataId}:${requestId ?? ""}:${ts}`.slice(0, 120), gatewayPaymentId: dataId };
    },

    async fetchStatus({ gatewayPaymentId, paymentId }): Promise<StatusRead> {
      if (gatewayPaymentId) return read((await wrap("payment read", () => new Payment(client).get({ id: gatewayPaymentId }))) as MpPayment);
      if (paymentId === undefined) throw new GatewayError("mercadopago", "nothing to read");
      const [latest] = await attempts(paymentId);
      return latest ? read(latest) : { status: "AGUARDANDO" };
    },

    // One refund per store key (Mercado Pago's X-Idempotency-Key: the same key again answers the same
    // refund, never a second one). A refund Mercado Pago accepts but has not approved yet is in_process.
    async refund(input) {
      const made = await createRefund(input);
      const state = refundState(made);
      if (state === "refused") throw new GatewayError("mercadopago", `refund ${made.status ?? "refused"}`);
      return state;
    },

    // Asked again with the same key, Mercado Pago answers the refund it made (or makes it, if the first
    // request never reached it); its current state is then read by its id (GET …/refunds/{id}).
    async refundStatus(input) {
      let made: MpRefund;
      try {
        made = await createRefund(input);
      } catch (err) {
        if (err instanceof GatewayError && !err.unknown) return "refused";
        throw err;
      }
      const state = refundState(made);
      if (state !== "pending" || made.id === undefined || made.payment_id === undefined) return state;
      const now = (await wrap("refund read", () =>
        new PaymentRefund(client).get({ payment_id: String(made.payment_id), refund_id: String(made.id) }),
      )) as MpRefund;
      return refundState(now);
    },
  };

  /** The refund asked under the store's key, against the approved attempt of our payment. */
  async function createRefund({ paymentId, amount, full, key }: RefundInput): Promise<MpRefund> {
    const [approved] = (await attempts(paymentId)).filter((p) => p.status === "approved" || p.status === "refunded");
    if (!approved?.id) throw new GatewayError("mercadopago", "no approved payment to refund");
    return (await wrap("refund", () =>
      new PaymentRefund(client).create({
        payment_id: String(approved.id),
        body: full ? {} : { amount: Number(amount) },
        requestOptions: { idempotencyKey: `refund-${key}` },
      }),
    )) as MpRefund;
  }
}

interface MpRefund {
  id?: number;
  payment_id?: number;
  status?: string;
}

/** A refund's status at Mercado Pago: approved is made; rejected or cancelled refused; anything else (in_process, pending) still open. */
function refundState(refund: MpRefund): "done" | "pending" | "refused" {
  if (refund.status === "approved") return "done";
  if (refund.status === "rejected" || refund.status === "cancelled") return "refused";
  return "pending";
}
