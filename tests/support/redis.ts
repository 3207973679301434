import { Redis } from "ioredis";
import { Socket } from "node:net";

/** The Redis the tests may use: TEST_REDIS_URL, else the machine's own (CI runs one on 127.0.0.1:6379). */
export const testRedisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

/** Whether something answers on a URL's host and port (a quick TCP connect, no protocol). */
export function reachable(url: string, timeoutMs = 500): Promise<boolean> {
  const { hostname, port, protocol } = new URL(url);
  const defaultPort = protocol.startsWith("redis") ? 6379 : 5432;
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("error", () => done(false));
    socket.connect(Number(port || defaultPort), hostname.replace(/^\[|\]$/g, ""), () => done(true));
  });
}

/** A key prefix of one's own, so test runs sharing a Redis never see each other's counters. */
export const uniquePrefix = (name: string) => `test:${name}:${process.pid}:${Math.random().toString(36).slice(2, 8)}:`;

/** Deletes every key under `prefix` (what a test run left in a shared Redis). */
export async function forgetPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
