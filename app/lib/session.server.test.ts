import type { AppLoadContext } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MOEDA } from "#contract/currencies.ts";
import { clearSessionCookie, getCustomer, getSessionToken, loginPath, pageCurrencyId, safeRedirect, sessionCookie } from "./session.server.ts";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

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

describe("getCustomer", () => {
  const user = { id: 7, nome: "Ana", estrangeiro: false };
  /** A page's context whose API answers POST /ecom/me with `status` (and counts the calls). */
  const contextAnswering = (status: number) => {
    const calls: string[] = [];
    const context = {
      site: {} as never,
      apiFetch: async (path: string) => {
        calls.push(path);
        return new Response(JSON.stringify(status === 200 ? user : { message: "x" }), { status, headers: { "content-type": "application/json" } });
      },
    } as unknown as AppLoadContext;
    return { context, calls };
  };
  const signedIn = (method = "GET") => new Request("http://loja.test/perfil", { method, headers: { Cookie: "sid=abc" } });

  it("is null only when the API refuses the session (401)", async () => {
    expect(await getCustomer(signedIn(), contextAnswering(401).context)).toBeNull();
  });

  it("answers the store's 503, keeping the session, when the API fails otherwise (its database away)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const status of [503, 500]) {
      const thrown = await getCustomer(signedIn(), contextAnswering(status).context).then(
        () => null,
        (error: unknown) => error,
      );
      const init = (thrown as { init?: ResponseInit }).init;
      expect(init?.status).toBe(503);
      expect(new Headers(init?.headers).get("Set-Cookie")).toBeNull();
    }
    expect(console.error).toHaveBeenCalled();
  });

  it("asks once for all the loaders of one page", async () => {
    const { context, calls } = contextAnswering(200);
    const request = signedIn();
    const [a, b] = await Promise.all([getCustomer(request, context), getCustomer(request, context)]);
    expect([a?.nome, b?.nome]).toEqual(["Ana", "Ana"]);
    expect(calls).toHaveLength(1);
  });

  it("prices a signed-in resident's pages in guaranies whatever the language, a guest's by locale (spec §9)", async () => {
    expect(await pageCurrencyId(signedIn(), contextAnswering(200).context, "es-AR")).toBe(MOEDA.PYG);
    expect(await pageCurrencyId(new Request("http://loja.test/"), contextAnswering(200).context, "es-AR")).toBe(MOEDA.USD);
  });
});
