import { describe, expect, it } from "vitest";
import { alternateLinks, cutText, htmlToText, jsonForScript, metaDescription, metaTitle } from "./meta.ts";

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
