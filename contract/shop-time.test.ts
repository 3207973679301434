import { describe, expect, it } from "vitest";
import { parseShopTime, shopLocalInput } from "./shop-time.ts";

describe("the shop's clock", () => {
  it("reads a form's time in Ciudad del Este and writes it back the same", () => {
    expect(parseShopTime("2026-12-24T18:00")?.toISOString()).toBe("2026-12-24T21:00:00.000Z");
    expect(parseShopTime("2026-12-24T18:00:30")?.toISOString()).toBe("2026-12-24T21:00:30.000Z");
    expect(shopLocalInput("2026-12-24T21:00:30.000Z")).toBe("2026-12-24T18:00:30");
    expect(parseShopTime("2026-12-24T18:00:00-04:00")?.toISOString()).toBe("2026-12-24T22:00:00.000Z");
  });
  it("refuses a day or hour that does not exist and anything that is not a time", () => {
    for (const text of ["2026-02-30T10:00", "2026-12-24T24:00", "24/12/2026 18:00", "amanhã", ""]) expect(parseShopTime(text), text).toBeUndefined();
    expect(shopLocalInput(null)).toBe("");
  });
});
