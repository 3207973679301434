import type { Route } from "./+types/robots.txt";

/** Crawlers may read the catalogue; customer areas and checkout are not for indexes. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /perfil",
    "Disallow: /checkout",
    "Disallow: /carrinho",
    "Disallow: /pedido",
    "Disallow: /pedidos",
    "Disallow: /success",
    "Disallow: /app/",
    "Disallow: /api/",
    "Disallow: /ecom/",
    "Disallow: /admin",
    `Sitemap: ${context.site.origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
