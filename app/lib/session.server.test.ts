import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSessionCookie, getSessionToken, loginPath, safeRedirect, sessionCookie } from "./session.server.ts";

afterEach(() => vi.unstubAllEnvs());

describe("safeRedirect", () => {
  it("keeps internal paths with their query", () => {
    expect(safeRedirect("/perfil/endereco?aba=1")).toBe("/perfil/endereco?aba=1");
    expect(safeRedirect("/checkout")).toBe("/checkout");
  });

  it("refuses absolute, protocol-relative and odd targets", () => {
    for (const bad of ["https://evil.example/x", "//evil.example", "/\\evil.example", "javascript:alert(1)", "perfil", "/\nx", "", null, undefined]) {
      expect(safeRedirect(bad)).toBe("/perfil");
    }
    expect(safeRedirect("//evil.example", "/")).toBe("/");
  });
});

describe("session cookie", () => {
  it("is HttpOnly, Lax, path-wide and lives until the session expires", () => {
    const value = sessionCookie("tok", new Date(Date.now() + 3_600_000));
    expect(value).toMatch(/^sid=tok; HttpOnly; Path=\/; SameSite=Lax; Max-Age=(3599|3600)$/);
    expect(clearSessionCookie()).toBe("sid=; HttpOnly; Path=/; SameSite=Lax; Max-Age=0");
  });

  it("is Secure in production", () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(sessionCookie("tok", new Date(Date.now() + 1000))).toMatch(/; Secure$/);
    expect(clearSessionCookie()).toMatch(/; Secure$/);
  });

  it("reads the token from the request and builds the login address with the full path", () => {
    const request = new Request("http://loja.test/perfil/endereco?aba=1", { headers: { Cookie: "lang=pt-BR; sid=abc" } });
    expect(getSessionToken(request)).toBe("abc");
    expect(getSessionToken(new Request("http://loja.test/"))).toBeUndefined();
    expect(loginPath(request)).toBe("/login?redirect=%2Fperfil%2Fendereco%3Faba%3D1");
  });
});

describe("safeRedirect after normalisation", () => {
  it("never answers a path a browser reads as another host", () => {
    for (const bad of ["/.//evil.example", "/%2e//evil.example", "/a/..//evil.example", "/./\\evil.example"]) {
      expect(safeRedirect(bad), bad).toBe("/perfil");
    }
  });
});
