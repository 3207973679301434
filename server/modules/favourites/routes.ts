import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FavouriteBodySchema, IdParamSchema } from "#contract/api/accounts.ts";
import { intSchema, textSchema } from "#contract/api/common.ts";
import { apiMessage } from "#contract/messages.ts";
import { requestLocale } from "../../lib/request-locale.ts";
import { customerOf, type Auth } from "../../plugins/auth.ts";
import type { FavouritesService } from "./service.ts";

const ListQuerySchema = z.object({
  lang: textSchema().max(8).optional().transform((v) => (v?.toLowerCase().startsWith("es") ? ("es" as const) : ("pt" as const))),
  moeda_id: intSchema(1, 4).default(2),
});

/** Server-side favourites of a logged-in customer (spec §7). */
export const favouritesRoutes: FastifyPluginAsyncZod<{ favourites: FavouritesService; auth: Auth }> = async (
  app,
  { favourites, auth },
) => {
  const tags = ["favourites"];
  const security = [{ bearerAuth: [] }];

  app.post("/ecom/favoritos", { schema: { tags, security, body: FavouriteBodySchema }, preHandler: auth.required }, async (req, reply) => {
    const data = await favourites.add(customerOf(req).id, req.body.produto_id);
    return reply.status(201).send({ message: apiMessage(requestLocale(req), "favourite_added"), data });
  });

  app.get("/ecom/favoritos", { schema: { tags, security, querystring: ListQuerySchema }, preHandler: auth.required }, async (req) => ({
    data: await favourites.list(customerOf(req).id, req.query.lang, req.query.moeda_id),
  }));

  app.delete("/ecom/favoritos/:id", { schema: { tags, security, params: IdParamSchema }, preHandler: auth.required }, async (req) => {
    await favourites.remove(customerOf(req).id, req.params.id);
    return { message: apiMessage(requestLocale(req), "favourite_removed") };
  });
};
