import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { hasControlCharacters } from "#contract/api/common.ts";
import type { Locale } from "#contract/locale.ts";
import { apiMessage, type ApiMessageKey } from "#contract/messages.ts";
import { formatPrice } from "#contract/money.ts";
import { HttpError } from "../lib/errors.ts";
import type { Config } from "#config/config.ts";
import { requestLocale } from "../lib/request-locale.ts";
import { requestSite } from "../lib/site.ts";
import { record } from "../observability/metrics.ts";
import { GatewayError, withoutSecrets, type PaymentProvider } from "./provider.ts";
import type { SandboxGateway } from "./providers/sandbox.ts";
import type { PaymentService } from "./service.ts";
import { escapeHtml } from "#contract/text.ts";

/**
 * Notifications one address may send one gateway's webhook a minute. A gateway sends one or two per payment
 * (retries included); the count is per gateway and address, so a flood of forgeries from one address spends
 * only its own budget, not the genuine gateway's.
 */
export const WEBHOOK_MAX_PER_MINUTE = 120;

/** Gateways' signed notifications: `POST /ecom/pagamentos/webhook/{provider}`. */
export const webhookRoutes: FastifyPluginAsync<{ providers: Map<string, PaymentProvider>; payments: PaymentService }> = async (
  app,
  { providers, payments },
) => {
  // The signature covers the exact bytes, so the body is kept raw.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

  const providerOf = (req: { params: unknown }) => String((req.params as { provider?: string }).provider).slice(0, 30);
  const rateLimit = {
    max: WEBHOOK_MAX_PER_MINUTE,
    timeWindow: "1 minute",
    keyGenerator: (req: { params: unknown; ip: string }) => `webhook:${providerOf(req)}:${req.ip}`,
    // The sandbox notifies from inside the process (one address for every test payment, load tests included);
    // it is a test gateway, never a real shop's (config refuses it in production without TEST_SHOP).
    allowList: (req: { params: unknown }) => providerOf(req) === "sandbox",
  };
  app.post("/ecom/pagamentos/webhook/:provider", { schema: { hide: true }, config: { rateLimit } }, async (req, reply) => {
    const name = (req.params as { provider: string }).provider;
    const provider = providers.get(name);
    if (!provider) {
      record.webhook("unknown", "refused");
      throw new HttpError(404, "not_found");
    }
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const query = Object.fromEntries(
      Object.entries((req.query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, typeof v === "string" ? v : undefined]),
    );
    const notification = provider.parseNotification(req.headers, raw, query);
    if (!notification) {
      record.webhook(name, "refused");
      throw new HttpError(401, "payment_signature_invalid");
    }
    let payload: unknown;
    try {
      payload = withoutSecrets(JSON.parse(raw.toString()));
    } catch {
      payload = withoutSecrets({ query });
    }
    let result;
    try {
      result = await payments.handleNotification(name, notification, payload);
    } catch (err) {
      // The gateway's own status read failed: answer an error so the gateway sends the notification again.
      record.webhook(name, "failed");
      if (err instanceof GatewayError) {
        req.log.warn({ err }, "payment notification: gateway status read failed");
        throw new HttpError(503, "service_unavailable");
      }
      throw err;
    }
    record.webhook(name, result);
    if (result === "unknown_payment") throw new HttpError(404, "payment_not_found");
    const answer = provider.acknowledge?.(notification, raw);
    // What the store did with it travels in a header too, for logs and tests: some gateways want a body of their own.
    return reply.header("x-payment-result", result).send(answer ?? { received: true, result });
  });
};

/**
 * Where a gateway whose return address is set once in its portal (Pagopar: `…/pagamento/retorno/pagopar/($hash)`)
 * sends the buyer back: on to the payment page of the order that reference belongs to.
 */
