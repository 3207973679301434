import path from "node:path";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MAX_IMAGE_BYTES } from "#contract/product-images.ts";
import { readMultipart } from "../../../lib/multipart.ts";
import { operationSchema as op } from "../../../lib/operation.ts";
import { actorOf, message, security, tags, type AdminContext } from "../context.ts";
import { createAdminBanners } from "./banners.ts";
import { createAdminSellers } from "./sellers.ts";
import { createSignups } from "./signups.ts";

/** One image of up to 10 MB in `field`: one byte more marks the file truncated, refused with the size message. */
const oneImage = (field: string) => ({ fileSize: MAX_IMAGE_BYTES + 1, files: 1, fields: 5, fileFields: [field] });

/** Banners, the sales team and the offers sign-ups (docs/decisions/032). */
export const contentRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db, config, changed }) => {
  const mediaDir = path.join(config.dataDir, "media");
  const banners = createAdminBanners({ db, mediaDir, changed });
  const sellers = createAdminSellers({ db, mediaDir, changed });
  const signups = createSignups(db, app.log);

  app.get("/api/admin/banners", { schema: op("GET /api/admin/banners", { tags, security }) }, async () => ({ data: await banners.list() }));
  app.post("/api/admin/banners", { schema: op("POST /api/admin/banners", { tags, security }) }, async (request, reply) => {
    const data = await banners.create(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "banner_created"), data });
  });
  app.put("/api/admin/banners/:id", { schema: op("PUT /api/admin/banners/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "banner_saved"),
    data: await banners.update(actorOf(request), request.params.id, request.body),
  }));
  app.delete("/api/admin/banners/:id", { schema: op("DELETE /api/admin/banners/{id}", { tags, security }) }, async (request) => {
    await banners.remove(actorOf(request), request.params.id);
    return { message: message(request, "banner_deleted") };
  });
  app.post("/api/admin/banners/:id/image", { schema: op("POST /api/admin/banners/{id}/image", { tags, security }) }, async (request) => {
    const { files } = await readMultipart(request, oneImage("imagem"));
    return { message: message(request, "banner_image_saved"), data: await banners.setImage(actorOf(request), request.params.id, files[0]) };
  });

  app.get("/api/admin/sellers", { schema: op("GET /api/admin/sellers", { tags, security }) }, async () => ({ data: await sellers.list() }));
  app.post("/api/admin/sellers", { schema: op("POST /api/admin/sellers", { tags, security }) }, async (request, reply) => {
    const data = await sellers.create(actorOf(request), request.body);
    return reply.status(201).send({ message: message(request, "seller_created"), data });
  });
  app.put("/api/admin/sellers/:id", { schema: op("PUT /api/admin/sellers/{id}", { tags, security }) }, async (request) => ({
    message: message(request, "seller_saved"),
    data: await sellers.update(actorOf(request), request.params.id, request.body),
  }));
  app.delete("/api/admin/sellers/:id", { schema: op("DELETE /api/admin/sellers/{id}", { tags, security }) }, async (request) => {
    await sellers.remove(actorOf(request), request.params.id);
    return { message: message(request, "seller_deleted") };
  });
  app.post("/api/admin/sellers/:id/photo", { schema: op("POST /api/admin/sellers/{id}/photo", { tags, security }) }, async (request) => {
    const { files } = await readMultipart(request, oneImage("foto"));
    return { message: message(request, "seller_photo_saved"), data: await sellers.setPhoto(actorOf(request), request.params.id, files[0]) };
  });
  app.delete("/api/admin/sellers/:id/photo", { schema: op("DELETE /api/admin/sellers/{id}/photo", { tags, security }) }, async (request) => ({
    message: message(request, "seller_photo_removed"),
    data: await sellers.removePhoto(actorOf(request), request.params.id),
  }));

  app.get("/api/admin/signups", { schema: op("GET /api/admin/signups", { tags, security }) }, (request) => signups.page(request.query.page));
  app.get("/api/admin/signups/export", { schema: op("GET /api/admin/signups/export", { tags, security }) }, async (_request, typedReply) => {
    // The file streams, which the serializer never sees.
    const reply = typedReply as unknown as FastifyReply;
    const day = new Date().toISOString().slice(0, 10);
    void reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="contatos-ofertas-${day}.csv"`)
      .header("cache-control", "no-store")
      .send(signups.exportCsv());
    return typedReply;
  });
};
