import { SITEMAP_MAX_URLS } from "#contract/api/catalog.ts";

// sitemaps.org limits: at most 50,000 URLs per file; larger catalogues use an index of files.
export { SITEMAP_MAX_URLS };

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
  /** hreflang → absolute URL. */
  alternates?: Record<string, string>;
}

export const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = "</urlset>\n";

export function urlEntry({ loc, lastmod, alternates }: SitemapUrl): string {
  const links = Object.entries(alternates ?? {})
    .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${escapeXml(lang)}" href="${escapeXml(href)}"/>`)
    .join("");
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${links}</url>\n`;
}

export function sitemapIndex(entries: { loc: string; lastmod?: string }[]): string {
  const body = entries
    .map((e) => `<sitemap><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</sitemap>\n`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}</sitemapindex>\n`;
}

/** How many product sitemap files `total` products need. */
export const productSitemapCount = (total: number) => Math.max(1, Math.ceil(total / SITEMAP_MAX_URLS));

/** Both hosts' addresses of a path (hreflang), as the pages' own <link rel="alternate"> say. */
export const alternatesFor = (site: { originPt: string; originEs: string }, path: string) => ({
  "pt-BR": `${site.originPt}${path}`,
  es: `${site.originEs}${path}`,
  "x-default": `${site.originPt}${path}`,
});

/** W3C date (YYYY-MM-DD) of a moment. */
export const w3cDate = (date: Date) => date.toISOString().slice(0, 10);
