import { loadConfigOrExit } from "#config/config.ts";
import { redisCache } from "./lib/cache.ts";
import { createPageCache } from "./lib/page-cache.ts";
import { connectRedis } from "./lib/redis.ts";

/**
 *   npm run cache:clear
 * Forgets every cached page and catalogue answer now, instead of within their lifetimes
 * (docs/decisions/013): with REDIS_URL in the shared Redis, which every process reads (each drops its
 * own copies within a second); and in the server on this machine's PORT, which holds them in memory.
 */
const config = loadConfigOrExit();
const done: string[] = [];
if (config.redisUrl) {
  const redis = connectRedis(config.redisUrl);
  try {
    await createPageCache({ freshMs: 1, staleMs: 0, redis, prefix: config.redisPrefix }).clear();
    await redisCache(redis, config.redisPrefix, (err) => {
      throw err;
    }).delete("");
    done.push(`Redis ${config.redisPrefix}`);
  } catch (err) {
    console.error(`Redis: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  } finally {
    redis.disconnect();
  }
}
const local = `http://127.0.0.1:${config.port}/_cache/clear`;
try {
  const res = await fetch(local, { method: "POST", signal: AbortSignal.timeout(5000) });
  if (res.status === 204) done.push(`the server on port ${config.port}`);
  else console.error(`${local} answered ${res.status}`);
} catch {
  if (!config.redisUrl) console.log(`No server answers on port ${config.port}: nothing held in memory to clear.`);
}
if (done.length > 0) console.log(`Caches cleared: ${done.join(", ")}.`);
