import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationSchema as op } from "../../../lib/operation.ts";
import { requestLocale } from "../../../lib/request-locale.ts";
import { actorOf, memberOf, message, security, tags, type AdminContext } from "../context.ts";
import { createCounterDocuments } from "./documents.ts";
import { handOver } from "./handover.ts";
import { notifyFulfilment } from "../orders/notify.ts";
import { requestSite } from "../../../lib/site.ts";
import { findAtCounter } from "./lookup.ts";

/** The pickup counter: a pickup code, the buyer's document, the handover. */
export const counterRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, context) => {
  const documents = createCounterDocuments(context);

  app.get("/api/admin/counter/:codigo", { schema: op("GET /api/admin/counter/{codigo}", { tags, security }) }, async (request) => {
    const member = memberOf(request);
    return {
      data: await findAtCounter(context.db, request.params.codigo, requestLocale(request), (order, doc) => documents.link(member.id, order, doc)),
    };
  });

  app.get(
    "/api/admin/counter/:id/documento/:lado",
    { schema: op("GET /api/admin/counter/{id}/documento/{lado}", { tags, security }) },
    (request, reply) => documents.serve(request, reply, request.params, request.query.t),
  );

  app.post("/api/admin/counter/:id/handover", { schema: op("POST /api/admin/counter/{id}/handover", { tags, security }) }, async (request) => {
    const data = await handOver(context, { ...actorOf(request), name: memberOf(request).nome }, request.params.id, requestLocale(request));
    // After the commit: the customer's e-mail and its timeline line (a failed e-mail never undoes the handover).
    await notifyFulfilment(context, requestSite(context.config, request), data.id, "retirado", request.log);
    return { message: message(request, "counter_handed_over_now", { pedido: data.pedido }), data };
  });
};
