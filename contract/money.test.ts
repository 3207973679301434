import Big from "big.js";
import { describe, expect, it } from "vitest";
import { CURRENCIES, MOEDA, MOEDA_IDS, getCurrency, isMoedaId } from "./currencies.ts";
import { INVALID_PRICE, convertPrice, formatPrice, isPrice, priceIn, secondaryCurrencies, type ExchangeRate } from "./money.ts";

const USD = MOEDA.USD;
const BRL = MOEDA.BRL;
const PYG = MOEDA.PYG;
const ARS = MOEDA.ARS;

function rate(target: number, tax: string | number, decimals?: number): ExchangeRate {
  return { source_currency: { id: USD }, target_currency: { id: target, decimals }, tax };
}

const RATES: ExchangeRate[] = [rate(BRL, "5.4"), rate(PYG, "7300", 0), rate(ARS, 1180)];

describe("currencies", () => {
  it("holds the four currencies with the API's ids", () => {
    expect(CURRENCIES[1]).toEqual({ id: 1, codigo: "BRL", simbolo: "R$", casas_decimais: 2 });
    expect(CURRENCIES[2]).toEqual({ id: 2, codigo: "USD", simbolo: "U$", casas_decimais: 2 });
    expect(CURRENCIES[3]).toEqual({ id: 3, codigo: "PYG", simbolo: "G$", casas_decimais: 0 });
    expect(CURRENCIES[4]).toEqual({ id: 4, codigo: "ARS", simbolo: "P$", casas_decimais: 2 });
    expect(MOEDA).toEqual({ BRL: 1, USD: 2, PYG: 3, ARS: 4 });
    expect(MOEDA_IDS).toEqual([1, 2, 3, 4]);
  });

  it("cannot be changed at run time", () => {
    expect(Object.isFrozen(CURRENCIES)).toBe(true);
    expect(Object.isFrozen(CURRENCIES[3])).toBe(true);
  });

  it("recognises only the four ids", () => {
    for (const id of [1, 2, 3, 4]) expect(isMoedaId(id)).toBe(true);
    for (const id of [0, 5, -1, 1.5, "1", null, undefined, NaN]) expect(isMoedaId(id)).toBe(false);
    expect(getCurrency(3)?.simbolo).toBe("G$");
    expect(getCurrency(9)).toBeUndefined();
  });
});

