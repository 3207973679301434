import { describe, expect, it } from "vitest";
import type { Menu } from "#contract/api/catalog.ts";
import { guestCurrencyId } from "#app/lib/guest-currency.ts";
import { truncate } from "#app/lib/meta.ts";
import { languageHref, languageTarget } from "./language-selector.tsx";
import { loginHref } from "#app/lib/links.ts";
import { formatRates } from "./rates-bar.tsx";
import { toShellCatalog } from "./shell-data.server.ts";

const rate = (id: number, tax: string) => ({
  source_currency: { id: 2, simbolo: "U$" },
  target_currency: { id, simbolo: "", decimals: id === 3 ? 0 : 2 },
  tax,
});

describe("shell data", () => {
  it("carries the categories' names, never their departments, and the rates as the menu answers them", () => {
    const menu: Menu = {
      categories: [{ id: 1, slug: "a", name: "A", visivel_menu: true, departments: [{ id: 9, slug: "d", name: "D" }] }],
      special_line: true,
      featured_brands: [{ id: 2, slug: "y", nome: "Y" }],
      exchange_rates: [rate(1, "5.42"), rate(3, "7350"), rate(4, "1185")],
    };
    const shell = toShellCatalog(menu);
    expect(shell.categories).toEqual([{ id: 1, slug: "a", name: "A", visivel_menu: true }]);
    expect(shell.hasSpecialLine).toBe(true);
    expect(shell.featuredBrands).toEqual([{ id: 2, slug: "y", nome: "Y" }]);
    expect(formatRates(shell.rates)).toBe("U$ 1 = R$ 5,42 · G$ 7.350 · P$ 1.185");
  });

  it("has no rates text without rates", () => {
    expect(formatRates([])).toBeNull();
  });
});

describe("links", () => {
  it("login carries the full wanted address, except from the auth pages themselves", () => {
    expect(loginHref("/produtos/x?page=2")).toBe("/login?redirect=%2Fprodutos%2Fx%3Fpage%3D2");
    expect(loginHref("/")).toBe("/login");
    expect(loginHref("/login?redirect=%2Fcarrinho")).toBe("/login");
  });

  it("language links keep the path, the query and the hash", () => {
    expect(languageHref({ pathname: "/marcas", search: "?page=2&lang=pt-BR", hash: "#x" }, "es-AR")).toBe("/marcas?page=2&lang=es-AR#x");
  });

  it("a language of the other brand leads to its host at the same path, when both hosts are configured (spec §4)", () => {
    const here = { pathname: "/produto/x", search: "?q=1", hash: "" };
    const site = (origin: string, originPt: string, originEs: string) =>
      ({ brand: "pt", brandName: "", phone: "", email: "", address: "", whatsapp: "", origin, originPt, originEs }) as const;
    const pt = site("https://loja.example", "https://loja.example", "https://tienda.example");
    expect(languageTarget(here, "es-AR", pt)).toEqual({ href: "https://tienda.example/produto/x?q=1&lang=es-AR", crossHost: true });
    expect(languageTarget(here, "pt-BR", pt)).toEqual({ href: "/produto/x?q=1&lang=pt-BR", crossHost: false });
    const es = site("https://tienda.example", "https://loja.example", "https://tienda.example");
    expect(languageTarget(here, "pt-BR", es)).toEqual({ href: "https://loja.example/produto/x?q=1&lang=pt-BR", crossHost: true });
    expect(languageTarget(here, "es-PY", es).crossHost).toBe(false);
    // One host (localhost, a staging name): both languages live there, only ?lang= changes.
    const single = site("http://127.0.0.1:3000", "http://127.0.0.1:3000", "http://127.0.0.1:3000");
    expect(languageTarget(here, "es-AR", single)).toEqual({ href: "/produto/x?q=1&lang=es-AR", crossHost: false });
  });
});

describe("spec §9 constants", () => {
  it("guests pay in dollars except on es-PY", () => {
    expect(guestCurrencyId("pt-BR")).toBe(2);
    expect(guestCurrencyId("es-PY")).toBe(3);
    expect(guestCurrencyId("es-AR")).toBe(2);
  });

  it("titles are cut at 60 characters with an ellipsis", () => {
    expect(truncate("a".repeat(60), 60)).toHaveLength(60);
    expect(truncate("a".repeat(61), 60)).toBe(`${"a".repeat(57)}…`);
  });
});
