import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "#config/config.ts";
import { memoryCache, redisCache, type Cache } from "../lib/cache.ts";
import { fallbackLimiter, memoryLimiter, redisLimiter, type Limiter } from "../lib/limiter.ts";
import { connectRedis, guardRedis, type Redis, type RedisGuard } from "../lib/redis.ts";

/** What several processes share through Redis, or what one process keeps in memory without it. */
export interface SharedState {
  /** The Redis connection, when one is configured or given. */
  redis?: Redis;
  /** Runs Redis commands while Redis answers, and logs an outage once when it starts and once when it ends. */
  guard?: RedisGuard;
  cache: Cache;
  limiter: Limiter;
}

declare module "fastify" {
  interface FastifyInstance {
    shared: SharedState;
  }
}

export interface SharedStateOptions {
  config: Config;
  /** A connection of the caller's (kept open); without it one to `config.redisUrl` is made and closed with the app. */
  redis?: Redis;
  cache?: Cache;
  limiter?: Limiter;
}

/**
 * Redis, the cache and the rate-limit counters. Redis holds nothing a sale needs: while it is away the cache is
 * bypassed and limits count per process.
 */
export const sharedStatePlugin = fp(async (app: FastifyInstance, options: SharedStateOptions) => {
  const { config } = options;
  const ownRedis = !options.redis && config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  const redis = options.redis ?? ownRedis;
  const guard = redis ? guardRedis(redis, app.log) : undefined;
  if (ownRedis) {
    app.addHook("onClose", async () => {
      guard?.close();
      await ownRedis.quit().catch(() => ownRedis.disconnect());
    });
  }
  const cache = options.cache ?? (redis && guard ? redisCache(redis, config.redisPrefix, () => {}, guard) : memoryCache());
  const limiter =
    options.limiter ?? (redis && guard ? fallbackLimiter(redisLimiter(redis, config.redisPrefix, guard), memoryLimiter()) : memoryLimiter());
  app.decorate("shared", { redis, guard, cache, limiter });
});
