import { describe, expect, it } from "vitest";
import type { StartData } from "#contract/api/catalog.ts";
import { guestCurrencyId } from "#app/lib/guest-currency.ts";
import { truncate } from "#app/lib/meta.ts";
import { languageHref } from "./language-selector.tsx";
import { loginHref } from "./links.ts";
import { formatRates } from "./rates-bar.tsx";
import { toShellCatalog } from "./shell-data.server.ts";

const rate = (id: number, tax: string) => ({
  source_currency: { id: 2, simbolo: "U$" },
  target_currency: { id, simbolo: "", decimals: id === 3 ? 0 : 2 },
  tax,
});

describe("shell data", () => {
  it("keeps menu fields, the first two featured brands and the USD rates in currency order", () => {
    const start: Partial<StartData> = {
      categories: [{ id: 1, slug: "a", name: "A", icone: "<svg/>", visivel_menu: true, departments: [{ id: 9, slug: "d", name: "D", icone: null }] }],
      brands: [
        { id: 1, slug: "x", nome: "X", logo: null, destaque: false },
        { id: 2, slug: "y", nome: "Y", logo: null, destaque: true },
        { id: 3, slug: "z", nome: "Z", logo: null, destaque: true },
        { id: 4, slug: "w", nome: "W", logo: null, destaque: true },
      ],
      exchange_rates: [rate(4, "1185"), rate(1, "5.42"), { ...rate(1, "0.18"), source_currency: { id: 3, simbolo: "G$" } }, rate(3, "7350")],
    };
    const shell = toShellCatalog(start);
    expect(shell.categories).toEqual([{ id: 1, slug: "a", name: "A", visivel_menu: true, departments: [{ id: 9, slug: "d", name: "D" }] }]);
    expect(shell.featuredBrands.map((b) => b.slug)).toEqual(["y", "z"]);
    expect(shell.rates.map((r) => r.target_currency.id)).toEqual([1, 3, 4]);
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
