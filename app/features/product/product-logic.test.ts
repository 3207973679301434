import { describe, expect, it } from "vitest";
import type { ProductDetails } from "#contract/api/catalog.ts";
import type { ExchangeRate } from "#contract/money.ts";
import { breadcrumbJsonLd, breadcrumbs, productJsonLd } from "./json-ld.ts";
import { specValue } from "./product-details.tsx";
import { clampQuantity, maxQuantity, priceBlock } from "./product-logic.ts";
import { pageCount } from "./related.ts";

const rates: ExchangeRate[] = [
  { source_currency: { id: 2 }, target_currency: { id: 1 }, tax: "5.5" },
  { source_currency: { id: 2 }, target_currency: { id: 3 }, tax: "7300" },
  { source_currency: { id: 2 }, target_currency: { id: 4 }, tax: "1000" },
];

const product: ProductDetails = {
  id: 7,
  slug: "furadeira-700w",
  nome: "Furadeira </script> 700 W",
  codigo: "FUR-700",
  imagens: [{ url: "/media/a.webp" }, { url: "https://cdn.example/b.webp" }],
  valor_venda: "100.00",
  moeda: { id: 2 },
  preco_atual: { valor_venda: "100.00", formatado: "U$ 100,00", moeda: { id: 2, simbolo: "U$", casas_decimais: 2 } },
  qtde_disponivel: 5,
  tem_estoque: true,
  tem_estoque_fisico: true,
  mostrar_preco: true,
  especial: false,
  token: "",
  marca: { id: 3, nome: "Bosch", slug: "bosch" },
  categoria: { id: 1, name: "Ferramentas", slug: "ferramentas" },
  departamento: { id: 2, name: "Furadeiras", slug: "furadeiras" },
  descritivo: "<p>Potente &amp; leve</p>",
  caracteristica: "",
  especificacoes: [],
};

describe("quantity (spec §9: 1..min(99, stock))", () => {
  it("caps at the stock and at 99", () => {
    expect(maxQuantity(5)).toBe(5);
    expect(maxQuantity(500)).toBe(99);
    expect(maxQuantity(0)).toBe(0);
    expect(maxQuantity(-3)).toBe(0);
  });

  it("alerts when asking for more than the maximum", () => {
    expect(clampQuantity(6, 5)).toEqual({ quantity: 5, capped: true });
    expect(clampQuantity(5, 5)).toEqual({ quantity: 5, capped: false });
    expect(clampQuantity(0, 5)).toEqual({ quantity: 1, capped: false });
    expect(clampQuantity(Number.NaN, 5)).toEqual({ quantity: 1, capped: false });
    expect(clampQuantity(2.7, 5)).toEqual({ quantity: 2, capped: false });
  });
});

describe("price block (spec §9)", () => {
  it("orders secondary currencies USD first in Spanish, BRL first in Portuguese", () => {
    const pyg = { ...product, valor_venda: "730000", moeda: { id: 3 } };
    expect(priceBlock(pyg, "es-PY", rates, "inválido").others.map((o) => o.moedaId)).toEqual([2, 1, 4]);
    expect(priceBlock(pyg, "pt-BR", rates, "inválido").others.map((o) => o.moedaId)).toEqual([1, 2, 4]);
  });

  it("formats the own price and converts through USD", () => {
    const block = priceBlock(product, "pt-BR", rates, "inválido");
    expect(block.main).toEqual({ moedaId: 2, text: "U$ 100,00" });
    expect(block.others).toEqual([
      { moedaId: 1, text: "R$ 550,00" },
      { moedaId: 3, text: "G$ 730.000" },
      { moedaId: 4, text: "P$ 100.000" },
    ]);
  });

  it("says the price is invalid for a bad value and hides everything when mostrar_preco is false", () => {
    expect(priceBlock({ ...product, valor_venda: "abc" }, "pt-BR", rates, "Preço inválido")).toEqual({
      main: { moedaId: 2, text: "Preço inválido" },
      others: [],
      valid: false,
    });
    expect(priceBlock({ ...product, mostrar_preco: false }, "pt-BR", rates, "x")).toEqual({ main: null, others: [], valid: false });
  });
});

describe("spec table", () => {
  it("shows a dash for empty values", () => {
    expect(specValue(null)).toBe("-");
    expect(specValue("  ")).toBe("-");
    expect(specValue("220 V")).toBe("220 V");
  });
});

describe("structured data", () => {
  it("builds a Product with an offer and absolute images", () => {
    const ld = productJsonLd(product, "https://loja.example");
    expect(ld).toMatchObject({
      "@type": "Product",
      sku: "FUR-700",
      url: "https://loja.example/produto/furadeira-700w",
      image: ["https://loja.example/media/a.webp", "https://cdn.example/b.webp"],
      description: "Potente & leve",
      brand: { "@type": "Brand", name: "Bosch" },
      offers: { price: "100.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    expect(productJsonLd({ ...product, mostrar_preco: false }, "https://x")).not.toHaveProperty("offers");
  });

  it("builds the breadcrumb trail through category and department", () => {
    const crumbs = breadcrumbs(product, { home: "Início", products: "Produtos" });
    expect(crumbs.map((c) => c.path)).toEqual([
      "/",
      "/produtos",
      "/produtos/ferramentas",
      "/produtos/ferramentas/furadeiras",
      "/produto/furadeira-700w",
    ]);
    const ld = breadcrumbJsonLd(crumbs, "https://x");
    expect(ld.itemListElement[4]).toEqual({ "@type": "ListItem", position: 5, name: product.nome, item: "https://x/produto/furadeira-700w" });
  });
});

describe("related carousel", () => {
  it("counts pages of 5", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(5)).toBe(1);
    expect(pageCount(12)).toBe(3);
  });
});