export const returnRoutes: FastifyPluginAsync<{ payments: PaymentService; config: Config }> = async (app, { payments, config }) => {
  app.get("/pagamento/retorno/:provider/:ref", { schema: { hide: true } }, async (req, reply) => {
    const { provider, ref } = req.params as { provider: string; ref: string };
    const externalId = hasControlCharacters(ref) || ref.length > 120 ? undefined : await payments.orderOf(provider, ref);
    if (!externalId) throw new HttpError(404, "payment_not_found");
    return reply.redirect(`${requestSite(config, req).origin}/checkout/payment?pedido=${externalId}`, 303);
  });
};

function page(locale: Locale, title: string, body: string) {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#0f172a;color:#0f172a;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:32px;max-width:420px;width:calc(100% - 32px)}h1{margin-top:0;color:#9a3412}
.amount{font-size:2rem;font-weight:700;margin:8px 0 24px}button,a.button{display:block;width:100%;padding:14px;border-radius:8px;border:0;font-size:1rem;font-weight:600;margin-top:12px;cursor:pointer;text-align:center;text-decoration:none}
.approve{background:#15803d;color:#fff}.decline{background:#e2e8f0;color:#0f172a}.note{color:#475569;font-size:.9rem}
.test{background:#fef3c7;color:#78350f;border:2px solid #b45309;border-radius:8px;padding:12px;font-weight:700;margin:0 0 16px}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The sandbox gateway's hosted page, where the buyer approves or declines. */
export const sandboxPageRoutes: FastifyPluginAsync<{ sandbox: SandboxGateway }> = async (app: FastifyInstance, { sandbox }) => {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get("/pagamento/sandbox/:ref", { schema: { hide: true } }, async (req, reply) => {
    const locale = requestLocale(req);
    const t = (k: ApiMessageKey) => escapeHtml(apiMessage(locale, k));
    const ref = (req.params as { ref: string }).ref;
    // A reference is the gateway's own token; one holding control characters (NUL) is none.
    const row = hasControlCharacters(ref) ? undefined : await sandbox.find(ref);
    if (!row) throw new HttpError(404, "payment_not_found");
    const status =
      row.status === "approved"
        ? `<p role="status">${t("sandbox_approved")}</p>`
        : row.status === "declined"
          ? `<p role="status">${t("sandbox_declined")}</p>`
          : row.status === "expired"
            ? `<p role="status">${t("sandbox_expired")}</p>`
            : "";
    const actions =
      row.status === "approved" || row.status === "expired"
        ? `<a class="button decline" href="${escapeHtml(row.return_url)}">${t("sandbox_back")}</a>`
        : `<form method="post"><button class="approve" name="decision" value="approve">${t("sandbox_approve")}</button>
<button class="decline" name="decision" value="decline">${t("sandbox_decline")}</button></form>`;
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(
        page(
          locale,
          t("sandbox_title"),
          `<p class="test" role="note">${t("sandbox_test_banner")}</p><h1>${t("sandbox_title")}</h1><p>${escapeHtml(row.descricao)}</p>
<p class="note">${t("sandbox_amount")}</p><p class="amount">${escapeHtml(formatPrice(row.valor, row.moeda_id))}</p>${status}${actions}
<p class="note">${t("sandbox_explain")}</p>`,
        ),
      );
  });

  app.post("/pagamento/sandbox/:ref", { schema: { hide: true }, config: { rateLimit: { max: 30, timeWindow: "1 minute" } } }, async (req, reply) => {
    const ref = (req.params as { ref: string }).ref;
    const decision = (req.body as { decision?: string } | undefined)?.decision;
    if (decision !== "approve" && decision !== "decline") throw new HttpError(422, "validation_failed", { errors: { decision: ["invalid"] } });
    const row = hasControlCharacters(ref) ? undefined : await sandbox.decide(ref, decision);
    if (!row) throw new HttpError(404, "payment_not_found");
    return reply.redirect(decision === "approve" ? row.return_url : `/pagamento/sandbox/${ref}`, 303);
  });
};
