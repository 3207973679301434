import type { Brand, Category } from "#contract/api/catalog.ts";
import { URLSET_CLOSE, URLSET_OPEN, alternatesFor, urlEntry, w3cDate } from "#app/features/product/sitemap.ts";
import type { Route } from "./+types/sitemap-pages.xml";

const STATIC_PATHS = ["/", "/produtos", "/produtos?order=codigo_desc", "/marcas", "/vendedores", "/sobre-nos", "/como-comprar", "/especial"];

async function list<T>(apiFetch: Route.LoaderArgs["context"]["apiFetch"], path: string): Promise<T[]> {
  const response = await apiFetch(path);
  if (!response.ok) throw new Response("Sitemap unavailable", { status: 503 });
  return ((await response.json()) as { data: T[] }).data;
}

/** The storefront's fixed pages, every category with its departments, the special line's categories, and every brand. */
export async function loader({ context }: Route.LoaderArgs) {
  const lang = context.site.brand === "es" ? "es" : "pt";
  const [categories, special, brands] = await Promise.all([
    list<Category>(context.apiFetch, `/api/public/categories?lang=${lang}`),
    list<Category>(context.apiFetch, `/api/public/categories?lang=${lang}&special=only`),
    list<Brand>(context.apiFetch, `/api/public/brands?lang=${lang}`),
  ]);
  const paths = [
    ...STATIC_PATHS,
    ...categories.flatMap((c) => [`/produtos/${c.slug}`, ...c.departments.map((d) => `/produtos/${c.slug}/${d.slug}`)]),
    ...special.map((c) => `/especial/${c.slug}`),
    ...brands.map((b) => `/marca/${b.slug}`),
  ];
  const lastmod = w3cDate(new Date());
  const body =
    URLSET_OPEN +
    paths.map((path) => urlEntry({ loc: `${context.site.origin}${path}`, lastmod, alternates: alternatesFor(context.site, path) })).join("") +
    URLSET_CLOSE;
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