describe("formatPrice", () => {
  it("formats zero in every currency", () => {
    expect(formatPrice(0, USD)).toBe("U$ 0,00");
    expect(formatPrice(0, BRL)).toBe("R$ 0,00");
    expect(formatPrice(0, PYG)).toBe("G$ 0");
    expect(formatPrice(0, ARS)).toBe("P$ 0");
    expect(formatPrice("-0", USD)).toBe("U$ 0,00");
    expect(formatPrice(-0, PYG)).toBe("G$ 0");
  });

  it("formats 1234.56 with dot thousands and decimal comma", () => {
    expect(formatPrice(1234.56, USD)).toBe("U$ 1.234,56");
    expect(formatPrice(1234.56, BRL)).toBe("R$ 1.234,56");
    expect(formatPrice(1234.56, PYG)).toBe("G$ 1.235");
    expect(formatPrice(1234.56, ARS)).toBe("P$ 1.234,56");
  });

  it("formats 1234.5 with two decimals, pesos keeping non-zero cents", () => {
    expect(formatPrice(1234.5, USD)).toBe("U$ 1.234,50");
    expect(formatPrice(1234.5, BRL)).toBe("R$ 1.234,50");
    expect(formatPrice(1234.5, PYG)).toBe("G$ 1.235");
    expect(formatPrice(1234.5, ARS)).toBe("P$ 1.234,50");
  });

  it("formats whole amounts, pesos and guaraníes without ,00", () => {
    expect(formatPrice(1000000, USD)).toBe("U$ 1.000.000,00");
    expect(formatPrice(1000000, BRL)).toBe("R$ 1.000.000,00");
    expect(formatPrice(1000000, PYG)).toBe("G$ 1.000.000");
    expect(formatPrice(1000000, ARS)).toBe("P$ 1.000.000");
    expect(formatPrice(1234, ARS)).toBe("P$ 1.234");
    expect(formatPrice(1234567, PYG)).toBe("G$ 1.234.567");
  });

  it("groups at every length", () => {
    expect(formatPrice(1, BRL)).toBe("R$ 1,00");
    expect(formatPrice(12, BRL)).toBe("R$ 12,00");
    expect(formatPrice(123, BRL)).toBe("R$ 123,00");
    expect(formatPrice(1234, BRL)).toBe("R$ 1.234,00");
    expect(formatPrice(12345, BRL)).toBe("R$ 12.345,00");
    expect(formatPrice(123456, BRL)).toBe("R$ 123.456,00");
    expect(formatPrice(999, PYG)).toBe("G$ 999");
    expect(formatPrice(1000, PYG)).toBe("G$ 1.000");
  });

  it("rounds half up without float errors", () => {
    expect(formatPrice(0.005, USD)).toBe("U$ 0,01");
    expect(formatPrice(0.005, BRL)).toBe("R$ 0,01");
    expect(formatPrice(0.005, ARS)).toBe("P$ 0,01");
    expect(formatPrice(0.005, PYG)).toBe("G$ 0");
    expect(formatPrice(0.004, USD)).toBe("U$ 0,00");
    expect(formatPrice(0.004, ARS)).toBe("P$ 0");
    // 1.005 is 1.00499999… as a binary float: toFixed(2) would say 1.00.
    expect(formatPrice(1.005, BRL)).toBe("R$ 1,01");
    expect(formatPrice(0.1 + 0.2, USD)).toBe("U$ 0,30");
    expect(formatPrice(0.5, PYG)).toBe("G$ 1");
    expect(formatPrice(1234567.5, PYG)).toBe("G$ 1.234.568");
    expect(formatPrice(1234567.49, PYG)).toBe("G$ 1.234.567");
    expect(formatPrice(999.995, USD)).toBe("U$ 1.000,00");
    expect(formatPrice(1234.999, ARS)).toBe("P$ 1.235");
    expect(formatPrice(999999.5, PYG)).toBe("G$ 1.000.000");
  });

  it("separates the symbol with a plain ASCII space", () => {
    const text = formatPrice(10, USD);
    expect(text.charCodeAt(2)).toBe(0x20);
    expect(text).not.toContain("\u00a0");
  });

  it("accepts numeric strings, trimmed", () => {
    expect(formatPrice("1234.5", USD)).toBe("U$ 1.234,50");
    expect(formatPrice("  12 ", BRL)).toBe("R$ 12,00");
    expect(formatPrice("1234.50", ARS)).toBe("P$ 1.234,50");
    expect(formatPrice("1234.00", ARS)).toBe("P$ 1.234");
    expect(formatPrice("0150000.00", PYG)).toBe("G$ 150.000");
    expect(formatPrice(".5", USD)).toBe("U$ 0,50");
    expect(formatPrice("7.", USD)).toBe("U$ 7,00");
    expect(formatPrice("1e3", BRL)).toBe("R$ 1.000,00");
    expect(formatPrice("0.005", USD)).toBe("U$ 0,01");
  });

  it("accepts bigint and big.js values", () => {
    expect(formatPrice(1234567n, PYG)).toBe("G$ 1.234.567");
    expect(formatPrice(new Big("19.9"), USD)).toBe("U$ 19,90");
  });

  it("formats huge guaraní totals exactly when given as strings", () => {
    expect(formatPrice("98765432109876543", PYG)).toBe("G$ 98.765.432.109.876.543");
    expect(formatPrice("98765432109876543.5", PYG)).toBe("G$ 98.765.432.109.876.544");
    expect(formatPrice("123456789012345678901234567890", PYG)).toBe("G$ 123.456.789.012.345.678.901.234.567.890");
    expect(formatPrice("9007199254740993.99", BRL)).toBe("R$ 9.007.199.254.740.993,99");
  });

  it("formats large floats in plain notation", () => {
    expect(formatPrice(1e21, PYG)).toBe("G$ 1.000.000.000.000.000.000.000");
    expect(formatPrice(1e-7, USD)).toBe("U$ 0,00");
  });

  it("refuses negative values", () => {
    expect(formatPrice(-1, USD)).toBe(INVALID_PRICE);
    expect(formatPrice("-1234.5", BRL)).toBe(INVALID_PRICE);
    expect(formatPrice(-0.001, ARS)).toBe(INVALID_PRICE);
    expect(formatPrice(-0.4, PYG)).toBe(INVALID_PRICE);
  });

  it("refuses anything that is not a number", () => {
    expect(INVALID_PRICE).toBe("Preço inválido");
    const invalid: unknown[] = [
      NaN,
      Infinity,
      -Infinity,
      "abc",
      "",
      "   ",
      "12abc",
      "1.234,56",
      "1,5",
      "0x10",
      "Infinity",
      "NaN",
      "1 000",
      "+5",
      "R$ 10",
      null,
      undefined,
      {},
      { valor: 1 },
      [],
      [5],
      true,
      false,
      () => 1,
      Symbol("price"),
      new Date(0),
    ];
    for (const value of invalid) {
      for (const id of MOEDA_IDS) expect(formatPrice(value, id)).toBe("Preço inválido");
    }
  });

  it("refuses absurd exponents instead of building enormous strings", () => {
    expect(formatPrice("1e999999999", PYG)).toBe(INVALID_PRICE);
    expect(formatPrice("1e-999999999", USD)).toBe("U$ 0,00");
  });

  it("formats an unknown currency id as reais", () => {
    expect(formatPrice(1234.5, 0)).toBe("R$ 1.234,50");
    expect(formatPrice(1234.5, 99)).toBe("R$ 1.234,50");
    expect(formatPrice(1234.5, NaN)).toBe("R$ 1.234,50");
    expect(formatPrice(1234.5, undefined)).toBe("R$ 1.234,50");
    expect(formatPrice(1234.5, null)).toBe("R$ 1.234,50");
    expect(formatPrice("abc", 99)).toBe(INVALID_PRICE);
  });

  it("isPrice agrees with formatPrice", () => {
    expect(isPrice(0)).toBe(true);
    expect(isPrice("10.5")).toBe(true);
    expect(isPrice(-1)).toBe(false);
    expect(isPrice("abc")).toBe(false);
    expect(isPrice(null)).toBe(false);
  });
});

