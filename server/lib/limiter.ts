import { unguarded, type Redis, type RedisGuard } from "./redis.ts";

/** Counts attempts per key in a fixed window (per account, where per-IP limits are not enough). */
export interface Limiter {
  /** Records one attempt and answers how many there were in the window, and when it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

const SWEEP_EVERY_MS = 60_000;

/** Windows in this process's memory; ended windows are swept out, so guessing at many keys cannot fill it. */
export function memoryLimiter(): Limiter & { size(): number } {
  const windows = new Map<string, { count: number; until: number }>();
  let nextSweep = Date.now() + SWEEP_EVERY_MS;
  const sweep = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, w] of windows) if (w.until <= now) windows.delete(key);
  };
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.until <= Date.now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowMs) {
      sweep(Date.now());
      const w = live(key) ?? { count: 0, until: Date.now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return { count: w.count, resetInMs: w.until - Date.now() };
    },
    async peek(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    size: () => windows.size,
  };
}

// The window starts with the first hit of a key; INCR and PEXPIRE run as one step so no counter lives forever.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** The same windows in Redis, so every process counts one account's attempts together. */
export function redisLimiter(redis: Redis, namespace: string, guard: RedisGuard = unguarded): Limiter {
  const full = (key: string) => `${namespace}limit:${key}`;
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await guard.run(() => redis.eval(HIT, 1, full(key), Math.max(1, Math.round(windowMs))))) as [number, number];
      return { count, resetInMs: ttl };
    },
    async peek(key) {
      return Number((await guard.run(() => redis.get(full(key)))) ?? 0);
    },
    async reset(key) {
      await guard.run(() => redis.del(full(key)));
    },
  };
}

/**
 * The shared counters while they answer, and this process's own while they do not (Redis away): a limit
 * then counts per process for the outage instead of failing the request.
 */
export function fallbackLimiter(shared: Limiter, local: Limiter): Limiter {
  const either = async <R>(call: (l: Limiter) => Promise<R>): Promise<R> => {
    try {
      return await call(shared);
    } catch {
      return call(local);
    }
  };
  return {
    hit: (key, windowMs) => either((l) => l.hit(key, windowMs)),
    peek: (key) => either((l) => l.peek(key)),
    reset: (key) => either((l) => l.reset(key)),
  };
}
