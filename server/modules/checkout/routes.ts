import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiLang } from "#contract/locale.ts";
import type { Config } from "#config/config.ts";
import { HttpError } from "../../lib/errors.ts";
import { operationSchema as op } from "../../lib/operation.ts";
import { requestLocale } from "../../lib/request-locale.ts";
import { requestSite } from "../../lib/site.ts";
import { customerOf, type Auth } from "../../plugins/auth.ts";
import type { OrdersService } from "../orders/service.ts";
import type { CheckoutService } from "./service.ts";

/** `POST /ecom/venda/carrinho/{external_id}/iniciar-checkout` (spec §7). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: CheckoutService; orders: OrdersService; auth: Auth; config: Config }> = async (
  app,
  { checkout, orders, auth, config },
) => {
  app.post(
    "/ecom/venda/carrinho/:external_id/iniciar-checkout",
    {
      schema: op("POST /ecom/venda/carrinho/{external_id}/iniciar-checkout", { tags: ["checkout"], security: [{ bearerAuth: [] }] }),
      preHandler: auth.required,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (req) => {
      const { orderId, link } = await checkout.start(
        req.params.external_id,
        customerOf(req).id,
        req.body,
        // The gateway sends the shopper back to the store host they are using.
        requestSite(config, req).origin,
        apiLang(requestLocale(req)),
        req.ip,
      );
      return { link_pagamento: [link], pedido: await orders.byId(orderId) };
    },
  );

  // "Pay now" (the order page, the payment status page): the order's payment page, a new charge after a
  // decline where the gateway needs one. A page link, so every answer is a redirect: to the gateway, or
  // back to the order, which says where it stands (paid, cancelled, not this customer's).
  app.get(
    "/ecom/venda/pedidos/:external_id/pagar",
    { schema: op("GET /ecom/venda/pedidos/{external_id}/pagar", { tags: ["checkout"], security: [{ bearerAuth: [] }] }), preHandler: auth.required },
    async (req, reply) => {
      const orderPage = `/pedido/${req.params.external_id}`;
      let link: string | null;
      try {
        link = await checkout.payLink(customerOf(req).id, req.params.external_id, requestSite(config, req).origin);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        req.log.warn({ err, order: req.params.external_id }, "pay now failed");
        link = null;
      }
      return reply.header("cache-control", "no-store").redirect(link ?? orderPage, 303);
    },
  );

  // Step 1's list: the ways this customer may pay (their audience's currency, the gateways that are on).
  app.get(
    "/ecom/pagamentos/meios",
    { schema: op("GET /ecom/pagamentos/meios", { tags: ["checkout"], security: [{ bearerAuth: [] }] }), preHandler: auth.required },
    async (req) => checkout.options(customerOf(req).id),
  );
};
