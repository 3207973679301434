import { Suspense } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Await, useLoaderData } from "react-router";
import { DEFAULT_LOCALE } from "#contract/locale.ts";
import { BrandsGrid, BrandsSkeleton } from "#app/features/content/brands-grid.tsx";
import { loadBrands } from "#app/features/content/content-data.server.ts";
import { LoadFailed, PageHeader } from "#app/features/content/page-parts.tsx";
import { resolveLocale } from "#app/i18n/resolve-locale.ts";
import { serverApi } from "#app/lib/api-client.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/brands";
import "#app/i18n/home-texts.ts";

export const meta = pageMeta("brands");

// Not awaited: the page and its 12 skeletons show at once, the grid streams in (spec §2, §9).
export function loader({ request, context }: Route.LoaderArgs) {
  const resolution = resolveLocale(request, context.site);
  const locale = resolution.kind === "switch" ? DEFAULT_LOCALE : resolution.locale;
  return { brands: loadBrands(serverApi(context), locale) };
}

/** Spec §2 "Brands list". */
export default function BrandsRoute() {
  const { t } = useTranslation();
  const { brands } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      <PageHeader title={t("pages.brands.title")} subtitle={t("home.brandsPage.subtitle")} />
      <Suspense fallback={<BrandsSkeleton />}>
        <Await resolve={brands} errorElement={<LoadFailed message={t("home.brandsPage.error")} />}>
          {(list) => <BrandsGrid brands={list} />}
        </Await>
      </Suspense>
    </section>
  );
}
