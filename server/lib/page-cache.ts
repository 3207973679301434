import { randomBytes } from "node:crypto";
import { unguarded, type Redis, type RedisGuard } from "./redis.ts";

/**
 * The shared page cache of guests' catalogue pages (docs/decisions/013). A page is fresh for
 * `freshMs`, then served stale for up to `staleMs` more while one render per process replaces it.
 * Each process keeps pages in memory; with Redis every process also reads and writes them there, so a
 * page one process rendered is a hit on every other, and a process whose copy went stale takes a newer
 * one another process stored before rendering its own.
 *
 * A stored page keeps the Content-Security-Policy nonce of the response it was rendered for; every
 * answer from the cache carries a new one (`withNonce`), so no two visitors ever share a nonce.
 */
export interface CachedPage {
  status: number;
  /** Response headers, the Content-Security-Policy among them (with `nonce`); never Set-Cookie. */
  headers: [string, string][];
  body: Buffer;
  /** The script nonce the body and the policy were rendered with ("" for a development build, which sets none). */
  nonce: string;
  /** When it was rendered (ms since the epoch). */
  storedAt: number;
  /**
   * When what it shows changes by itself (ms since the epoch: a banner's start or end), if it does: from then on
   * the page is neither fresh nor stale but gone, so the next visitor gets it rendered anew.
   */
  until?: number;
}

/**
 * The API's header naming when its answer changes by itself (ms since the epoch); a page built from it lives no
 * longer (server/plugins/web.ts).
 */
export const CONTENT_UNTIL_HEADER = "x-content-until";

export type PageState = "fresh" | "stale";

export interface PageCache {
  readonly freshMs: number;
  readonly staleMs: number;
  /** A page not older than fresh + stale, and whether it is still fresh. */
  lookup(key: string): Promise<{ page: CachedPage; state: PageState } | undefined>;
  store(key: string, page: CachedPage): Promise<void>;
  /**
   * One render of `key` at a time in this process: callers asking while one runs share its result.
   * `render` answers the page to share, or undefined when its result may not be shared.
   */
  once(key: string, render: () => Promise<CachedPage | undefined>): Promise<CachedPage | undefined>;
  /** Forgets every page, in this process and (with Redis) in every process. */
  clear(): Promise<void>;
  /** The shared generation as this process last read it: another process's clear changes it within a check. */
  generation(): string;
}

export interface PageCacheOptions {
  freshMs: number;
  staleMs: number;
  /** Most bytes of pages this process keeps in memory; the least recently used go first. */
  maxBytes?: number;
  redis?: Redis;
  guard?: RedisGuard;
  /** REDIS_PREFIX: pages live under `${prefix}page:`. */
  prefix?: string;
  /** How often the shared generation (bumped by a clear) is read again. */
  generationCheckMs?: number;
  now?: () => number;
}

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** A fresh script nonce: 16 random bytes in base64, as the storefront's entry makes them. */
export const newNonce = () => randomBytes(16).toString("base64");

/** The page's body and headers with `nonce` wherever the stored page had its own. */
export function withNonce(page: CachedPage, nonce: string): { headers: [string, string][]; body: Buffer } {
  const headers = page.headers.map(([name, value]): [string, string] => [name, value.split(page.nonce).join(nonce)]);
  const old = Buffer.from(page.nonce);
  const fresh = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = page.body.indexOf(old, from); at !== -1; at = page.body.indexOf(old, from)) {
    parts.push(page.body.subarray(from, at), fresh);
    from = at + old.length;
  }
  parts.push(page.body.subarray(from));
  return { headers, body: Buffer.concat(parts) };
}

/** A page as one Buffer for Redis: the length of its JSON head, the head, then the body. */
export function encodePage(page: CachedPage): Buffer {
  const head = Buffer.from(JSON.stringify({ s: page.status, h: page.headers, n: page.nonce, t: page.storedAt, u: page.until }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, page.body]);
}

