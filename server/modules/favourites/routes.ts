import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiMessage } from "#contract/messages.ts";
import { operationSchema as op } from "../../lib/operation.ts";
import { requestLocale } from "../../lib/request-locale.ts";
import { customerOf, type Auth } from "../../plugins/auth.ts";
import type { FavouritesService } from "./service.ts";

/** Server-side favourites of a logged-in customer (spec §7). */
export const favouritesRoutes: FastifyPluginAsyncZod<{ favourites: FavouritesService; auth: Auth }> = async (app, { favourites, auth }) => {
  const tags = ["favourites"];
  const security = [{ bearerAuth: [] }];

  app.post("/ecom/favoritos", { schema: op("POST /ecom/favoritos", { tags, security }), preHandler: auth.required }, async (req, reply) => {
    const data = await favourites.add(customerOf(req).id, req.body.produto_id);
    return reply.status(201).send({ message: apiMessage(requestLocale(req), "favourite_added"), data });
  });

  app.get("/ecom/favoritos", { schema: op("GET /ecom/favoritos", { tags, security }), preHandler: auth.required }, async (req) => ({
    data: await favourites.list(customerOf(req).id, req.query.lang, req.query.moeda_id),
  }));

  app.delete("/ecom/favoritos/:id", { schema: op("DELETE /ecom/favoritos/{id}", { tags, security }), preHandler: auth.required }, async (req) => {
    await favourites.remove(customerOf(req).id, req.params.id);
    return { message: apiMessage(requestLocale(req), "favourite_removed") };
  });
};
