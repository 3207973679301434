import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationSchema as op } from "../../../lib/operation.ts";
import { actorOf, message, security, tags, type AdminContext } from "../context.ts";
import { createShippingAdmin } from "./shipping-admin.ts";

/** Shipping services, rates per department and city, and pickup points. */
export const deliveryRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db, changed }) => {
  const shipping = createShippingAdmin({ db, changed });

  app.get("/api/admin/delivery/places", { schema: op("GET /api/admin/delivery/places", { tags, security }) }, async () => ({
    data: await shipping.places(),
  }));

  app.get("/api/admin/delivery/services", { schema: op("GET /api/admin/delivery/services", { tags, security }) }, async () => ({
    data: await shipping.services(),
  }));
  app.post("/api/admin/delivery/services", { schema: op("POST /api/admin/delivery/services", { tags, security }) }, async (request, reply) => {
    const data = await shipping.createService(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "shipping_service_created"), data });
  });
  app.put("/api/admin/delivery/services/:id", { schema: op("PUT /api/admin/delivery/services/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "shipping_service_saved"),
    data: await shipping.updateService(actorOf(request), request.params.id, request.body),
  }));

  app.get("/api/admin/delivery/rates", { schema: op("GET /api/admin/delivery/rates", { tags, security }) }, async (request) => ({
    data: await shipping.rates(request.query),
  }));
  app.post("/api/admin/delivery/rates", { schema: op("POST /api/admin/delivery/rates", { tags, security }) }, async (request, reply) => {
    const data = await shipping.createRate(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "shipping_rate_created"), data });
  });
  app.put("/api/admin/delivery/rates/:id", { schema: op("PUT /api/admin/delivery/rates/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "shipping_rate_saved"),
    data: await shipping.updateRate(actorOf(request), request.params.id, request.body),
  }));
  app.delete("/api/admin/delivery/rates/:id", { schema: op("DELETE /api/admin/delivery/rates/{id}", { tags, security }) }, async (request) => {
    await shipping.deleteRate(actorOf(request), request.params.id);
    return { message: message(request, "shipping_rate_deleted") };
  });

  app.get("/api/admin/delivery/points", { schema: op("GET /api/admin/delivery/points", { tags, security }) }, async () => ({
    data: await shipping.points(),
  }));
  app.post("/api/admin/delivery/points", { schema: op("POST /api/admin/delivery/points", { tags, security }) }, async (request, reply) => {
    const data = await shipping.createPoint(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "pickup_point_created"), data });
  });
  app.put("/api/admin/delivery/points/:id", { schema: op("PUT /api/admin/delivery/points/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "pickup_point_saved"),
    data: await shipping.updatePoint(actorOf(request), request.params.id, request.body),
  }));
};
