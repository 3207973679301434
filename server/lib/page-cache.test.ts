import { afterAll, describe, expect, it } from "vitest";
import { reachable, testRedisUrl, uniquePrefix } from "../../tests/support/redis.ts";
import { createPageCache, decodePage, encodePage, newNonce, withNonce, type CachedPage } from "./page-cache.ts";
import { connectRedis } from "./redis.ts";

const page = (nonce: string, text: string, storedAt: number): CachedPage => ({
  status: 200,
  headers: [
    ["content-type", "text/html; charset=utf-8"],
    ["content-security-policy", `default-src 'self'; script-src 'self' 'nonce-${nonce}'`],
  ],
  body: Buffer.from(`<html><script nonce="${nonce}">a()</script><p>${text}</p><script nonce="${nonce}">b()</script></html>`),
  nonce,
  storedAt,
});

describe("page cache", () => {
  it("gives every answer a nonce of its own in the policy and in every script", () => {
    const stored = page("OLD+nonce/AAAAAAAAAAAA==", "Furadeira", 0);
    const first = withNonce(stored, newNonce());
    const second = withNonce(stored, newNonce());
    for (const answer of [first, second]) {
      const nonce = /'nonce-([^']+)'/.exec(new Map(answer.headers).get("content-security-policy")!)![1]!;
      expect(nonce).not.toBe(stored.nonce);
      const html = answer.body.toString();
      expect(html).not.toContain(stored.nonce);
      expect(html.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
      expect(html).toContain("<p>Furadeira</p>");
    }
    expect(first.body.toString()).not.toBe(second.body.toString());
  });

  it("keeps a page as one buffer for Redis and reads it back", () => {
    const stored = page(newNonce(), "Ação", 1234);
    expect(decodePage(encodePage(stored))).toEqual(stored);
    expect(decodePage(Buffer.from("nonsense"))).toBeUndefined();
  });

  it("forgets a page once what it shows changes by itself (a banner's start or end), fresh or not, and keeps that through Redis", async () => {
    let now = 10_000;
    const cache = createPageCache({ freshMs: 60_000, staleMs: 60_000, now: () => now });
    await cache.store("k", { ...page("n1", "banner", now), until: now + 1500 });
    expect((await cache.lookup("k"))?.state).toBe("fresh");
    now += 1499;
    expect((await cache.lookup("k"))?.state).toBe("fresh");
    now += 1;
    expect(await cache.lookup("k")).toBeUndefined();
    const withEnd = { ...page("n2", "x", 1), until: 99 };
    expect(decodePage(encodePage(withEnd))).toEqual(withEnd);
  });

  it("answers fresh, then stale, then nothing once its life is over", async () => {
    let now = 10_000;
    const cache = createPageCache({ freshMs: 5000, staleMs: 20_000, now: () => now });
    expect(await cache.lookup("k")).toBeUndefined();
    await cache.store("k", page("n1", "one", now));
    expect((await cache.lookup("k"))?.state).toBe("fresh");
    now += 5000;
    expect((await cache.lookup("k"))?.state).toBe("stale");
    now += 19_999;
    expect((await cache.lookup("k"))?.state).toBe("stale");
    now += 1;
    expect(await cache.lookup("k")).toBeUndefined();
  });

  it("renders a page once for the callers asking at the same time", async () => {
    const cache = createPageCache({ freshMs: 5000, staleMs: 0 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 20));
      return page("n", "x", Date.now());
    };
    const answers = await Promise.all([cache.once("k", render), cache.once("k", render), cache.once("k", render)]);
    expect(renders).toBe(1);
    expect(new Set(answers).size).toBe(1);
    await cache.once("k", render);
    expect(renders).toBe(2);
  });

  it("keeps at most its byte budget in memory, dropping the least recently used", async () => {
    const cache = createPageCache({ freshMs: 60_000, staleMs: 0, maxBytes: 1000 });
    const sized = (n: number) => ({ ...page("n", "", Date.now()), body: Buffer.alloc(n) });
    await cache.store("a", sized(240));
    await cache.store("b", sized(240));
    await cache.store("c", sized(240));
    await cache.lookup("a");
    await cache.store("d", sized(240));
    await cache.store("e", sized(240));
    expect(await cache.lookup("a")).toBeDefined();
    expect(await cache.lookup("b")).toBeUndefined();
    expect(await cache.lookup("e")).toBeDefined();
  });
});

const available = await reachable(testRedisUrl);

describe.skipIf(!available)("page cache shared through Redis", () => {
  const redis = connectRedis(testRedisUrl);
  const other = connectRedis(testRedisUrl);
  const prefix = uniquePrefix("pages");
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await Promise.all([redis.quit(), other.quit()]);
  });

  it("serves one process's page on another, takes a newer one over its own stale copy, and forgets all on a clear", async () => {
    const a = createPageCache({ freshMs: 200, staleMs: 60_000, redis, prefix, generationCheckMs: 0 });
    const b = createPageCache({ freshMs: 200, staleMs: 60_000, redis: other, prefix, generationCheckMs: 0 });
    await a.store("/produto/x", page("n1", "R$ 10", Date.now()));
    const onB = await b.lookup("/produto/x");
    expect(onB?.state).toBe("fresh");
    expect(onB?.page.body.toString()).toContain("R$ 10");
    expect(await redis.pttl(`${prefix}page:0:/produto/x`)).toBeGreaterThan(59_000);

    await new Promise((r) => setTimeout(r, 250));
    expect((await b.lookup("/produto/x"))?.state).toBe("stale");
    await a.store("/produto/x", page("n2", "R$ 12", Date.now()));
    const newer = await b.lookup("/produto/x");
    expect(newer?.state).toBe("fresh");
    expect(newer?.page.body.toString()).toContain("R$ 12");

    await a.clear();
    expect(await b.lookup("/produto/x")).toBeUndefined();
    expect(await a.lookup("/produto/x")).toBeUndefined();
  });
});
