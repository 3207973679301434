import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "#config/config.ts";
import { HttpError } from "../lib/errors.ts";
import { fromLoopback } from "../lib/loopback.ts";
import { createPageCache, type PageCache } from "../lib/page-cache.ts";

/** What the storefront keeps of the catalogue besides the in-memory index, and how a write clears it. */
export interface StorefrontCache {
  /** Guests' catalogue pages (docs/decisions/013), when the storefront is served and the cache is on. */
  pages?: PageCache;
  /** Every cached page and catalogue answer is forgotten: by this process, and through Redis by every process. */
  forget(): Promise<void>;
  /** Changes with every clear of this process or (through the page cache's generation) of another. */
  generation(): string;
  /** After a catalogue write: `forget`, a failure logged, never thrown at the writer whose change is already stored. */
  changed(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    storefront: StorefrontCache;
  }
}

/**
 * The storefront's caches as one piece: the page cache, the clear a back-office write asks for (so the
 * change is on every process's pages at once instead of within the caches' lifetimes) and
 * `npm run cache:clear`'s route. Needs the shared state (sharedStatePlugin) registered before it.
 */
export const storefrontCachePlugin = fp(async (app: FastifyInstance, { config, web }: { config: Config; web: boolean }) => {
  const { cache, redis, guard } = app.shared;
  const pages =
    web && config.pageCacheFreshSeconds > 0
      ? createPageCache({
          freshMs: config.pageCacheFreshSeconds * 1000,
          staleMs: config.pageCacheStaleSeconds * 1000,
          redis,
          guard,
          prefix: config.redisPrefix,
        })
      : undefined;
  let clears = 0;
  const forget = async () => {
    clears++;
    await Promise.all([pages?.clear(), cache.delete("")]);
  };
  app.decorate("storefront", {
    pages,
    forget,
    generation: () => `${clears}:${pages?.generation() ?? ""}`,
    changed: () => forget().catch((err: unknown) => app.log.error({ err }, "storefront caches not cleared after a back-office write")),
  });

  // `npm run cache:clear`: this process forgets its cached pages and catalogue answers (with Redis, every
  // process does, through the shared generation). This machine only, never through a proxy.
  app.post("/_cache/clear", { schema: { hide: true } }, async (request, reply) => {
    if (!fromLoopback(request)) throw new HttpError(404, "not_found");
    await forget();
    return reply.status(204).send();
  });
});
