import { describe, expect, it } from "vitest";
import type { Menu } from "#contract/api/catalog.ts";
import { guestCurrencyId } from "#app/lib/guest-currency.ts";
import { truncate } from "#app/lib/meta.ts";
import { languageHref } from "./language-selector.tsx";
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
