import { afterAll, describe, expect, it } from "vitest";
import { reachable, testRedisUrl, uniquePrefix } from "../../tests/support/redis.ts";
import { memoryLimiter, redisLimiter, type Limiter } from "./limiter.ts";
import { connectRedis } from "./redis.ts";
import { ACCOUNT_FREE_ATTEMPTS, createLoginGuard, PAIR_ATTEMPTS } from "./login-guard.ts";

const SECRET = "a-test-secret-of-at-least-32-characters!!";
const redisAvailable = await reachable(testRedisUrl);
const redis = redisAvailable ? connectRedis(testRedisUrl) : undefined;
const prefix = uniquePrefix("login-guard");
afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** What admit answers: "ok", or the message key of its refusal. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (err: { message?: string }) => err.message ?? "error",
  );

const variants: [string, () => Limiter, boolean][] = [
  ["in memory", () => memoryLimiter(), true],
  ["in Redis", () => redisLimiter(redis!, prefix), redisAvailable],
];

for (const [name, make, available] of variants) {
  describe.skipIf(!available)(`login guard ${name}`, () => {
    it("counts parallel attempts before any password check: only 5 from one address go through", async () => {
      const guard = createLoginGuard(make(), SECRET);
      const email = `paralelo-${name.length}-${Date.now()}@example.com`;
      const answers = await Promise.all(Array.from({ length: 12 }, () => outcome(guard.admit(email, { ip: "10.9.0.1" }, 7))));
      expect(answers.filter((a) => a === "ok")).toHaveLength(PAIR_ATTEMPTS);
      expect(answers.filter((a) => a === "account_locked")).toHaveLength(12 - PAIR_ATTEMPTS);
    });

    it("refuses one address without refusing another, and slows the account down instead of locking it", async () => {
      const guard = createLoginGuard(make(), SECRET);
      const email = `vitima-${name.length}-${Date.now()}@example.com`;
      for (let i = 0; i < PAIR_ATTEMPTS; i++) expect(await outcome(guard.admit(email, { ip: "10.9.1.1" }, 7))).toBe("ok");
      expect(await outcome(guard.admit(email, { ip: "10.9.1.1" }, 7))).toBe("account_locked");
      // Past the account's free attempts, the first attempt of each pause passes, the rest wait.
      expect(ACCOUNT_FREE_ATTEMPTS).toBe(PAIR_ATTEMPTS);
      expect(await outcome(guard.admit(email, { ip: "10.9.1.2" }, 7))).toBe("ok");
      expect(await outcome(guard.admit(email, { ip: "10.9.1.3" }, 7))).toBe("login_slow_down");
    });

    it("lets a device that logged in before skip the account's slowdown, and only for that account", async () => {
      const guard = createLoginGuard(make(), SECRET);
      const email = `dono-${name.length}-${Date.now()}@example.com`;
      const first = await guard.admit(email, { ip: "10.9.2.1" }, 7);
      const cookie = first.deviceCookie(7);
      await first.succeeded();
      for (let i = 0; i < 8; i++) await outcome(guard.admit(email, { ip: `10.9.3.${i}` }, 7));
      expect(await outcome(guard.admit(email, { ip: "10.9.2.50" }, 7))).toBe("login_slow_down");
      expect(await outcome(guard.admit(email, { ip: "10.9.2.50", device: cookie }, 7))).toBe("ok");
      // Another customer's cookie, or a forged one, is no known device.
      expect(await outcome(guard.admit(email, { ip: "10.9.2.51", device: first.deviceCookie(8) }, 7))).toBe("login_slow_down");
      expect(await outcome(guard.admit(email, { ip: "10.9.2.52", device: `${cookie}x` }, 7))).toBe("login_slow_down");
    });
  });
}
