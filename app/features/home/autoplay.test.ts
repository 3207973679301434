import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAutoplayTimer } from "./autoplay.ts";

describe("createAutoplayTimer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("moves every interval once started", () => {
    const onTick = vi.fn();
    const timer = createAutoplayTimer({ intervalMs: 5000, onTick });
    timer.start();
    vi.advanceTimersByTime(4999);
    expect(onTick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(onTick).toHaveBeenCalledTimes(3);
  });

  it("waits the start delay first (triple banners: 3 s, then every 4 s)", () => {
    const onTick = vi.fn();
    const timer = createAutoplayTimer({ intervalMs: 4000, startDelayMs: 3000, onTick });
    timer.start();
    vi.advanceTimersByTime(3000);
    expect(onTick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3999);
    expect(onTick).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onTick).toHaveBeenCalledTimes(2);
  });

  it("a manual move restarts the countdown", () => {
    const onTick = vi.fn();
    const timer = createAutoplayTimer({ intervalMs: 5000, onTick });
    timer.start();
    vi.advanceTimersByTime(4000);
    timer.reset();
    vi.advanceTimersByTime(4000);
    expect(onTick).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onTick).toHaveBeenCalledTimes(1);
  });

  it("stops, and a reset while stopped does not restart it", () => {
    const onTick = vi.fn();
    const timer = createAutoplayTimer({ intervalMs: 5000, onTick });
    timer.start();
    timer.stop();
    timer.reset();
    vi.advanceTimersByTime(20_000);
    expect(onTick).not.toHaveBeenCalled();
  });
});