export function decodePage(data: Buffer): CachedPage | undefined {
  if (data.length < 4) return undefined;
  const headLength = data.readUInt32BE(0);
  if (4 + headLength > data.length) return undefined;
  try {
    const head = JSON.parse(data.subarray(4, 4 + headLength).toString()) as { s: number; h: [string, string][]; n: string; t: number; u?: number };
    if (typeof head.s !== "number" || !Array.isArray(head.h) || typeof head.n !== "string" || typeof head.t !== "number") return undefined;
    const until = typeof head.u === "number" ? { until: head.u } : {};
    return { status: head.s, headers: head.h, nonce: head.n, storedAt: head.t, ...until, body: Buffer.from(data.subarray(4 + headLength)) };
  } catch {
    return undefined;
  }
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { freshMs, staleMs, redis, prefix = "" } = options;
  const guard = options.guard ?? unguarded;
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const generationCheckMs = options.generationCheckMs ?? 1000;
  const lifeMs = freshMs + staleMs;
  /** Whether a page outlived what it shows (a banner that started or ended since it was rendered). */
  const outlived = (page: CachedPage) => page.until !== undefined && now() >= page.until;
  const generationKey = `${prefix}page:generation`;

  // Insertion order is recency order: a hit moves its page to the end, the oldest go first.
  const memory = new Map<string, CachedPage>();
  let bytes = 0;
  const forget = (key: string) => {
    const page = memory.get(key);
    if (!page) return;
    memory.delete(key);
    bytes -= page.body.length;
  };
  const remember = (key: string, page: CachedPage) => {
    forget(key);
    if (page.body.length > maxBytes / 4) return;
    memory.set(key, page);
    bytes += page.body.length;
    for (const oldest of memory.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  };

  // Another process's (or `npm run cache:clear`'s) clear bumps the generation: pages of older ones are never read.
  let generation = "0";
  let checkedAt = -Infinity;
  let checking: Promise<void> | undefined;
  const checkGeneration = (): Promise<void> => {
    if (!redis || now() - checkedAt < generationCheckMs) return Promise.resolve();
    checking ??= guard
      .run(() => redis.get(generationKey))
      .then(
        (value) => {
          const next = value ?? "0";
          if (next !== generation) {
            generation = next;
            memory.clear();
            bytes = 0;
          }
        },
        () => {},
      )
      .finally(() => {
        checkedAt = now();
        checking = undefined;
      });
    return checking;
  };
  const sharedKey = (key: string) => `${prefix}page:${generation}:${key}`;

  const readShared = async (key: string): Promise<CachedPage | undefined> => {
    if (!redis) return undefined;
    try {
      const data = await guard.run(() => redis.getBuffer(sharedKey(key)));
      return data ? decodePage(data) : undefined;
    } catch {
      return undefined;
    }
  };

  const inflight = new Map<string, Promise<CachedPage | undefined>>();

  return {
    freshMs,
    staleMs,
    async lookup(key) {
      await checkGeneration();
      let page = memory.get(key);
      if (page && outlived(page)) {
        forget(key);
        page = undefined;
      }
      if (page && now() - page.storedAt < freshMs) {
        // Most recently used last.
        memory.delete(key);
        memory.set(key, page);
        return { page, state: "fresh" };
      }
      // Not fresh here: another process may have stored a newer one.
      const shared = await readShared(key);
      if (shared && !outlived(shared) && (!page || shared.storedAt > page.storedAt)) {
        page = shared;
        remember(key, shared);
      }
      if (!page) return undefined;
      const age = now() - page.storedAt;
      if (age >= lifeMs) {
        forget(key);
        return undefined;
      }
      return { page, state: age < freshMs ? "fresh" : "stale" };
    },
    async store(key, page) {
      remember(key, page);
      if (!redis) return;
      const ttl = Math.max(1, Math.round(Math.min(page.storedAt + lifeMs, page.until ?? Infinity) - now()));
      try {
        await guard.run(() => redis.set(sharedKey(key), encodePage(page), "PX", ttl));
      } catch {
        // The shared copy only saves other processes a render.
      }
    },
    once(key, render) {
      const running = inflight.get(key);
      if (running) return running;
      const started = render().finally(() => inflight.delete(key));
      inflight.set(key, started);
      return started;
    },
    generation: () => generation,
    async clear() {
      memory.clear();
      bytes = 0;
      if (!redis) return;
      await guard.run(async () => {
        generation = String(await redis.incr(generationKey));
        checkedAt = now();
      });
    },
  };
}
