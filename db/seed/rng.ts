/**
 * Deterministic pseudo-random numbers. Every product draws from its own stream keyed by its index,
 * so product n is the same whether the catalogue is seeded in one go or grown later from n.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

const SEED = 0x5eed_2025;

function hash32(n: number): number {
  // A murmur3-style finaliser spreads neighbouring indexes far apart.
  let h = n ^ SEED;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export function rngFor(stream: number, salt = 0): Rng {
  let state = hash32(Math.imul(stream + 1, 0x9e3779b1) ^ hash32(salt));
  // mulberry32: tiny, fast and good enough for demo data.
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (p) => next() < p,
  };
}

/** Picks by weight; weights need not sum to 1. */
export function pickWeighted<T>(rng: Rng, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let r = rng.next() * total;
  for (const item of items) {
    r -= weight(item);
    if (r < 0) return item;
  }
  return items[items.length - 1] as T;
}

/**
 * A repeating schedule where each key appears `weight` times per cycle, spread evenly
 * (smooth weighted round-robin), so even a 60-product catalogue touches every category.
 */
export function weightedCycle<K>(entries: readonly { key: K; weight: number }[]): K[] {
  const current = entries.map(() => 0);
  const total = entries.reduce((sum, e) => sum + e.weight, 0);
  const cycle: K[] = [];
  for (let step = 0; step < total; step++) {
    let best = 0;
    entries.forEach((e, i) => {
      current[i] = (current[i] as number) + e.weight;
      if ((current[i] as number) > (current[best] as number)) best = i;
    });
    current[best] = (current[best] as number) - total;
    cycle.push((entries[best] as { key: K }).key);
  }
  return cycle;
}
