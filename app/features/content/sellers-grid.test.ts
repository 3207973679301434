import { describe, expect, it } from "vitest";
import { whatsappHref } from "./sellers-grid.tsx";

describe("whatsappHref", () => {
  it("keeps only the digits of the number", () => {
    expect(whatsappHref("+595 981 234-567")).toBe("https://wa.me/595981234567");
  });
  it("has no link without digits", () => {
    expect(whatsappHref(" - ")).toBeNull();
  });
});
