import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../lib/errors.ts";
import { wellFormedHost } from "../lib/site.ts";

/** An incoming X-Request-Id (from a load balancer) is kept when it looks like an id; otherwise a new one. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && /^[\w.:@-]{1,128}$/.test(incoming) ? incoming : crypto.randomUUID();
}

/** Every answer names its request's id (see requestId); a Host that names no host at all is refused first. */
export const requestsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // "a b" or "store:@evil.example" names no host at all: a plain 400, before any page or link is built.
  app.addHook("onRequest", async (request) => {
    if (!wellFormedHost(request.headers.host)) throw new HttpError(400, "bad_request");
  });
});
