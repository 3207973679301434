import { describe, expect, it } from "vitest";
import type { Banner, Brand, Category, StartData } from "#contract/api/catalog.ts";
import { categoryIconSvg } from "#contract/category-icons.ts";
import { homeContent, pages, tabProductsPath } from "./home-content.ts";

const banner = (id: number, tipo: string, image = true): Banner => ({
  id,
  tipo,
  imagem: image ? { url: `/b/${id}.svg` } : null,
  link: `/l/${id}`,
  titulo: `T${id}`,
  descricao: null,
});
const category = (id: number, visivel_menu = true): Category => ({
  id,
  slug: `c${id}`,
  name: `C${id}`,
  icone: null,
  visivel_menu,
  departments: [],
});
const brand = (id: number, logo: string | null, destaque = false): Brand => ({ id, slug: `b${id}`, nome: `B${id}`, logo, destaque });

describe("homeContent", () => {
  const start: Partial<StartData> = {
    categories: [category(1), category(2, false), ...Array.from({ length: 10 }, (_, i) => category(i + 3))],
    brands: [brand(1, "/1.svg"), brand(2, null), brand(3, "/3.svg", true)],
    banners: [
      banner(1, "Banner Principal"),
      banner(9, "Banner Principal", false),
      banner(3, "Banner Principal"),
      banner(4, "Triplo Esquerdo"),
      banner(7, "Triplo Esquerdo"),
      banner(5, "Triplo Centro"),
      banner(6, "Triplo Direito"),
      banner(8, "Receba Ofertas"),
    ],
  };
  const content = homeContent(start);

  it("keeps menu categories only, at most 8", () => {
    expect(content.categories.map((c) => c.id)).toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
  });
  it("draws the icon a category names, by name or by the API's markup, else the one its slug picks", () => {
    const icons = homeContent({
      categories: [
        { ...category(1), icone: "energia" },
        { ...category(2), icone: categoryIconSvg("vape") },
        { ...category(3), icone: "<svg><circle r='1'/></svg>" },
      ],
    }).categories.map((c) => c.icon);
    expect(icons).toEqual(["energia", "vape", "c3"]);
  });
  it("shows brands with a logo, featured first in the main brands", () => {
    expect(content.stripBrands.map((b) => b.id)).toEqual([1, 3]);
    expect(content.mainBrands.map((b) => b.id)).toEqual([3, 1]);
  });
  it("needs an image for main banners and picks the highest id of each triple type", () => {
    expect(content.mainBanners.map((b) => b.id)).toEqual([1, 3]);
    expect(content.triple.map((b) => b.id)).toEqual([7, 5, 6]);
    expect(content.offersBanner?.id).toBe(8);
  });
  it("follows the back office's order: the main carousel by it, a slot's smallest order winning over a higher id", () => {
    const ordered = homeContent({
      banners: [
        { ...banner(1, "Banner Principal"), ordem: 2 },
        { ...banner(2, "Banner Principal"), ordem: 1 },
        { ...banner(3, "Banner Principal"), ordem: 1 },
        { ...banner(4, "Triplo Esquerdo"), ordem: 0 },
        { ...banner(7, "Triplo Esquerdo"), ordem: 5 },
      ],
    });
    expect(ordered.mainBanners.map((b) => b.id)).toEqual([2, 3, 1]);
    expect(ordered.triple.map((b) => b.id)).toEqual([4]);
  });
});

describe("pages", () => {
  it("splits 20 products into 4 pages of 5", () => {
    const result = pages(
      Array.from({ length: 20 }, (_, i) => i),
      5,
    );
    expect(result).toHaveLength(4);
    expect(result[3]).toEqual([15, 16, 17, 18, 19]);
  });
});

describe("tabProductsPath", () => {
  it("asks for the 8 newest products of the category", () => {
    expect(tabProductsPath(4, 2, "pt")).toBe("/api/public/products?category_id=4&per_page=8&order_by=id&order=desc&moeda_id=2");
    expect(tabProductsPath(4, 3, "es")).toContain("lang=es");
  });
});
