import { serverApi } from "#app/lib/api-client.ts";
import { URLSET_CLOSE, URLSET_OPEN, alternatesFor, urlEntry, w3cDate } from "#app/features/product/sitemap.ts";
import type { Route } from "./+types/sitemap-products.xml";

/**
 * One product sitemap file (`?page=N`, ≤ 50,000 URLs): the API reads the file's slugs in one
 * query, so even the last file of a large catalogue answers at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const file = Number(new URL(request.url).searchParams.get("page") ?? "1");
  if (!Number.isInteger(file) || file < 1 || file > 10_000) throw new Response("Not Found", { status: 404 });
  const slice = await serverApi(context)("GET /api/public/products/slugs", { query: { file } }).catch((error: unknown) => {
    console.error("sitemap: product slugs unavailable", error);
    throw new Response("Sitemap unavailable", { status: 503 });
  });
  // File 1 always exists (an empty catalogue has an empty file); later ones only when there are products for them.
  if (file > 1 && slice.data.length === 0) throw new Response("Not Found", { status: 404 });

  // The API does not expose when a product changed; the file's own date is the best we can say.
  const lastmod = w3cDate(new Date());
  const { origin } = context.site;
  const body = slice.data
    .map((slug) => {
      const path = `/produto/${encodeURIComponent(slug)}`;
      return urlEntry({ loc: `${origin}${path}`, lastmod, alternates: alternatesFor(context.site, path) });
    })
    .join("");
  return new Response(URLSET_OPEN + body + URLSET_CLOSE, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
