import { useTranslation } from "#app/i18n/react.tsx";
import { isRouteErrorResponse, Link } from "react-router";
import { ErrorPage } from "#app/features/layout/not-found.tsx";
import { listHeaders, loadCatalogList } from "#app/features/catalog/list-loader.server.ts";
import type { Missing } from "#app/features/catalog/list-data.ts";
import { ProductListPage } from "#app/features/catalog/product-list-page.tsx";
import { buildMeta, rootData } from "#app/lib/meta.ts";
import type { Route } from "./+types/brand";

/** The page size follows the Sec-CH-UA-Mobile hint when the address does not name one. */
export const headers: Route.HeadersFunction = listHeaders;

/** Spec §2 "Brand page": /marca/{brandSlug?}/{categoriaSlug?} with categoria, page, sort. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCatalogList({
    request,
    context,
    kind: "brand",
    slugs: { brand: params.brandSlug, category: params.categoriaSlug },
  });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData, error }) =>
  buildMeta(rootData(matches), location.pathname, (t) =>
    error
      ? (isRouteErrorResponse(error) && (error.data as Partial<Missing> | null)?.message) || t("catalog.brand.notFound")
      : (loaderData?.title ?? t("catalog.brand.defaultTitle")),
  );

export default function BrandRoute({ loaderData }: Route.ComponentProps) {
  return <ProductListPage data={loaderData} />;
}

/**
 * Spec §8 'Marca não encontrada' for an unknown brand; an unknown category or department of a known brand
 * says which is missing and leads back to the brand. Anything else is the generic error.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    return <ErrorPage status={isRouteErrorResponse(error) ? error.status : undefined} />;
  }
  const missing = (error.data ?? null) as Partial<Missing> | null;
  const brand = missing?.what !== "brand" ? missing?.brand : undefined;
  const title = brand
    ? missing?.what === "department"
      ? t("catalog.list.departmentNotFound")
      : t("catalog.list.categoryNotFound")
    : t("catalog.brand.notFound");
  return (
    <section aria-labelledby="brand-not-found" className="mx-auto max-w-2xl px-4 py-16 text-center md:py-24">
      <h1 id="brand-not-found" className="text-2xl font-bold md:text-3xl">
        {title}
      </h1>
      <p className="mt-3 text-muted">{brand ? t("catalog.brand.categoryNotFoundText") : t("catalog.brand.notFoundText")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {brand ? (
          <Link to={`/marca/${brand.slug}`} className="rounded-md bg-accent px-5 py-2.5 font-semibold text-ink hover:bg-accent-strong">
            {t("catalog.brand.seeBrand", { brand: brand.name })}
          </Link>
        ) : (
          <Link to="/marcas" className="rounded-md bg-accent px-5 py-2.5 font-semibold text-ink hover:bg-accent-strong">
            {t("catalog.brand.seeBrands")}
          </Link>
        )}
        <Link to="/produtos" className="rounded-md px-5 py-2.5 font-semibold text-ink ring-1 ring-slate-300 hover:bg-white">
          {t("common.seeProducts")}
        </Link>
      </div>
    </section>
  );
}
