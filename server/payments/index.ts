import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "#config/config.ts";
import type { Db } from "#db/client.ts";
import type { PaymentProvider } from "./provider.ts";
import { timedGateway } from "../observability/metrics-gateway.ts";
import { createProvider } from "./providers/index.ts";
import { createSandboxProvider } from "./providers/sandbox.ts";
import { returnRoutes, sandboxPageRoutes, webhookRoutes } from "./routes.ts";
import { createPaymentService, type PaymentService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Payment notifications and the reservation-expiry sweep (main.ts runs it on a timer). */
    payments: PaymentService;
    /** The gateways that are on, in PAYMENT_PROVIDERS' order (the order the checkout offers them in). */
    paymentProviders: Map<string, PaymentProvider>;
  }
}

/** The payment gateways (docs/decisions/014): their notifications, the sandbox's hosted page and the return from a gateway. */
export const paymentsPlugin = fp(async (app: FastifyInstance, { db, config }: { db: Db; config: Config }) => {
  // The sandbox gateway notifies through the full HTTP stack of this same app, signature and all.
  const sandbox = createSandboxProvider(db, {
    secret: config.sandboxSecret,
    origin: config.publicUrl,
    notify: async (url, body, signature) => {
      const res = await app.inject({
        method: "POST",
        url: new URL(url).pathname,
        headers: { "content-type": "application/json", "x-sandbox-signature": signature },
        payload: body,
      });
      if (res.statusCode >= 400) app.log.error({ status: res.statusCode, body: res.body }, "sandbox notification refused");
    },
  });
  const providers = new Map<string, PaymentProvider>(
    config.paymentProviders.map((name) => [name, timedGateway(createProvider(name, config, sandbox.provider))] as const),
  );
  const payments = createPaymentService(db, providers, app.log);
  app.decorate("payments", payments);
  app.decorate("paymentProviders", providers);
  await app.register(webhookRoutes, { providers, payments });
  // The sandbox's page marks any order paid for whoever holds its link: only where the sandbox is a gateway.
  if (providers.has("sandbox")) await app.register(sandboxPageRoutes, { sandbox });
  await app.register(returnRoutes, { payments, config });
});
