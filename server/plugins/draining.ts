import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Begins a shutdown: /readyz answers 503 and every answer from now on closes its connection. */
    drain(): void;
    /** Whether a shutdown has begun (drain() or close()). */
    readonly draining: boolean;
  }
}

/** While draining, answers tell the client not to reuse the connection, so the server can close once they are sent. */
export const drainingPlugin = fp(async (app: FastifyInstance) => {
  let draining = false;
  app.decorate("drain", () => {
    draining = true;
  });
  app.decorate("draining", { getter: () => draining });
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (draining) reply.header("connection", "close");
  });
});
