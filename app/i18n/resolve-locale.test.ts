import { describe, expect, it } from "vitest";
import { resolveLocale } from "./resolve-locale.ts";

const pt = { brand: "pt" as const };
const es = { brand: "es" as const };
const request = (url: string, cookie?: string) => new Request(`http://localhost${url}`, { headers: cookie ? { Cookie: cookie } : {} });

describe("resolveLocale", () => {
  it("a valid ?lang= switches: cookie for a year, address without lang", () => {
    const result = resolveLocale(request("/produtos/x?page=2&lang=es-PY#top"), pt);
    expect(result).toEqual({
      kind: "switch",
      locale: "es-PY",
      location: "/produtos/x?page=2#top",
      setCookie: "lang=es-PY; Path=/; Max-Age=31536000; SameSite=Lax",
    });
  });

  it("a switch from the other brand's host leaves no cart hand-over in the address", () => {
    const result = resolveLocale(request("/produtos?lang=es-AR&carrinho=v1.a.b.c&page=2"), es);
    expect(result.kind === "switch" && result.location).toBe("/produtos?page=2");
  });

  it("a ?lang= switch never redirects to a path a browser reads as another host", () => {
    for (const path of ["/.//evil.example/", "/%2e//evil.example", "/a/..//evil.example"]) {
      const result = resolveLocale(request(`${path}?lang=es-PY`), pt);
      expect(result.kind === "switch" && result.location, path).toBe("/");
    }
  });

  it("marks the cookie Secure on https", () => {
    const result = resolveLocale(new Request("https://loja.example/?lang=pt-BR"), pt);
    expect(result.kind === "switch" && result.setCookie).toMatch(/; Secure$/);
  });

  it("removes an unknown ?lang= from the address, keeping the language of the cookie or the host", () => {
    expect(resolveLocale(request("/produtos?lang=fr&page=2", "a=1; lang=es-AR"), pt)).toEqual({
      kind: "switch",
      locale: "es-AR",
      location: "/produtos?page=2",
    });
    expect(resolveLocale(request("/?lang="), es)).toEqual({ kind: "switch", locale: "es-AR", location: "/" });
  });

  it("ignores an unknown cookie value", () => {
    expect(resolveLocale(request("/", "lang=en-US"), pt)).toEqual({ kind: "current", locale: "pt-BR" });
  });

  it("defaults by host: es-AR on the Spanish brand, pt-BR otherwise", () => {
    expect(resolveLocale(request("/"), es)).toEqual({ kind: "current", locale: "es-AR" });
    expect(resolveLocale(request("/"), pt)).toEqual({ kind: "current", locale: "pt-BR" });
  });
});
