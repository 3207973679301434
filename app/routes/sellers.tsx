import { Suspense } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Await, useLoaderData } from "react-router";
import { DEFAULT_LOCALE } from "#contract/locale.ts";
import { loadSellers } from "#app/features/content/content-data.server.ts";
import { LoadFailed, PageHeader } from "#app/features/content/page-parts.tsx";
import { SellersGrid, SellersSkeleton } from "#app/features/content/sellers-grid.tsx";
import { resolveLocale } from "#app/i18n/resolve-locale.ts";
import { serverApi } from "#app/lib/api-client.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/sellers";
import "#app/i18n/home-texts.ts";

export const meta = pageMeta("sellers");

// Not awaited: the 6 skeletons show at once and the team streams in (spec §2, §9).
export function loader({ request, context }: Route.LoaderArgs) {
  const resolution = resolveLocale(request, context.site);
  const locale = resolution.kind === "switch" ? DEFAULT_LOCALE : resolution.locale;
  return { sellers: loadSellers(serverApi(context), locale) };
}

/** Spec §2 "Sales team". */
export default function SellersRoute() {
  const { t } = useTranslation();
  const { sellers } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      <PageHeader title={t("pages.sellers.title")} subtitle={t("home.sellersPage.subtitle")} />
      <Suspense fallback={<SellersSkeleton />}>
        <Await resolve={sellers} errorElement={<LoadFailed message={t("home.sellersPage.error")} />}>
          {(list) => <SellersGrid sellers={list} />}
        </Await>
      </Suspense>
    </section>
  );
}
