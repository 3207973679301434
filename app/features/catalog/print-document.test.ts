import { describe, expect, it } from "vitest";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { gridPages, printDocument, type PrintTexts } from "./print-document.ts";

const texts: PrintTexts = {
  lang: "pt-BR",
  title: "Lista de produtos",
  generatedAt: "Gerado em 01/02/2026",
  disclaimer: "Os preços podem sofrer alterações sem aviso prévio.",
  code: "Código",
  name: "Produto",
  price: "Preço",
  priceOnRequest: "Sob consulta",
};

const product = (id: number, extra: Partial<ProductSummary> = {}) =>
  ({
    id,
    nome: `Produto <${id}>`,
    codigo: `C${id}`,
    imagens: [],
    mostrar_preco: true,
    preco_atual: { formatado: `U$ ${id},00` },
    ...extra,
  }) as ProductSummary;

describe("gridPages", () => {
  it("puts 20 on the first sheet and 25 on later ones", () => {
    expect(gridPages([]).length).toBe(0);
    expect(gridPages(Array.from({ length: 20 }, (_, i) => i)).map((p) => p.length)).toEqual([20]);
    expect(gridPages(Array.from({ length: 71 }, (_, i) => i)).map((p) => p.length)).toEqual([20, 25, 25, 1]);
  });
});

describe("printDocument", () => {
  it("carries the date and disclaimer once, escapes names and shows 'on request'", () => {
    const html = printDocument("list", [product(1), product(2, { mostrar_preco: false })], texts);
    expect(html).toContain('<html lang="pt-BR">');
    expect(html.match(/Gerado em/g)).toHaveLength(1);
    expect(html).toContain(texts.disclaimer);
    expect(html).toContain("Produto &lt;1&gt;");
    expect(html).toContain("Sob consulta");
    expect(html).toContain("U$ 1,00");
  });
  it("prints the grid on A4 with 5 columns and one sheet per page", () => {
    const html = printDocument(
      "grid",
      Array.from({ length: 30 }, (_, i) => product(i + 1)),
      texts,
    );
    expect(html).toContain("size: A4");
    expect(html).toContain("repeat(5, 1fr)");
    expect(html.match(/class="sheet"/g)).toHaveLength(2);
  });
});
