import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { formatPrice } from "#contract/money.ts";
import { operationSchema as op } from "../../../lib/operation.ts";
import { requestSite } from "../../../lib/site.ts";
import { actorOf, memberOf, message, security, tags, type AdminContext } from "../context.ts";
import { createAdminRefunds, refundAnswer } from "./service.ts";

/** Refunds through the order's gateway, and the stock they give back. */
export const refundRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db, config, payments, mailer, changed }) => {
  const refunds = createAdminRefunds({ db, payments, mailer, changed });

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
    return { message: message(request, row.status === "feito" ? "refund_done" : "refund_outside", { valor }), data: refundAnswer(row) };
  });
};