describe("convertPrice", () => {
  it("converts 100 U$ into every currency", () => {
    expect(convertPrice(100, USD, PYG, RATES)).toBe("730000");
    expect(convertPrice(100, USD, BRL, RATES)).toBe("540.00");
    expect(convertPrice(100, USD, ARS, RATES)).toBe("118000.00");
    expect(formatPrice(convertPrice(100, USD, PYG, RATES), PYG)).toBe("G$ 730.000");
    expect(formatPrice(convertPrice(100, USD, BRL, RATES), BRL)).toBe("R$ 540,00");
    expect(formatPrice(convertPrice(100, USD, ARS, RATES), ARS)).toBe("P$ 118.000");
  });

  it("converts into dollars by dividing by the rate", () => {
    expect(convertPrice("730000", PYG, USD, RATES)).toBe("100.00");
    expect(convertPrice(10000, PYG, USD, RATES)).toBe("1.37"); // 1.36986…
    expect(convertPrice("540", BRL, USD, RATES)).toBe("100.00");
    expect(convertPrice(1, BRL, USD, RATES)).toBe("0.19"); // 0.185185…
    expect(convertPrice(1180, ARS, USD, RATES)).toBe("1.00");
  });

  it("converts between two non-dollar currencies through the dollar", () => {
    // 100 / 5.4 * 7300 = 135185.185…
    expect(convertPrice(100, BRL, PYG, RATES)).toBe("135185");
    expect(convertPrice("540.00", BRL, PYG, RATES)).toBe("730000");
    expect(convertPrice(730000, PYG, BRL, RATES)).toBe("540.00");
    // 50000 / 7300 * 1180 = 8082.1917…
    expect(convertPrice(50000, PYG, ARS, RATES)).toBe("8082.19");
    expect(formatPrice(convertPrice(100, BRL, PYG, RATES), PYG)).toBe("G$ 135.185");
  });

  it("rounds half up to the target's decimals", () => {
    const rates = [rate(BRL, "5"), rate(PYG, "7000")];
    expect(convertPrice("0.001", USD, BRL, rates)).toBe("0.01"); // 0.005
    expect(convertPrice("0.0009", USD, BRL, rates)).toBe("0.00"); // 0.0045
    expect(convertPrice("0.0005", USD, PYG, rates)).toBe("4"); // 3.5
    expect(convertPrice("0.00007", USD, PYG, rates)).toBe("0"); // 0.49
  });

  it("keeps huge guaraní amounts exact", () => {
    expect(convertPrice("98765432109876543", PYG, PYG, RATES)).toBe("98765432109876543");
    expect(convertPrice("13529511247928293", USD, PYG, RATES)).toBe("98765432109876538900");
  });

  it("returns the value unchanged for the same currency", () => {
    expect(convertPrice("1234.5", USD, USD, [])).toBe("1234.5");
    expect(convertPrice(" 150000.00 ", PYG, PYG, [])).toBe("150000.00");
    expect(convertPrice(12.345, BRL, BRL, RATES)).toBe("12.345");
    expect(convertPrice(1e21, PYG, PYG, RATES)).toBe("1000000000000000000000");
    expect(convertPrice("1e3", ARS, ARS, RATES)).toBe("1000");
  });

  it("returns 0 without the needed rates", () => {
    expect(convertPrice(100, USD, PYG, [])).toBe("0");
    expect(convertPrice(100, USD, PYG, null)).toBe("0");
    expect(convertPrice(100, USD, PYG, undefined)).toBe("0");
    expect(convertPrice(100, BRL, PYG, [rate(PYG, 7300)])).toBe("0");
    expect(convertPrice(100, BRL, USD, [rate(PYG, 7300)])).toBe("0");
    expect(convertPrice(100, USD, 9, RATES)).toBe("0");
  });

  it("ignores rates that cannot be used", () => {
    const other: ExchangeRate = { source_currency: { id: BRL }, target_currency: { id: PYG }, tax: 1350 };
    expect(convertPrice(100, USD, PYG, [other])).toBe("0");
    expect(convertPrice(100, USD, PYG, [rate(PYG, 0)])).toBe("0");
    expect(convertPrice(100, USD, PYG, [rate(PYG, "-7300")])).toBe("0");
    expect(convertPrice(100, USD, PYG, [rate(PYG, "abc")])).toBe("0");
    expect(convertPrice(100, PYG, USD, [rate(PYG, 0)])).toBe("0");
    // A broken row does not hide a good one behind it.
    expect(convertPrice(100, USD, PYG, [rate(PYG, "abc"), rate(PYG, "7300")])).toBe("730000");
    const partial = [{ source_currency: null, target_currency: null, tax: 1 }] as unknown as ExchangeRate[];
    expect(convertPrice(100, USD, PYG, partial)).toBe("0");
  });

  it("uses the currency's decimals even when the rate says otherwise", () => {
    expect(convertPrice(1, USD, PYG, [rate(PYG, "7300.5", 2)])).toBe("7301");
  });

  it("uses the rate's decimals for a currency it does not know", () => {
    expect(convertPrice(1, USD, 7, [rate(7, "3.14159", 3)])).toBe("3.142");
    expect(convertPrice(1, USD, 7, [rate(7, "3.14159")])).toBe("3.14");
  });

  it("keeps an invalid value invalid", () => {
    expect(convertPrice("abc", USD, PYG, RATES)).toBe("NaN");
    expect(convertPrice(-5, USD, PYG, RATES)).toBe("NaN");
    expect(convertPrice(NaN, USD, USD, RATES)).toBe("NaN");
    expect(formatPrice(convertPrice("abc", USD, PYG, RATES), PYG)).toBe(INVALID_PRICE);
  });

  it("accepts numeric rate strings with spaces", () => {
    expect(convertPrice(2, USD, BRL, [rate(BRL, " 5.40 ")])).toBe("10.80");
  });
});

