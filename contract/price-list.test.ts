import { describe, expect, it } from "vitest";
import { priceList, priceListCodeWidth, priceListLine } from "./price-list.ts";

const item = (codigo: string, nome: string, formatado: string, mostrar_preco = true) => ({
  codigo,
  nome,
  mostrar_preco,
  preco_atual: { formatado },
});

describe("priceListLine", () => {
  it("pads the code to 12 and the name to 90, then the price between asterisks", () => {
    const line = priceListLine(item("MKT-0001", "Furadeira de Impacto 750W", "U$ 1.234,56"));
    expect(line).toBe(`MKT-0001    ${"Furadeira de Impacto 750W".padEnd(90)}*U$ 1.234,56*`);
    expect(line.indexOf("*")).toBe(102);
  });

  it("keeps a space after a code that fills its column", () => {
    expect(priceListLine(item("VDR-VDF4524-220", "Furadeira", "U$ 61,90"), 16)).toBe(`VDR-VDF4524-220 ${"Furadeira".padEnd(90)}*U$ 61,90*`);
  });

  it("widens the code column of a whole file to its longest code, so prices stay in one column", () => {
    const text = priceList([
      item("A1", "Serra", "U$ 1,00"),
      item("CODIGO-DE-15-CH", "Broca", "U$ 2,00"),
      item("123456789012", "Trena", "U$ 3,00", false),
    ]);
    const lines = text.split("\n").filter(Boolean);
    expect(lines.map((l) => l.search(/\*|N\/A$/))).toEqual([106, 106, 106]);
    expect(lines[1]!.startsWith("CODIGO-DE-15-CH ")).toBe(true);
    expect(priceListCodeWidth(3)).toBe(12);
    expect(priceListCodeWidth(12)).toBe(13);
  });

  it("writes N/A when the price is not shown", () => {
    expect(priceListLine(item("A1", "Serra", "G$ 100.000", false))).toBe(`A1          ${"Serra".padEnd(90)}N/A`);
  });

  it("keeps the columns when a name is too long or spans lines", () => {
    const line = priceListLine(item("X", `${"a".repeat(95)}\nb`, "R$ 1,00"));
    expect(line).toBe(`X           ${"a".repeat(90)}*R$ 1,00*`);
  });
});

describe("priceList", () => {
  it("is one line per product, and empty for none", () => {
    expect(priceList([])).toBe("");
    const text = priceList([item("A", "B", "U$ 1,00"), item("C", "D", "U$ 2,00")]);
    expect(text.split("\n")).toHaveLength(3);
    expect(text.endsWith("*U$ 2,00*\n")).toBe(true);
  });
});
