import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { fallbackLimiter, memoryLimiter, type Limiter } from "./limiter.ts";
import { guardRedis, RedisUnavailableError, type Redis } from "./redis.ts";

/** The circuit breaker around Redis, and the limits that fall back to the process's own counters. */

function fakeRedis() {
  const emitter = new EventEmitter() as EventEmitter & { status: string };
  emitter.status = "ready";
  return emitter;
}

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  return {
    lines,
    warn: (_obj: object, msg: string) => void lines.push({ level: "warn", msg }),
    info: (_obj: object, msg: string) => void lines.push({ level: "info", msg }),
  };
}

describe("guardRedis", () => {
  it("refuses at once during an outage, lets one trial through per retry period, and logs the outage once", async () => {
    const redis = fakeRedis();
    const log = recordingLog();
    const guard = guardRedis(redis as unknown as Redis, log, 50);
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error("Command timed out"));
    };
    await expect(guard.run(failing)).rejects.toThrow("Command timed out");
    expect(guard.state()).toBe("degraded");
    for (let i = 0; i < 20; i++) await expect(guard.run(failing)).rejects.toBeInstanceOf(RedisUnavailableError);
    redis.emit("error", new Error("connect ECONNREFUSED"));
    expect(calls).toBe(1);

    await new Promise((r) => setTimeout(r, 60));
    // One trial after the retry period: still failing, still one log line.
    await expect(guard.run(failing)).rejects.toThrow("Command timed out");
    await expect(guard.run(failing)).rejects.toBeInstanceOf(RedisUnavailableError);
    expect(calls).toBe(2);

    await new Promise((r) => setTimeout(r, 60));
    expect(await guard.run(async () => "PONG")).toBe("PONG");
    expect(guard.state()).toBe("ok");
    expect(log.lines).toEqual([
      { level: "warn", msg: "redis unavailable: caching bypassed, rate limits counted per process" },
      { level: "info", msg: "redis available again" },
    ]);
  });

  it("closes the circuit when the connection is ready again", async () => {
    const redis = fakeRedis();
    const log = recordingLog();
    const guard = guardRedis(redis as unknown as Redis, log, 60_000);
    redis.emit("close");
    expect(guard.state()).toBe("degraded");
    await expect(guard.run(async () => 1)).rejects.toBeInstanceOf(RedisUnavailableError);
    redis.emit("ready");
    expect(await guard.run(async () => 1)).toBe(1);
    expect(log.lines.map((l) => l.msg)).toEqual(["redis unavailable: caching bypassed, rate limits counted per process", "redis available again"]);
    // Closed on purpose (the app shutting down): no outage reported.
    guard.close();
    redis.emit("close");
    expect(log.lines).toHaveLength(2);
  });
});

describe("fallbackLimiter", () => {
  it("counts in the shared limiter while it answers and in the process's own while it fails", async () => {
    let sharedUp = true;
    const shared = memoryLimiter();
    const flaky: Limiter = {
      hit: (k, w) => (sharedUp ? shared.hit(k, w) : Promise.reject(new Error("down"))),
      peek: (k) => (sharedUp ? shared.peek(k) : Promise.reject(new Error("down"))),
      reset: (k) => (sharedUp ? shared.reset(k) : Promise.reject(new Error("down"))),
    };
    const limiter = fallbackLimiter(flaky, memoryLimiter());
    expect((await limiter.hit("login:ana", 60_000)).count).toBe(1);
    sharedUp = false;
    // Redis away: the limit still counts (per process) instead of failing the login.
    for (let i = 1; i <= 5; i++) expect((await limiter.hit("login:ana", 60_000)).count).toBe(i);
    expect(await limiter.peek("login:ana")).toBe(5);
    await limiter.reset("login:ana");
    expect(await limiter.peek("login:ana")).toBe(0);
    sharedUp = true;
    expect(await limiter.peek("login:ana")).toBe(1);
  });
});