describe("priceIn", () => {
  it("builds preco_atual in the target currency", () => {
    expect(priceIn(100, USD, PYG, RATES)).toEqual({
      valor_venda: "730000",
      formatado: "G$ 730.000",
      moeda: { id: 3, simbolo: "G$", casas_decimais: 0 },
    });
    expect(priceIn("19.9", USD, USD, RATES)).toEqual({
      valor_venda: "19.9",
      formatado: "U$ 19,90",
      moeda: { id: 2, simbolo: "U$", casas_decimais: 2 },
    });
    expect(priceIn(100, USD, ARS, RATES)).toEqual({
      valor_venda: "118000.00",
      formatado: "P$ 118.000",
      moeda: { id: 4, simbolo: "P$", casas_decimais: 2 },
    });
    expect(priceIn(100, USD, BRL, RATES).formatado).toBe("R$ 540,00");
  });

  it("shows zero without rates and 'Preço inválido' for a bad value", () => {
    expect(priceIn(100, USD, PYG, []).formatado).toBe("G$ 0");
    expect(priceIn("abc", USD, PYG, RATES).formatado).toBe(INVALID_PRICE);
  });

  it("displays an unknown target currency as reais", () => {
    expect(priceIn(10, 9, 9, RATES)).toEqual({
      valor_venda: "10",
      formatado: "R$ 10,00",
      moeda: { id: 9, simbolo: "R$", casas_decimais: 2 },
    });
  });
});

describe("secondaryCurrencies", () => {
  it("puts the dollar first in Spanish", () => {
    expect(secondaryCurrencies(PYG, "es-PY")).toEqual([USD, BRL, ARS]);
    expect(secondaryCurrencies(ARS, "es-AR")).toEqual([USD, BRL, PYG]);
    expect(secondaryCurrencies(BRL, "es-PY")).toEqual([USD, PYG, ARS]);
    expect(secondaryCurrencies(USD, "es-AR")).toEqual([BRL, PYG, ARS]);
  });

  it("puts the real first in Portuguese", () => {
    expect(secondaryCurrencies(USD, "pt-BR")).toEqual([BRL, PYG, ARS]);
    expect(secondaryCurrencies(PYG, "pt-BR")).toEqual([BRL, USD, ARS]);
    expect(secondaryCurrencies(ARS, "pt-BR")).toEqual([BRL, USD, PYG]);
    expect(secondaryCurrencies(BRL, "pt-BR")).toEqual([USD, PYG, ARS]);
  });

  it("lists all four for an unknown product currency", () => {
    expect(secondaryCurrencies(0, "pt-BR")).toEqual([BRL, USD, PYG, ARS]);
    expect(secondaryCurrencies(0, "es-PY")).toEqual([USD, BRL, PYG, ARS]);
  });
});
