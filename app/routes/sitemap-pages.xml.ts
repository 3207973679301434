import { serverApi } from "#app/lib/api-client.ts";
import { URLSET_CLOSE, URLSET_OPEN, alternatesFor, urlEntry, w3cDate } from "#app/features/product/sitemap.ts";
import type { Route } from "./+types/sitemap-pages.xml";

const STATIC_PATHS = ["/", "/produtos", "/produtos?order=codigo_desc", "/marcas", "/vendedores", "/sobre-nos", "/como-comprar", "/especial"];

const unavailable = (error: unknown): never => {
  console.error("sitemap: categories or brands unavailable", error);
  throw new Response("Sitemap unavailable", { status: 503 });
};

/** The storefront's fixed pages, every category with its departments, the special line's categories, and every brand. */
export async function loader({ context }: Route.LoaderArgs) {
  const lang = context.site.brand === "es" ? "es" : "pt";
  const api = serverApi(context);
  const [categories, special, brands] = await Promise.all([
    api("GET /api/public/categories", { query: { lang } }),
    api("GET /api/public/categories", { query: { lang, special: "only" } }),
    api("GET /api/public/brands", { query: { lang } }),
  ]).catch(unavailable);
  const paths = [
    ...STATIC_PATHS,
    ...categories.data.flatMap((c) => [`/produtos/${c.slug}`, ...c.departments.map((d) => `/produtos/${c.slug}/${d.slug}`)]),
    ...special.data.map((c) => `/especial/${c.slug}`),
    ...brands.data.map((b) => `/marca/${b.slug}`),
  ];
  const lastmod = w3cDate(new Date());
  const body =
    URLSET_OPEN +
    paths.map((path) => urlEntry({ loc: `${context.site.origin}${path}`, lastmod, alternates: alternatesFor(context.site, path) })).join("") +
    URLSET_CLOSE;
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
