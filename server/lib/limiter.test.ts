import { afterEach, describe, expect, it, vi } from "vitest";
import { memoryLimiter } from "./limiter.ts";

describe("memoryLimiter", () => {
  afterEach(() => vi.useRealTimers());

  it("counts hits in a window that starts with the first one, and starts afresh after it", async () => {
    vi.useFakeTimers();
    const limiter = memoryLimiter();
    expect((await limiter.hit("login:a", 1_000)).count).toBe(1);
    const second = await limiter.hit("login:a", 1_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBe(1_000);
    vi.advanceTimersByTime(1_000);
    expect(await limiter.peek("login:a")).toBe(0);
    expect((await limiter.hit("login:a", 1_000)).count).toBe(1);
  });

  it("forgets ended windows of keys nobody asks about again", async () => {
    vi.useFakeTimers();
    const limiter = memoryLimiter();
    for (let i = 0; i < 1_000; i++) await limiter.hit(`login:guess-${i}@example.com`, 15 * 60 * 1000);
    await limiter.hit("login:still-running", 60 * 60 * 1000);
    expect(limiter.size()).toBe(1_001);
    vi.advanceTimersByTime(15 * 60 * 1000 + 1);
    await limiter.hit("login:someone-else", 15 * 60 * 1000);
    expect(limiter.size()).toBe(2);
    expect(await limiter.peek("login:still-running")).toBe(1);
  });
});
