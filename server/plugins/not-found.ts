import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { apiMessage } from "#contract/messages.ts";
import { requestLocale } from "../lib/request-locale.ts";

/** The API's 404: JSON in the visitor's language. Fastify's own logs the whole URL (a reset link's token with it). */
const notFound = async (request: FastifyRequest, reply: FastifyReply) =>
  reply.status(404).send({ message: apiMessage(requestLocale(request), "not_found") });

/** Unknown paths answer the API's 404; so do unknown API paths when the storefront (whose 404 is a page) is served too. */
export const notFoundPlugin = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler(notFound);
  app.all("/api/*", { schema: { hide: true } }, notFound);
  app.all("/ecom/*", { schema: { hide: true } }, notFound);
});
