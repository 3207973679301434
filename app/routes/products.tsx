import { listHeaders, loadCatalogList } from "#app/features/catalog/list-loader.server.ts";
import { ProductListPage } from "#app/features/catalog/product-list-page.tsx";
import { buildMeta, rootData } from "#app/lib/meta.ts";
import type { Route } from "./+types/products";

/** The page size follows the Sec-CH-UA-Mobile hint when the address does not name one. */
export const headers: Route.HeadersFunction = listHeaders;

/** Spec §2 "Product list": /produtos/{categoriaSlug?}/{departamentoSlug?} with text, page, sort, brandSlug, order. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCatalogList({
    request,
    context,
    kind: "products",
    slugs: { category: params.categoriaSlug, department: params.departamentoSlug },
  });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  buildMeta(rootData(matches), location.pathname, (t) => loaderData?.title ?? t("pages.products.title"));

export default function ProductsRoute({ loaderData }: Route.ComponentProps) {
  return <ProductListPage data={loaderData} />;
}
