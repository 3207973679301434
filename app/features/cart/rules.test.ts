import { describe, expect, it } from "vitest";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { isPositive, totalWithShipping } from "#app/features/checkout/totals.ts";
import { cartCurrency, isSellable, stockLimit } from "./rules.ts";

const product = (over: Partial<ProductSummary> = {}) =>
  ({
    qtde_disponivel: 5,
    tem_estoque: true,
    mostrar_preco: true,
    preco_atual: { valor_venda: "10.50", formatado: "U$ 10,50", moeda: { id: 2, simbolo: "U$", casas_decimais: 2 } },
    ...over,
  }) as ProductSummary;

describe("cart rules (spec §5, §9)", () => {
  it("picks the cart currency: foreigners dollars, residents guaranies, guests by locale", () => {
    expect(cartCurrency({ customer: { estrangeiro: true }, currencyId: 3 })).toBe(2);
    expect(cartCurrency({ customer: { estrangeiro: false }, currencyId: 2 })).toBe(3);
    expect(cartCurrency({ customer: null, currencyId: 3 })).toBe(3);
    expect(cartCurrency(undefined)).toBe(2);
  });

  it("caps quantities at the smaller of 99 and the stock", () => {
    expect(stockLimit({ qtde_disponivel: 5 })).toBe(5);
    expect(stockLimit({ qtde_disponivel: 500 })).toBe(99);
    expect(stockLimit({ qtde_disponivel: -2 })).toBe(0);
    expect(stockLimit(null)).toBe(0);
  });

  it("refuses products without stock or with an invalid price", () => {
    expect(isSellable(product())).toBe(true);
    expect(isSellable(product({ qtde_disponivel: 0 }))).toBe(false);
    expect(isSellable(product({ tem_estoque: false }))).toBe(false);
    expect(isSellable(product({ mostrar_preco: false }))).toBe(false);
    expect(isSellable(product({ preco_atual: { valor_venda: "abc", formatado: "", moeda: { id: 2, simbolo: "U$", casas_decimais: 2 } } }))).toBe(
      false,
    );
  });

  it("adds shipping without floating-point error", () => {
    expect(totalWithShipping("0.10", "0.20")).toBe("0.3");
    expect(totalWithShipping("150000", undefined)).toBe("150000");
    expect(isPositive("0.00")).toBe(false);
    expect(isPositive("25000")).toBe(true);
  });
});
