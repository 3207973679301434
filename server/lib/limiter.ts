/** Counts attempts per key in a fixed window (per account, where per-IP limits are not enough). */
export interface Limiter {
  /** Records one attempt and answers how many there were in the window, and when it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function memoryLimiter(): Limiter {
  const windows = new Map<string, { count: number; until: number }>();
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
  };
}
