import { describe, expect, it } from "vitest";
import { readAdminFlash } from "./api.server.ts";

/** The success a script-less post leaves for the page it redirected to (docs/decisions/043). */
const request = (path: string, cookie?: string) => new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const cookieOf = (value: unknown) => `admin_flash=${encodeURIComponent(JSON.stringify(value))}`;

describe("readAdminFlash", () => {
  it("hands the page its own success once, and forgets it", () => {
    const flash = { path: "/admin/entregas", intent: "create-rate", message: "Tarifa cadastrada." };
    const { flash: read, clear } = readAdminFlash(request("/admin/entregas?servico=2", cookieOf(flash)));
    expect(read).toEqual(flash);
    expect(clear).toMatch(/^admin_flash=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/);
  });

  it("says nothing on another page, nor of a cookie that is not one, but forgets it all the same", () => {
    const flash = { path: "/admin/banners", intent: "create", message: "Banner criado." };
    for (const cookie of [
      cookieOf(flash),
      "admin_flash=%7Bbroken",
      cookieOf({ ...flash, path: "/admin/entregas", message: 42 }),
      cookieOf({ ...flash, path: "/admin/entregas", message: "x".repeat(501) }),
    ]) {
      const { flash: read, clear } = readAdminFlash(request("/admin/entregas", cookie));
      expect(read).toBeUndefined();
      expect(clear).toContain("Max-Age=0");
    }
    expect(readAdminFlash(request("/admin/entregas"))).toEqual({});
  });
});
