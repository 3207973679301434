import { describe, expect, it } from "vitest";
import { escapeXml, productSitemapCount, sitemapIndex, urlEntry } from "./sitemap.ts";

describe("sitemap", () => {
  it("splits the catalogue into files of at most 50,000 URLs", () => {
    expect(productSitemapCount(0)).toBe(1);
    expect(productSitemapCount(50_000)).toBe(1);
    expect(productSitemapCount(100_000)).toBe(2);
    expect(productSitemapCount(100_001)).toBe(3);
  });

  it("escapes XML", () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    expect(urlEntry({ loc: "https://x/produto/a?b=1&c=2", lastmod: "2026-01-01", alternates: { es: "https://y/p" } })).toBe(
      '<url><loc>https://x/produto/a?b=1&amp;c=2</loc><lastmod>2026-01-01</lastmod><xhtml:link rel="alternate" hreflang="es" href="https://y/p"/></url>\n',
    );
    expect(sitemapIndex([{ loc: "https://x/s.xml?page=1&a=b" }])).toContain("<loc>https://x/s.xml?page=1&amp;a=b</loc>");
  });
});
