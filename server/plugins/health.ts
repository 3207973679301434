import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "#db/client.ts";
import type { Redis, RedisGuard } from "../lib/redis.ts";

const READY_TIMEOUT_MS = 2000;

/**
 * /healthz (the process answers) and /readyz (it should be sent traffic: not draining, the database answers;
 * Redis away only degrades it). Needs drainingPlugin and sharedStatePlugin registered first.
 */
export async function healthPlugin(app: FastifyInstance, { database }: { database: Database }) {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    if (app.draining) return reply.status(503).send({ status: "draining" });
    const checks = await readiness(database, app.shared.redis, app.shared.guard);
    const failed = Object.entries(checks)
      .filter(([, state]) => state === "failed")
      .map(([name]) => name);
    if (failed.length > 0) return reply.status(503).send({ status: "unavailable", failed, checks });
    // Without Redis the shop still sells (no shared cache, per-process limits): ready, and saying so.
    return { status: checks.redis === "degraded" ? "degraded" : "ok", checks };
  });
}

/** Whether the database and, when configured, Redis answer now ("degraded": Redis away, the shop sells without it). */
async function readiness(database: Database, redis: Redis | undefined, guard: RedisGuard | undefined) {
  const probe = async (check: () => Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([check(), timeout]);
      return "ok" as const;
    } catch {
      return "failed" as const;
    } finally {
      clearTimeout(timer);
    }
  };
  const [db, cache] = await Promise.all([
    probe(() => database.db.execute(sql`select 1`)),
    redis && guard
      ? guard
          .run(() => redis.ping())
          .then(
            () => "ok" as const,
            () => "degraded" as const,
          )
      : Promise.resolve("not configured" as const),
  ]);
  return { database: db, redis: cache };
}
