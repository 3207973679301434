import { describe, expect, it } from "vitest";
import { hasControlCharacters, idSchema, isDbId, MAX_ID, optionalIdSchema, textSchema } from "./common.ts";

describe("idSchema", () => {
  it("takes whole numbers in 1..2147483647, as numbers or digits", () => {
    expect(idSchema.parse("42")).toBe(42);
    expect(idSchema.parse(MAX_ID)).toBe(MAX_ID);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, "99999999999", "abc", "1e400", Number.NaN]) {
      expect(idSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(optionalIdSchema.parse("")).toBeUndefined();
    // Thirty digits are one mistake with one message, not also zod's safe-integer bound.
    expect(idSchema.safeParse("9".repeat(30)).error?.issues).toHaveLength(1);
    expect(idSchema.safeParse(1.5).error?.issues[0]?.code).toBe("invalid_type");
    expect(isDbId(MAX_ID)).toBe(true);
    expect(isDbId(MAX_ID + 1)).toBe(false);
  });
});

describe("textSchema", () => {
  it("refuses NUL and the other C0 controls with the field's 'invalid' message, after trimming", () => {
    const one = textSchema().min(1).max(10);
    expect(one.parse("  ok \n")).toBe("ok");
    for (const bad of ["a\u0000b", "\u0000", "a\u001bb", "a\u007fb", "a\nb", "a\tb"]) {
      const result = one.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ code: "custom", message: "invalid" });
    }
    expect(one.safeParse("ção 🔧").success).toBe(true);
  });

  it("keeps line breaks and tabs in multi-line text, never NUL", () => {
    const many = textSchema({ multiline: true });
    expect(many.parse("linha 1\r\nlinha\t2")).toBe("linha 1\r\nlinha\t2");
    expect(many.safeParse("a\u0000b").success).toBe(false);
    expect(hasControlCharacters("a\u0085b")).toBe(false);
  });
});
