import { afterAll, describe, expect, it } from "vitest";
import { reachable, testRedisUrl, uniquePrefix } from "../../tests/support/redis.ts";
import { redisCache } from "./cache.ts";
import { redisLimiter } from "./limiter.ts";
import { connectRedis } from "./redis.ts";

const available = await reachable(testRedisUrl);

describe.skipIf(!available)("Redis-backed cache and limiter", () => {
  const redis = connectRedis(testRedisUrl);
  const prefix = uniquePrefix("lib");
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it("keeps JSON values for their time to live, and forgets a prefix", async () => {
    const cache = redisCache(redis, prefix);
    await cache.set("start:pt:2:0", { banners: [{ id: 1, titulo: "Oferta" }], total: 3 }, 60_000);
    await cache.set("start:es:3:0", { total: 4 }, 60_000);
    await cache.set("count:[*]", 7, 60_000);
    await cache.set("short", "x", 30);
    expect(await cache.get("start:pt:2:0")).toEqual({ banners: [{ id: 1, titulo: "Oferta" }], total: 3 });
    expect(await cache.get<number>("count:[*]")).toBe(7);
    expect(await cache.get("missing")).toBeUndefined();
    const ttl = await redis.pttl(`${prefix}cache:start:pt:2:0`);
    expect(ttl).toBeGreaterThan(59_000);
    await new Promise((r) => setTimeout(r, 60));
    expect(await cache.get("short")).toBeUndefined();
    await cache.delete("start:");
    expect(await cache.get("start:pt:2:0")).toBeUndefined();
    expect(await cache.get("start:es:3:0")).toBeUndefined();
    expect(await cache.get("count:[*]")).toBe(7);
  });

  it("shares one cache between two connections (two processes)", async () => {
    const other = connectRedis(testRedisUrl);
    try {
      await redisCache(redis, prefix).set("rates", [{ tax: "7300.00" }], 60_000);
      expect(await redisCache(other, prefix).get("rates")).toEqual([{ tax: "7300.00" }]);
    } finally {
      await other.quit();
    }
  });

  it("misses instead of failing when Redis is gone", async () => {
    const errors: unknown[] = [];
    const dead = connectRedis("redis://127.0.0.1:1");
    dead.on("error", () => {});
    try {
      const cache = redisCache(dead, prefix, (err) => errors.push(err));
      await cache.set("k", 1, 1000);
      expect(await cache.get("k")).toBeUndefined();
      expect(errors.length).toBe(2);
    } finally {
      dead.disconnect();
    }
  });

  it("counts attempts in a window that starts with the first one, across connections", async () => {
    const a = redisLimiter(redis, prefix);
    const other = connectRedis(testRedisUrl);
    try {
      const b = redisLimiter(other, prefix);
      expect(await a.peek("login:ana@example.com")).toBe(0);
      expect((await a.hit("login:ana@example.com", 60_000)).count).toBe(1);
      const second = await b.hit("login:ana@example.com", 60_000);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(58_000);
      expect(second.resetInMs).toBeLessThanOrEqual(60_000);
      expect(await b.peek("login:ana@example.com")).toBe(2);
      await a.reset("login:ana@example.com");
      expect(await b.peek("login:ana@example.com")).toBe(0);
      await a.hit("brief", 30);
      await new Promise((r) => setTimeout(r, 60));
      expect(await a.peek("brief")).toBe(0);
    } finally {
      await other.quit();
    }
  });
});
