import { describe, expect, it } from "vitest";
import { changeSearch, productsQuery, readListParams, sortQuery } from "./list-query.ts";

describe("readListParams", () => {
  it("reads the spec's query parameters and ignores nonsense", () => {
    const p = readListParams(
      new URLSearchParams("text= furadeira &page=3&sort=nome:desc&brandSlug=4,2,x,4&order=codigo_desc&availability=available"),
    );
    expect(p).toEqual({ text: "furadeira", page: 3, sort: "nome:desc", brandIds: [4, 2], news: true, availableOnly: true, perPage: 20 });
    const bad = readListParams(new URLSearchParams("page=-2&sort=preco&per_page=99"));
    expect(bad.page).toBe(1);
    expect(bad.sort).toBe("");
    expect(bad.perPage).toBe(20);
    expect(readListParams(new URLSearchParams("per_page=12")).perPage).toBe(12);
  });

  it("gives a phone that says so 12 a page, unless the address names a size", () => {
    expect(readListParams(new URLSearchParams(""), true).perPage).toBe(12);
    expect(readListParams(new URLSearchParams("per_page=20"), true).perPage).toBe(20);
    expect(readListParams(new URLSearchParams("per_page=99"), true).perPage).toBe(20);
    expect(readListParams(new URLSearchParams(""), false).perPage).toBe(20);
  });
});

describe("sortQuery", () => {
  it("puts stock first, then the field (spec §7)", () => {
    expect(sortQuery({ sort: "", news: false })).toEqual({ order_by: "tem_estoque,id", order: "desc,desc" });
    expect(sortQuery({ sort: "valor_venda:asc", news: false })).toEqual({ order_by: "tem_estoque,valor_venda", order: "desc,asc" });
    expect(sortQuery({ sort: "", news: true })).toEqual({ order_by: "tem_estoque,codigo", order: "desc,desc" });
  });
});

describe("productsQuery", () => {
  it("drops category and department when searching, and asks for typo tolerance", () => {
    const q = productsQuery(readListParams(new URLSearchParams("text=serra")), { categoryId: 1, departmentId: 2 }, "es-PY", 3);
    expect(q.all_products).toBe("1");
    expect(q.category_id).toBeUndefined();
    expect(q.lang).toBe("es");
    expect(q.moeda_id).toBe("3");
  });
  it("omits lang for Portuguese and maps brands and availability", () => {
    const q = productsQuery(readListParams(new URLSearchParams("brandSlug=5,7&availability=available&page=2")), { categoryId: 1 }, "pt-BR", 2);
    expect(q.lang).toBeUndefined();
    expect(q.brands_ids).toBe("5,7");
    expect(q.tem_estoque).toBe("1");
    expect(q.category_id).toBe("1");
    expect(q.page).toBe("2");
    expect(q.per_page).toBe("20");
  });
});

describe("changeSearch", () => {
  const current = new URLSearchParams("text=x&page=4&brandSlug=1&sort=nome:asc");
  it("resets the page on sort, keeps the rest", () => {
    expect(changeSearch(current, { kind: "sort", sort: "valor_venda:desc" })).toBe("?text=x&brandSlug=1&sort=valor_venda%3Adesc");
  });
  it("clears page, brands and text on a new category or department", () => {
    expect(changeSearch(current, { kind: "scope" })).toBe("?sort=nome%3Aasc");
  });
  it("writes brands as comma-separated ids", () => {
    expect(changeSearch(new URLSearchParams(), { kind: "brands", brandIds: [3, 9] })).toBe("?brandSlug=3%2C9");
  });
  it("leaves page 1 out of the address", () => {
    expect(changeSearch(current, { kind: "page", page: 1 })).toBe("?text=x&brandSlug=1&sort=nome%3Aasc");
  });
});
