import type { FastifyReply } from "fastify";
import { eq } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { orders } from "#db/schema/index.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../../lib/errors.ts";
import { operationSchema as op } from "../../../lib/operation.ts";
import { recordOrderEvent } from "../../orders/timeline.ts";
import { audited } from "../audit.ts";
import { actorOf, memberOf, message, security, tags, type AdminContext } from "../context.ts";
import { cancelUnpaid } from "./cancel.ts";
import { orderDetail } from "./detail.ts";
import { listOrders, ordersCsv } from "./list.ts";
import { authorOf, moveAndNotify } from "./notify.ts";

/** What counter staff may do to an order: get it ready for pickup and hand it over, nothing else. */
const COUNTER_MOVES: readonly string[] = ["pronto_retirada", "retirado"];

/** The orders: list, CSV, detail with its timeline, notes, fulfilment and cancellation. */
export const ordersRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, ctx) => {
  const { db } = ctx;

  app.get("/api/admin/orders", { schema: op("GET /api/admin/orders", { tags, security }) }, (request) => listOrders(db, request.query));

  app.get("/api/admin/orders.csv", { schema: op("GET /api/admin/orders.csv", { tags, security }) }, async (request, typedReply) => {
    // The file streams, which the serializer never sees.
    const reply = typedReply as unknown as FastifyReply;
    const day = new Date().toISOString().slice(0, 10);
    void reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="pedidos-${day}.csv"`)
      .header("cache-control", "no-store")
      .send(ordersCsv(db, request.query, request.log));
    return typedReply;
  });

  app.get("/api/admin/orders/:id", { schema: op("GET /api/admin/orders/{id}", { tags, security }) }, async (request) => ({
    data: await orderDetail(db, request.params.id),
  }));

  app.post("/api/admin/orders/:id/notes", { schema: op("POST /api/admin/orders/{id}/notes", { tags, security }) }, async (request, reply) => {
    const { id } = request.params;
    await db.transaction(async (tx) => {
      await lockOrder(tx, id);
      await recordOrderEvent(tx, id, "nota", authorOf(request), { texto: request.body.texto });
      await audited(tx, actorOf(request), { acao: "nota", entidade: "pedido", entidade_id: id, depois: { texto: request.body.texto } });
    });
    return reply.status(201).send({ message: message(request, "order_note_added"), data: await orderDetail(db, id) });
  });

  app.post("/api/admin/orders/:id/fulfilment", { schema: op("POST /api/admin/orders/{id}/fulfilment", { tags, security }) }, async (request) => {
    const { status, transportadora, codigo_rastreio } = request.body;
    if (memberOf(request).papel === "counter" && !COUNTER_MOVES.includes(status)) throw new HttpError(403, "fulfilment_counter_only");
    await moveAndNotify(ctx, request, request.params.id, status, {
      shipment: status === "enviado" ? { transportadora: transportadora!, codigo_rastreio: codigo_rastreio! } : undefined,
    });
    return { message: message(request, "order_fulfilment_saved"), data: await orderDetail(db, request.params.id) };
  });

  app.post("/api/admin/orders/:id/cancel", { schema: op("POST /api/admin/orders/{id}/cancel", { tags, security }) }, async (request) => {
    await cancelUnpaid(ctx, request, request.params.id, request.body.motivo);
    return { message: message(request, "order_cancelled"), data: await orderDetail(db, request.params.id) };
  });
};

/** A note on an order that does not exist is a 404, not a foreign-key failure. */
async function lockOrder(tx: Tx, id: number) {
  const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for("update");
  if (!row) throw new HttpError(404, "not_found");
}
