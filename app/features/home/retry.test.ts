import { describe, expect, it } from "vitest";
import { MAX_AUTO_RETRIES, retryDelay } from "./retry.ts";

describe("retryDelay", () => {
  it("waits 2 s, 4 s and 6 s, then gives up", () => {
    expect([1, 2, 3].map(retryDelay)).toEqual([2000, 4000, 6000]);
    expect(retryDelay(MAX_AUTO_RETRIES + 1)).toBeNull();
    expect(retryDelay(0)).toBeNull();
  });
});
