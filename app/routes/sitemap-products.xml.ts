import type { ProductsPage } from "#contract/api/catalog.ts";
import { productPath } from "#app/features/product/json-ld.ts";
import {
  SITEMAP_API_PAGE,
  URLSET_CLOSE,
  URLSET_OPEN,
  alternatesFor,
  apiPagesForFile,
  productSitemapCount,
  urlEntry,
  w3cDate,
} from "#app/features/product/sitemap.ts";
import type { Route } from "./+types/sitemap-products.xml";

const PREFETCH = 4;
/** A finished file's product paths are kept this long, so crawlers re-reading it cost nothing. */
const CACHE_MS = 60 * 60 * 1000;
const cache = new Map<number, { expires: number; paths: string[] }>();

const productsPage = (page: number, perPage = SITEMAP_API_PAGE) =>
  `/api/public/products?per_page=${perPage}&page=${page}&order_by=id&order=asc`;

/**
 * One product sitemap file (`?page=N`, ≤ 50,000 URLs). It streams: each API page of 100 products is
 * written as soon as it arrives, so the crawler starts reading at once. The API answers deep pages
 * slowly (offset paging plus a count each time: ~100 s for a file of 50,000 on the benchmark
 * catalogue), so each file's paths are then kept in memory for an hour (~3 MB per file).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const file = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const first = await context.apiFetch(productsPage(1, 1));
  if (!first.ok) throw new Response("Sitemap unavailable", { status: 503 });
  const { total } = (await first.json()) as ProductsPage;
  if (!Number.isInteger(file) || file < 1 || file > productSitemapCount(total)) throw new Response("Not Found", { status: 404 });

  // The API does not expose when a product changed; the file's own date is the best we can say.
  const lastmod = w3cDate(new Date());
  const { origin } = context.site;
  const encoder = new TextEncoder();
  const headers = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" };
  const entry = (path: string) => urlEntry({ loc: `${origin}${path}`, lastmod, alternates: alternatesFor(context.site, path) });

  const cached = cache.get(file);
  if (cached && cached.expires > Date.now()) {
    return new Response(URLSET_OPEN + cached.paths.map(entry).join("") + URLSET_CLOSE, { headers });
  }

  const pages = apiPagesForFile(file, total);
  const paths: string[] = [];

  const fetchPage = async (page: number) => {
    const response = await context.apiFetch(productsPage(page));
    if (!response.ok) throw new Error(`products page ${page} answered ${response.status}`);
    return ((await response.json()) as ProductsPage).data;
  };

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(URLSET_OPEN));
      // A few API pages in flight at once (written in order) to overlap the waits.
      const inFlight = pages.slice(0, PREFETCH).map(fetchPage);
      inFlight.forEach((p) => p.catch(() => undefined));
      try {
        for (let i = 0; i < pages.length; i++) {
          const data = await inFlight[i]!;
          const following = pages[i + PREFETCH];
          if (following !== undefined) {
            const next = fetchPage(following);
            next.catch(() => undefined);
            inFlight.push(next);
          }
          const chunk = data.map(productPath);
          paths.push(...chunk);
          controller.enqueue(encoder.encode(chunk.map(entry).join("")));
        }
        controller.enqueue(encoder.encode(URLSET_CLOSE));
        controller.close();
        cache.set(file, { expires: Date.now() + CACHE_MS, paths });
      } catch (error) {
        // A cut-off file is invalid XML, which crawlers discard and fetch again later.
        console.error("sitemap: product listing failed", error);
        controller.error(error);
      }
    },
  });
  return new Response(stream, { headers });
}
