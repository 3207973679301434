import { randomUUID } from "node:crypto";
import { mercadoPagoManifest, mercadoPagoSignature } from "#server/payments/providers/mercadopago.ts";
import { doublePage, httpNotify, startDouble, type Notify } from "./gateway-double.ts";

interface Preference {
  id: string;
  body: {
    items: { unit_price: number; currency_id: string; title: string }[];
    external_reference: string;
    notification_url: string;
    back_urls: { success: string; failure: string; pending: string };
    payment_methods: { installments: number; excluded_payment_types: { id: string }[] };
    payer?: { email?: string; identification?: { type: string; number: string } };
  };
}

interface MpPayment {
  id: number;
  status: "approved" | "rejected" | "pending" | "refunded";
  status_detail: string;
  transaction_amount: number;
  transaction_amount_refunded: number;
  currency_id: string;
  external_reference: string;
  payment_type_id: string;
  installments: number;
  date_created: string;
}

/**
 * Mercado Pago's REST API as the SDK calls it: POST /checkout/preferences (Bearer access token), the
 * Checkout Pro page at its init_point, GET /v1/payments/{id}, GET /v1/payments/search, POST
 * /v1/payments/{id}/refunds (once per X-Idempotency-Key: the same key answers the first refund again),
 * GET /v1/payments/{id}/refunds/{refund_id}, and notifications to the preference's notification_url with
 * `?data.id=…&type=payment`, an `x-request-id` and an `x-signature` of `ts=…,v1=HMAC-SHA256(secret,
 * "id:{data.id};request-id:{x-request-id};ts:{ts};")`.
 */
interface MpRefund {
  id: number;
  payment_id: number;
  amount: number;
  status: "approved" | "in_process" | "rejected";
  date_created: string;
}

