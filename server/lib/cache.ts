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
