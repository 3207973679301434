import { Redis } from "ioredis";

export type { Redis };

/**
 * One Redis connection for a process's shared state. A command fails after a second instead of
 * waiting for a lost server, so callers can fall back (caches) or answer 503 (/readyz).
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    // Reconnect forever, a little slower each time, so a Redis restart heals without the process restarting.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
}

/** Redis glob characters in a literal key prefix, escaped for SCAN MATCH. */
export const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, "\\$&");
