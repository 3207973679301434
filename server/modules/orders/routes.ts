import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "#config/config.ts";
import { operationSchema as op } from "../../lib/operation.ts";
import { requestLocale } from "../../lib/request-locale.ts";
import { requestSite } from "../../lib/site.ts";
import { customerOf, type Auth } from "../../plugins/auth.ts";
import type { OrdersService } from "./service.ts";
import { renderTicket } from "./ticket.ts";

/** A customer's orders (spec §7): list in data.data, detail, payments, and the PDF ticket. */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; auth: Auth; config: Config }> = async (app, { orders, auth, config }) => {
  const tags = ["orders"];
  const security = [{ bearerAuth: [] }];
  const preHandler = auth.required;

  app.get("/ecom/venda/pedidos", { schema: op("GET /ecom/venda/pedidos", { tags, security }), preHandler }, async (req) => ({
    data: await orders.list(customerOf(req).id, req.query.page, req.query.per_page),
  }));

  app.get(
    "/ecom/venda/pedidos/:external_id",
    { schema: op("GET /ecom/venda/pedidos/{external_id}", { tags, security }), preHandler },
    async (req) => ({
      data: await orders.get(customerOf(req).id, req.params.external_id),
    }),
  );

  app.get(
    "/ecom/venda/pedidos/:external_id/buscar-pagamentos",
    { schema: op("GET /ecom/venda/pedidos/{external_id}/buscar-pagamentos", { tags, security }), preHandler },
    async (req) => {
      const order = await orders.get(customerOf(req).id, req.params.external_id);
      const { pedido, status, codigo_retirada, pagamentos, pago_apos_cancelamento } = order;
      return { pedido, status, codigo_retirada, pagamentos, pago_apos_cancelamento };
    },
  );

  app.get(
    "/ecom/venda/pedidos/:external_id/ticket.pdf",
    { schema: op("GET /ecom/venda/pedidos/{external_id}/ticket.pdf", { tags, security }), preHandler },
    async (req, reply) => {
      const order = await orders.get(customerOf(req).id, req.params.external_id);
      const pdf = await renderTicket(order, requestSite(config, req), requestLocale(req));
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="pedido-${order.pedido}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
};
