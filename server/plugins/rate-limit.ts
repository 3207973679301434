import type { FastifyInstance } from "fastify";
import fastifyRateLimit from "@fastify/rate-limit";
import fp from "fastify-plugin";
import { apiMessage } from "#contract/messages.ts";
import type { Config } from "#config/config.ts";
import { resilientRateLimitStore } from "../lib/rate-limit-store.ts";
import { requestLocale } from "../lib/request-locale.ts";

/**
 * Per-route request limits (routes opt in with `config.rateLimit`). In Redis every process counts one client's
 * requests together; while Redis is away each process counts its own. Needs sharedStatePlugin first.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const { redis, guard } = app.shared;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis && guard ? { store: resilientRateLimitStore(redis, `${config.redisPrefix}rl:`, guard), skipOnError: true } : {}),
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      message: apiMessage(requestLocale(request), "rate_limited", { seconds: Math.ceil(context.ttl / 1000) }),
    }),
  });
});
