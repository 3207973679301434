import { serverApi } from "#app/lib/api-client.ts";
import { productSitemapCount, sitemapIndex, w3cDate } from "#app/features/product/sitemap.ts";
import type { Route } from "./+types/sitemap.xml";

const unavailable = (error: unknown): never => {
  console.error("sitemap: the product count is unavailable", error);
  throw new Response("Sitemap unavailable", { status: 503 });
};

const XML_HEADERS = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" };

/**
 * Sitemap index (robots.txt points here): one file for the pages, categories, departments and
 * brands, and as many product files of ≤ 50,000 URLs as the catalogue needs (100,000 products → 2).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { total } = await serverApi(context)("GET /api/public/products", { query: { per_page: 1, page: 1 } }).catch(unavailable);
  const origin = context.site.origin;
  const lastmod = w3cDate(new Date());
  const files = [
    { loc: `${origin}/sitemap-pages.xml`, lastmod },
    ...Array.from({ length: productSitemapCount(total) }, (_, i) => ({ loc: `${origin}/sitemap-products.xml?page=${i + 1}`, lastmod })),
  ];
  return new Response(sitemapIndex(files), { headers: XML_HEADERS });
}
