import { describe, expect, it } from "vitest";
import { isTap, swipeDirection, wrapIndex } from "./gestures.ts";

describe("swipeDirection", () => {
  it("counts a quick, long horizontal move", () => {
    expect(swipeDirection({ dx: -80, dy: 5, durationMs: 200 })).toBe("next");
    expect(swipeDirection({ dx: 80, dy: -5, durationMs: 499 })).toBe("previous");
  });
  it("ignores short, vertical-only or slow moves", () => {
    expect(swipeDirection({ dx: 6, dy: 6, durationMs: 100 })).toBeNull();
    expect(swipeDirection({ dx: 50, dy: 0, durationMs: 100 })).toBeNull();
    expect(swipeDirection({ dx: 10, dy: 200, durationMs: 100 })).toBeNull();
    expect(swipeDirection({ dx: -120, dy: 0, durationMs: 500 })).toBeNull();
  });
});

describe("isTap", () => {
  it("is a short press that barely moved", () => {
    expect(isTap({ dx: 0, dy: 0, durationMs: 199 })).toBe(true);
    expect(isTap({ dx: 3, dy: 4, durationMs: 50 })).toBe(true);
  });
  it("is not a long press or a drag", () => {
    expect(isTap({ dx: 0, dy: 0, durationMs: 200 })).toBe(false);
    expect(isTap({ dx: 30, dy: 0, durationMs: 50 })).toBe(false);
  });
});

describe("wrapIndex", () => {
  it("wraps at both ends", () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});
