import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationSchema as op } from "../../../lib/operation.ts";
import { actorOf, message, security, tags, type AdminContext } from "../context.ts";
import { createAdminFaq } from "./faq.ts";
import { createPageTexts } from "./texts.ts";

/** The FAQ, how-to-buy and about texts in both languages. */
export const pagesRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db, changed }) => {
  const faq = createAdminFaq({ db, changed });
  const texts = createPageTexts({ db, changed });

  app.get("/api/admin/faq", { schema: op("GET /api/admin/faq", { tags, security }) }, async () => ({ data: await faq.list() }));
  app.post("/api/admin/faq", { schema: op("POST /api/admin/faq", { tags, security }) }, async (request, reply) => {
    const data = await faq.create(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "faq_created"), data });
  });
  app.put("/api/admin/faq/:id", { schema: op("PUT /api/admin/faq/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "faq_saved"),
    data: await faq.update(actorOf(request), request.params.id, request.body),
  }));
  app.delete("/api/admin/faq/:id", { schema: op("DELETE /api/admin/faq/{id}", { tags, security }) }, async (request) => {
    await faq.remove(actorOf(request), request.params.id);
    return { message: message(request, "faq_deleted") };
  });

  app.get("/api/admin/page-texts/:page", { schema: op("GET /api/admin/page-texts/{page}", { tags, security }) }, async (request) => ({
    data: await texts.read(request.params.page),
  }));
  app.put("/api/admin/page-texts/:page", { schema: op("PUT /api/admin/page-texts/{page}", { tags, security }) }, async (request) => ({
    message: message(request, "page_texts_saved"),
    data: await texts.save(actorOf(request), request.params.page, request.body),
  }));
};