export async function startMercadoPagoDouble(options: { accessToken: string; webhookSecret: string; notify?: Notify }) {
  const preferences = new Map<string, Preference>();
  const payments = new Map<number, MpPayment>();
  const refunds = new Map<number, MpRefund>();
  /** Each refund request's answer by its X-Idempotency-Key: the same key again answers it again, never a second refund. */
  const byKey = new Map<string, { status: number; json: unknown }>();
  /** How Mercado Pago takes a new refund: approved at once, or in_process (settled later by `settleRefund`). */
  const refundMode = { status: "approved" as MpRefund["status"] };
  let nextId = 1_300_000_000;
  const authorized = (headers: Record<string, unknown>) => headers.authorization === `Bearer ${options.accessToken}`;
  const unauthorized = { status: 401, json: { message: "invalid access token", error: "unauthorized", status: 401 } };

  const double = await startDouble({
    "POST /checkout/preferences": (req) => {
      if (!authorized(req.headers)) return unauthorized;
      const body = req.json<Preference["body"]>();
      if (!body?.items?.length) return { status: 400, json: { message: "items needed", status: 400 } };
      const id = `123456-${randomUUID()}`;
      preferences.set(id, { id, body });
      return {
        status: 201,
        json: {
          id,
          init_point: `${double.url}/checkout/v1/redirect?pref_id=${id}`,
          sandbox_init_point: `${double.url}/checkout/v1/redirect?pref_id=${id}`,
          ...body,
        },
      };
    },
    "GET /checkout/v1/redirect": (req) => {
      const pref = preferences.get(req.query.get("pref_id") ?? "");
      if (!pref) return { status: 404, html: "<p>Preferência não encontrada</p>" };
      const item = pref.body.items[0]!;
      return { html: doublePage("Mercado Pago (test double)", `R$ ${item.unit_price.toFixed(2)}`, "/checkout/v1/decide", { pref_id: pref.id }) };
    },
    "POST /checkout/v1/decide": async (req) => {
      const form = req.form();
      const pref = preferences.get(form.get("pref_id") ?? "");
      if (!pref) return { status: 404, html: "<p>Preferência não encontrada</p>" };
      const approved = form.get("decision") === "approve";
      await pay(pref.id, approved);
      return { status: 303, location: approved ? pref.body.back_urls.success : pref.body.back_urls.failure };
    },
    "GET /v1/payments/search": (req) => {
      if (!authorized(req.headers)) return unauthorized;
      const ref = req.query.get("external_reference");
      const results = [...payments.values()].filter((p) => p.external_reference === ref).reverse();
      return { json: { paging: { total: results.length, limit: 30, offset: 0 }, results } };
    },
    "GET /v1/payments/*": (req) => {
      if (!authorized(req.headers)) return unauthorized;
      const payment = payments.get(Number(req.path.split("/").pop()));
      return payment ? { json: payment } : { status: 404, json: { message: "Payment not found", status: 404 } };
    },
    "POST /v1/payments/*/refunds": (req) => {
      if (!authorized(req.headers)) return unauthorized;
      const key = String(req.headers["x-idempotency-key"] ?? "");
      const seen = key ? byKey.get(key) : undefined;
      if (seen) return seen;
      const answer = newRefund(Number(req.path.split("/")[3]), req.json<{ amount?: number }>()?.amount);
      if (key) byKey.set(key, answer);
      return answer;
    },
    "GET /v1/payments/*/refunds/*": (req) => {
      if (!authorized(req.headers)) return unauthorized;
      const [, , , paymentId, , refundId] = req.path.split("/");
      const refund = refunds.get(Number(refundId));
      return refund && refund.payment_id === Number(paymentId)
        ? { json: refund }
        : { status: 404, json: { message: "Refund not found", status: 404 } };
    },
  });

  /** A refund as Mercado Pago takes it: only of an approved payment, never beyond what it still holds. */
  function newRefund(paymentId: number, asked: number | undefined): { status: number; json: unknown } {
    const payment = payments.get(paymentId);
    if (!payment || payment.status !== "approved") return { status: 400, json: { message: "Payment not refundable", status: 400 } };
    const amount = asked ?? payment.transaction_amount - payment.transaction_amount_refunded;
    if (amount <= 0 || payment.transaction_amount_refunded + amount > payment.transaction_amount + 1e-9) {
      return { status: 400, json: { message: "Invalid refund amount", status: 400 } };
    }
    // The money is taken from the payment at once, in process or not (a rejected refund gives it back).
    payment.transaction_amount_refunded += amount;
    if (Math.abs(payment.transaction_amount_refunded - payment.transaction_amount) < 1e-9) payment.status = "refunded";
    const refund: MpRefund = { id: nextId++, payment_id: payment.id, amount, status: refundMode.status, date_created: new Date().toISOString() };
    refunds.set(refund.id, refund);
    return { status: 201, json: { ...refund } };
  }

  /**
   * Mercado Pago settles a refund it had in process (approved or rejected: a rejection gives the amount
   * back to the payment) and notifies the payment, as it does when a payment changes.
   */
  async function settleRefund(id: number, status: "approved" | "rejected", opts: { notify?: boolean } = {}) {
    const refund = refunds.get(id);
    if (!refund) throw new Error(`no refund ${id}`);
    refund.status = status;
    const payment = payments.get(refund.payment_id)!;
    if (status === "rejected") {
      payment.transaction_amount_refunded -= refund.amount;
      payment.status = "approved";
    }
    const pref = [...preferences.values()].find((p) => p.body.external_reference === payment.external_reference);
    const notification = signed(String(payment.id));
    const notify = options.notify ?? httpNotify(pref!.body.notification_url);
    return opts.notify !== false ? notify(notification.body, notification.headers, notification.query) : undefined;
  }

  /** Signs a notification about a payment as Mercado Pago does. */
  function signed(dataId: string, secret = options.webhookSecret, ts = String(Date.now())) {
    const requestId = randomUUID();
    return {
      query: `?data.id=${dataId}&type=payment`,
      headers: {
        "x-request-id": requestId,
        "x-signature": `ts=${ts},v1=${mercadoPagoSignature(secret, mercadoPagoManifest(dataId, requestId, ts))}`,
      },
      body: JSON.stringify({
        action: "payment.updated",
        api_version: "v1",
        data: { id: dataId },
        date_created: new Date().toISOString(),
        id: Number(`${Date.now()}`),
        live_mode: false,
        type: "payment",
        user_id: "123456",
      }),
    };
  }

  /**
   * The buyer pays (or is declined) on Checkout Pro: a payment is recorded and notified (unless
   * `notify: false`). `amount`/`currency` make Mercado Pago report other values.
   */
  async function pay(prefId: string, approved: boolean, opts: { notify?: boolean; amount?: number; currency?: string; type?: string } = {}) {
    const pref = preferences.get(prefId);
    if (!pref) throw new Error(`no preference ${prefId}`);
    const item = pref.body.items[0]!;
    const payment: MpPayment = {
      id: nextId++,
      status: approved ? "approved" : "rejected",
      status_detail: approved ? "accredited" : "cc_rejected_insufficient_amount",
      transaction_amount: opts.amount ?? item.unit_price,
      transaction_amount_refunded: 0,
      currency_id: opts.currency ?? item.currency_id,
      external_reference: pref.body.external_reference,
      payment_type_id: opts.type ?? "credit_card",
      installments: 1,
      date_created: new Date().toISOString(),
    };
    payments.set(payment.id, payment);
    const notification = signed(String(payment.id));
    // Without a notify function, to the preference's notification_url, as Mercado Pago does.
    const notify = options.notify ?? httpNotify(pref.body.notification_url);
    const delivered = opts.notify !== false ? await notify(notification.body, notification.headers, notification.query) : undefined;
    return { payment, notification, delivered };
  }

  return { ...double, preferences, payments, refunds, refundMode, pay, signed, settleRefund };
}

export type MercadoPagoDouble = Awaited<ReturnType<typeof startMercadoPagoDouble>>;
