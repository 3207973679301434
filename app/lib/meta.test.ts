import { describe, expect, it } from "vitest";
import { alternateLinks, buildMeta, cutText, htmlToText, jsonForScript, metaDescription, metaTitle, pageTitle } from "./meta.ts";

describe("meta text cuts (spec §9)", () => {
  it("keeps a title of 60 characters and cuts a longer one to 57 plus an ellipsis", () => {
    expect(metaTitle("a".repeat(60))).toBe("a".repeat(60));
    expect(metaTitle("a".repeat(61))).toBe(`${"a".repeat(57)}…`);
    expect(metaTitle("a".repeat(61))).toHaveLength(58);
  });

  it("cuts descriptions at 160", () => {
    expect(metaDescription("b".repeat(160))).toBe("b".repeat(160));
    expect(metaDescription("b".repeat(200))).toBe(`${"b".repeat(157)}…`);
  });

  it("collapses whitespace and does not leave a space before the ellipsis", () => {
    expect(cutText("  uma   frase  ", 60)).toBe("uma frase");
    expect(cutText(`${"x".repeat(6)} ${"y".repeat(10)}`, 10)).toBe("xxxxxx…");
  });
});

describe("htmlToText", () => {
  it("drops tags, scripts and decodes the common entities", () => {
    expect(htmlToText("<p>Furadeira&nbsp;<b>700&nbsp;W</b></p><script>x()</script> &amp; mais")).toBe("Furadeira 700 W & mais");
  });
});

describe("jsonForScript", () => {
  it("escapes characters that could end the script element", () => {
    const text = jsonForScript({ name: "</script><script>alert(1)</script> & \u2028" });
    expect(text).not.toContain("<");
    expect(text).not.toContain(">");
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script> & \u2028" });
  });
});

describe("alternateLinks", () => {
  it("links both hosts and the default", () => {
    const links = alternateLinks({ originPt: "https://pt.example", originEs: "https://es.example" }, "/produto/x");
    expect(links).toEqual([
      { tagName: "link", rel: "alternate", hrefLang: "pt-BR", href: "https://pt.example/produto/x" },
      { tagName: "link", rel: "alternate", hrefLang: "es", href: "https://es.example/produto/x" },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://pt.example/produto/x" },
    ]);
  });
});

describe("page titles (spec §9, and the host's brand language)", () => {
  const shell = (brand: "pt" | "es", locale: "pt-BR" | "es-PY" | "es-AR") =>
    ({
      locale,
      site: {
        brand,
        brandName: brand === "pt" ? "Ferramentas do Paraguai" : "Ferretería del Este",
        origin: "https://x",
        originPt: "https://x",
        originEs: "https://y",
      },
    }) as unknown as Parameters<typeof buildMeta>[0];
  const titleOf = (tags: ReturnType<typeof buildMeta>) => (tags.find((tag) => "title" in tag) as { title: string }).title;

  it("follows the host: Portuguese on the Portuguese brand's host whatever the visitor reads", () => {
    expect(titleOf(buildMeta(shell("pt", "es-PY"), "/sobre-nos", (t) => t("pages.about.title")))).toBe(
      titleOf(buildMeta(shell("pt", "pt-BR"), "/sobre-nos", (t) => t("pages.about.title"))),
    );
    expect(titleOf(buildMeta(shell("es", "pt-BR"), "/sobre-nos", (t) => t("pages.about.title")))).toBe(
      titleOf(buildMeta(shell("es", "es-AR"), "/sobre-nos", (t) => t("pages.about.title"))),
    );
    expect(titleOf(buildMeta(shell("pt", "es-PY"), "/"))).toContain("Ferramentas e equipamentos");
  });

  it("cuts every long title the same way: 57 characters and one ellipsis", () => {
    const name = "Furadeira de impacto profissional com maleta e acessórios 750 W 220 V";
    const product = pageTitle(shell("pt", "pt-BR"), () => name);
    const list = titleOf(buildMeta(shell("pt", "pt-BR"), "/produtos", () => name));
    expect(product).toBe(list);
    expect(product).toBe(`${`${name} | Ferramentas do Paraguai`.slice(0, 57).trimEnd()}…`);
  });
});
