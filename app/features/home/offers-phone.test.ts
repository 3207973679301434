import { describe, expect, it } from "vitest";
import { offersFieldValue, offersMaxLength, offersPayload } from "./offers-phone.ts";

describe("offers phone field", () => {
  it("masks by locale as the person types", () => {
    expect(offersFieldValue("11912345678", "pt-BR")).toBe("(11) 91234-5678");
    expect(offersFieldValue("595981123456", "es-PY")).toBe("+595 981 123 456");
    expect(offersFieldValue("0981123456", "es-PY")).toBe("098 112 345 6");
    expect(offersFieldValue("5491112345678", "es-AR")).toBe("+54 9 111 234-5678");
  });

  it("sends only the digits of a 10 to 15 digit number", () => {
    expect(offersPayload("(11) 91234-5678")).toEqual({ celular: "11912345678" });
    expect(offersPayload("+595 981 123 456")).toEqual({ celular: "595981123456" });
    expect(offersPayload("(11) 9123")).toBeNull();
    expect(offersPayload("")).toBeNull();
    expect(offersPayload("1234567890123456")).toBeNull();
  });

  it("keeps whole Paraguayan and Argentine numbers on phones: the limit of 15 counts digits, not the mask", () => {
    for (const [typed, locale, shown] of [
      ["595981123456", "es-PY", "+595 981 123 456"],
      ["+595 981 123 456", "es-PY", "+595 981 123 456"],
      ["5491112345678", "es-AR", "+54 9 111 234-5678"],
      ["11912345678", "pt-BR", "(11) 91234-5678"],
    ] as const) {
      const value = offersFieldValue(typed, locale, true);
      expect(value).toBe(shown);
      expect(value.length).toBeLessThanOrEqual(offersMaxLength(true, locale));
      expect(offersPayload(value)).toEqual({ celular: typed.replace(/\D/g, "") });
    }
    // At most 15 digits on phones, whatever is pasted.
    expect(offersPayload(offersFieldValue("1".repeat(30), "es-AR", true))).toEqual({ celular: "1".repeat(13) });
  });

  it("allows 20 characters on desktop, and on phones 15 or the locale's longest masked number", () => {
    expect(offersMaxLength(false, "es-AR")).toBe(20);
    expect(offersMaxLength(true, "pt-BR")).toBe(15);
    expect(offersMaxLength(true, "es-PY")).toBe(16);
    expect(offersMaxLength(true, "es-AR")).toBe(18);
  });
});
