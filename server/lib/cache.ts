import { escapeGlob, unguarded, type Redis, type RedisGuard } from "./redis.ts";

/** A small TTL cache; REDIS_URL swaps in a shared implementation with the same interface. */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  delete(prefix: string): Promise<void>;
}

export function memoryCache(maxEntries = 2000): Cache {
  const entries = new Map<string, { value: unknown; expires: number }>();
  return {
    async get<T>(key: string) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value as T;
    },
    async set(key, value, ttlMs) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expires: Date.now() + ttlMs });
    },
    async delete(prefix) {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}

/**
 * The cache every process shares, as JSON under `namespace`. It only saves work: when Redis
 * fails, a read misses and a write is dropped, and the caller asks the database. Through a `guard`
 * (app.ts) it does not even ask while Redis is known to be away.
 */
export function redisCache(redis: Redis, namespace: string, onError: (err: unknown) => void = () => {}, guard: RedisGuard = unguarded): Cache {
  const full = (key: string) => `${namespace}cache:${key}`;
  return {
    async get<T>(key: string) {
      try {
        const text = await guard.run(() => redis.get(full(key)));
        return text === null ? undefined : (JSON.parse(text) as T);
      } catch (err) {
        onError(err);
        return undefined;
      }
    },
    async set(key, value, ttlMs) {
      try {
        await guard.run(() => redis.set(full(key), JSON.stringify(value), "PX", Math.max(1, Math.round(ttlMs))));
      } catch (err) {
        onError(err);
      }
    },
    async delete(prefix) {
      try {
        let cursor = "0";
        do {
          const [next, keys] = await guard.run(() => redis.scan(cursor, "MATCH", `${escapeGlob(full(prefix))}*`, "COUNT", 500));
          if (keys.length > 0) await guard.run(() => redis.unlink(...keys));
          cursor = next;
        } while (cursor !== "0");
      } catch (err) {
        onError(err);
      }
    },
  };
}
