import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { formatPrice } from "#contract/money.ts";
import { operationSchema as op } from "../../../lib/operation.ts";
import { requestSite, siteFor } from "../../../lib/site.ts";
import { actorOf, memberOf, message, security, tags, type AdminContext } from "../context.ts";
import { createAdminRefunds, refundAnswer } from "./service.ts";

/** Refunds through the order's gateway, and the stock they give back. */
export const refundRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db, config, payments, mailer, changed }) => {
  const refunds = createAdminRefunds({ db, payments, mailer, changed });
  // A refund a gateway's notification settled (decision 037): the customer's e-mail and the caches, as for one made here.
  const publicUrl = new URL(config.publicUrl);
  payments.onRefundSettled((row) => refunds.afterMade(row.order_id, row, siteFor(config, publicUrl.host, publicUrl.protocol.replace(":", ""))));

  app.get("/api/admin/orders/:id/refunds", { schema: op("GET /api/admin/orders/{id}/refunds", { tags, security }) }, async (request) => ({
    data: await refunds.refundable(request.params.id),
  }));

  app.post("/api/admin/orders/:id/refunds", { schema: op("POST /api/admin/orders/{id}/refunds", { tags, security }) }, async (request) => {
    const member = memberOf(request);
    const row = await refunds.refund(
      actorOf(request),
      { staffId: member.id, name: member.nome },
      request.params.id,
      request.body,
      requestSite(config, request),
    );
    const valor = formatPrice(row.valor, row.moeda_id);
    const key = row.status === "feito" ? "refund_done" : row.status === "pendente" ? "refund_gateway_pending" : "refund_outside";
    return { message: message(request, key, { valor }), data: refundAnswer(row) };
  });

  app.post(
    "/api/admin/orders/:id/refunds/:refundId/check",
    { schema: op("POST /api/admin/orders/{id}/refunds/{refundId}/check", { tags, security }) },
    async (request) => {
      const member = memberOf(request);
      const row = await refunds.recheck(
        actorOf(request),
        { staffId: member.id, name: member.nome },
        request.params.id,
        request.params.refundId,
        requestSite(config, request),
      );
      const valor = formatPrice(row.valor, row.moeda_id);
      const key =
        row.status === "pendente"
          ? "refund_still_pending"
          : row.status === "recusado"
            ? "refund_check_refused"
            : row.status === "feito"
              ? "refund_done"
              : "refund_outside";
      return { message: message(request, key, { valor }), data: refundAnswer(row) };
    },
  );

  app.post(
    "/api/admin/orders/:id/refunds/:refundId/settle",
    { schema: op("POST /api/admin/orders/{id}/refunds/{refundId}/settle", { tags, security }) },
    async (request) => {
      const member = memberOf(request);
      const row = await refunds.settleByHand(
        actorOf(request),
        { staffId: member.id, name: member.nome },
        request.params.id,
        request.params.refundId,
        request.body,
        requestSite(config, request),
      );
      const valor = formatPrice(row.valor, row.moeda_id);
      return {
        message: message(request, row.status === "recusado" ? "refund_settled_failed" : "refund_settled_done", { valor }),
        data: refundAnswer(row),
      };
    },
  );
};
