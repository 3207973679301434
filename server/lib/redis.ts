import { Redis } from "ioredis";
import { record } from "../observability/metrics.ts";

export type { Redis };

/** How long a command may wait for Redis before the caller falls back (cache miss, per-process counter). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** During an outage, how often one call is let through to see whether Redis is back. */
export const REDIS_RETRY_MS = 2000;

/**
 * One Redis connection for a process's shared state. Redis holds nothing a sale needs (caches and
 * counters), so a command never waits long: it fails after half a second, and while the connection is
 * down it fails at once instead of queueing (no offline queue once the first connection was made), and
 * the caller falls back.
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    autoResendUnfulfilledCommands: false,
    // Reconnect forever, a little slower each time, so a Redis restart heals without the process restarting.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // Commands sent while the process starts wait for the first connection; after it, none waits for a lost one.
  redis.once("ready", () => {
    redis.options.enableOfflineQueue = false;
  });
  return redis;
}

/** Redis glob characters in a literal key prefix, escaped for SCAN MATCH. */
export const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, "\\$&");

/** Thrown instead of calling Redis while it is known to be out of reach. */
export class RedisUnavailableError extends Error {
  constructor() {
    super("Redis unavailable (bypassed)");
  }
}

interface GuardLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * A circuit breaker around one Redis connection. After a failure every call is refused at once (the
 * caller falls back) except one trial call every `retryMs`; a call that succeeds, or the connection
 * becoming ready again, closes the circuit. The log gets one line when an outage starts and one when it
 * ends, however many requests fell back in between.
 */
export interface RedisGuard {
  run<T>(command: () => Promise<T>): Promise<T>;
  /** "ok", or "degraded" while Redis is out of reach. */
  state(): "ok" | "degraded";
  /** The app is closing the connection on purpose: no outage to report. */
  close(): void;
}

export const unguarded: RedisGuard = { run: (command) => command(), state: () => "ok", close: () => {} };

export function guardRedis(redis: Redis, log: GuardLog, retryMs = REDIS_RETRY_MS): RedisGuard {
  let down = false;
  let retryAt = 0;
  let since = 0;
  let closed = false;
  const fail = (err: unknown) => {
    retryAt = Date.now() + retryMs;
    if (down || closed) return;
    down = true;
    since = Date.now();
    record.circuit("redis", true);
    log.warn({ err: err instanceof Error ? { message: err.message } : err }, "redis unavailable: caching bypassed, rate limits counted per process");
  };
  const recover = () => {
    if (!down) return;
    down = false;
    record.circuit("redis", false);
    log.info({ outageMs: Date.now() - since }, "redis available again");
  };
  record.circuit("redis", false);
  redis.on("error", fail);
  redis.on("close", () => fail(new Error("connection closed")));
  redis.on("ready", recover);
  return {
    async run(command) {
      const now = Date.now();
      if (down && now < retryAt) throw new RedisUnavailableError();
      // One trial at a time: the next one waits for another retry period.
      if (down) retryAt = now + retryMs;
      try {
        const result = await command();
        recover();
        return result;
      } catch (err) {
        fail(err);
        throw err;
      }
    },
    state: () => (down ? "degraded" : "ok"),
    close: () => {
      closed = true;
    },
  };
}
