import { describe, expect, it } from "vitest";
import { seal, unseal } from "./sealed.ts";

const secret = "a-test-app-secret-of-some-length-0123456789";

describe("sealed values", () => {
  it("read back only with the same secret and purpose, and differ each time", () => {
    const a = seal("JBSWY3DPEHPK3PXP", secret, "totp");
    const b = seal("JBSWY3DPEHPK3PXP", secret, "totp");
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("JBSWY3DPEHPK3PXP");
    expect(unseal(a, secret, "totp")).toBe("JBSWY3DPEHPK3PXP");
    expect(unseal(a, secret, "other")).toBeUndefined();
    expect(unseal(a, `${secret}x`, "totp")).toBeUndefined();
  });

  it("refuse an altered value", () => {
    const [v, iv, tag, body] = seal("JBSWY3DPEHPK3PXP", secret, "totp").split(".") as [string, string, string, string];
    const flipped = body.slice(0, -2) + (body.at(-2) === "A" ? "B" : "A") + body.at(-1);
    expect(unseal([v, iv, tag, flipped].join("."), secret, "totp")).toBeUndefined();
    expect(unseal(["v2", iv, tag, body].join("."), secret, "totp")).toBeUndefined();
    expect(unseal("garbage", secret, "totp")).toBeUndefined();
  });
});
