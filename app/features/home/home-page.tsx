import { useCallback } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { apiLang, type Locale } from "#contract/locale.ts";
import { MAIN_BANNER_INTERVAL_MS } from "./autoplay.ts";
import { BannerCarousel } from "./banner-carousel.tsx";
import { BrandsStrip } from "./brands-strip.tsx";
import { CategoryTabs } from "./category-tabs.tsx";
import type { HomeLoaderData } from "./home-data.server.ts";
import { api } from "#app/lib/api-client.ts";
import { homeContent, startQuery, type HomeContent } from "./home-content.ts";
import { FeaturedTools, MainBrands, MainCategories, OffersBanner, SpecialLine } from "./home-sections.tsx";
import { LoadError } from "./load-error.tsx";
import { MostSearched } from "./most-searched.tsx";
import { OffersSignup } from "./offers-signup.tsx";
import { TripleBanners } from "./triple-banners.tsx";
import { useRetryingLoad } from "./use-retrying-load.ts";
import "#app/i18n/home-texts.ts";

const MAIN_SIZE = { width: 1600, height: 500 };

function HomeSkeleton() {
  return (
    <div aria-hidden="true" className="mx-auto max-w-7xl space-y-6 px-4" data-testid="home-skeleton">
      <div className="aspect-[16/5] animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />
      <div className="flex gap-2">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="h-9 w-28 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none" />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="aspect-[3/4] animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />
        ))}
      </div>
    </div>
  );
}

function HomeSections({ content, data, locale }: { content: HomeContent; data: HomeLoaderData; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="mx-auto max-w-7xl px-4">
        <BannerCarousel
          banners={content.mainBanners}
          label={t("home.carousel.mainLabel")}
          intervalMs={MAIN_BANNER_INTERVAL_MS}
          size={MAIN_SIZE}
          priority
        />
      </div>
      {/* Phones see the category cards first; desktop reaches them further down. */}
      <div className="md:hidden">
        <MainCategories categories={content.categories} place="top" />
      </div>
      <CategoryTabs categories={content.categories} initial={data.content ? data.firstTab : null} />
      <TripleBanners banners={content.triple} />
      <BrandsStrip brands={content.stripBrands} />
      <MostSearched products={content.mostSearched} />
      <SpecialLine categories={content.specialCategories} />
      <OffersBanner banner={content.offersBanner} />
      <div className="hidden md:block">
        <MainCategories categories={content.categories} place="bottom" />
      </div>
      <FeaturedTools products={data.featured} />
      <MainBrands brands={content.mainBrands} />
      <OffersSignup locale={locale} />
    </>
  );
}

/** Spec §2 "Home, desktop" and "Home, mobile". */
export function HomePage({ data, locale, currencyId, brandName }: { data: HomeLoaderData; locale: Locale; currencyId: number; brandName: string }) {
  const { t } = useTranslation();
  // The server could not read the start data: the browser tries again (spec §4 "Home load retry").
  const load = useCallback(
    async (_key: string, signal: AbortSignal) =>
      homeContent(await api("GET /api/public/start", { query: startQuery(apiLang(locale), currencyId), signal })),
    [locale, currencyId],
  );
  const { state, retry } = useRetryingLoad(data.content ? null : "start", load, data.content ?? undefined);

  return (
    <div className="space-y-10 pt-4 pb-0 md:space-y-14 md:pt-6">
      <h1 className="sr-only">{t("home.heading", { brand: brandName })}</h1>
      {state.status === "success" ? (
        <HomeSections content={state.data} data={data} locale={locale} />
      ) : (
        <>
          {state.status === "loading" ? (
            <HomeSkeleton />
          ) : (
            <div className="mx-auto max-w-7xl px-4">
              <LoadError message={t("home.errors.data")} retrying={state.retrying} onRetry={retry} />
            </div>
          )}
          <OffersSignup locale={locale} />
        </>
      )}
    </div>
  );
}
