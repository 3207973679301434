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
 * /v1/payments/{id}/refunds, and notifications to the preference's notification_url with
 * `?data.id=…&type=payment`, an `x-request-id` and an `x-signature` of `ts=…,v1=HMAC-SHA256(secret,
 * "id:{data.id};request-id:{x-request-id};ts:{ts};")`.
 */
export async function startMercadoPagoDouble(options: { accessToken: string; webhookSecret: string; notify?: Notify }) {
  const preferences = new Map<string, Preference>();
  const payments = new Map<number, MpPayment>();
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
      const payment = payments.get(Number(req.path.split("/")[3]));
      if (!payment || payment.status !== "approved") return { status: 400, json: { message: "Payment not refundable", status: 400 } };
      const amount = req.json<{ amount?: number }>()?.amount ?? payment.transaction_amount - payment.transaction_amount_refunded;
      if (amount <= 0 || payment.transaction_amount_refunded + amount > payment.transaction_amount + 1e-9) {
        return { status: 400, json: { message: "Invalid refund amount", status: 400 } };
      }
      payment.transaction_amount_refunded += amount;
      if (Math.abs(payment.transaction_amount_refunded - payment.transaction_amount) < 1e-9) payment.status = "refunded";
      return { status: 201, json: { id: nextId++, payment_id: payment.id, amount, status: "approved" } };
    },
  });

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

  return { ...double, preferences, payments, pay, signed };
}

export type MercadoPagoDouble = Awaited<ReturnType<typeof startMercadoPagoDouble>>;
