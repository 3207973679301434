import { useCallback } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { apiLang, type Locale } from "#contract/locale.ts";
import { MAIN_BANNER_INTERVAL_MS } from "./autoplay.ts";
import { BannerCarousel } from "./banner-carousel.tsx";
import { BrandsStrip } from "./brands-strip.tsx";
import { CategoryTabs } from "./category-tabs.tsx";
import type { HomeLoaderData } from "./home-data.server.ts";
import { api } from "#app/lib/api-client.ts";
import { homeBrands, homeCategories, homeContent, startQuery } from "./home-content.ts";
import { FeaturedTools, MainBrands, MainCategories, OffersBanner, SpecialLine } from "./home-sections.tsx";
import { LoadError } from "./load-error.tsx";
import { MostSearched } from "./most-searched.tsx";
import { OffersSignup } from "./offers-signup.tsx";
import { TripleBanners } from "./triple-banners.tsx";
import { useRetryingLoad, type LoadState } from "./use-retrying-load.ts";
import "#app/i18n/home-texts.ts";

const MAIN_SIZE = { width: 1600, height: 500 };
const PULSE = "animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none";

function BannerSkeleton() {
  return (
    <div aria-hidden="true" className="mx-auto max-w-7xl px-4" data-testid="home-skeleton">
      <div className={`aspect-[16/5] ${PULSE}`} />
    </div>
  );
}

function TabsSkeleton() {
  return (
    <div aria-hidden="true" className="mx-auto max-w-7xl space-y-4 px-4">
      <div className="flex gap-2">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className={`h-9 w-28 rounded-full ${PULSE}`} />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className={`aspect-[3/4] ${PULSE}`} />
        ))}
      </div>
    </div>
  );
}

const failed = (load: { state: LoadState<unknown> }) => load.state.status === "error";
const retrying = (load: { state: LoadState<unknown> }) => load.state.status === "error" && load.state.retrying;

/** One region's error with its own message and retry (spec §4, §8), in the page's width. */
function RegionError({ message, retrying, onRetry, region }: { message: string; retrying: boolean; onRetry: () => void; region: string }) {
  return (
    <div className="mx-auto max-w-7xl px-4" data-testid={`home-error-${region}`}>
      <LoadError message={message} retrying={retrying} onRetry={onRetry} />
    </div>
  );
}

/**
 * Spec §2 "Home, desktop" and "Home, mobile". Categories, brands and the start data (banners, most
 * searched, special line) load, fail and retry one by one, each region with its own message (spec §8
 * 'Erro ao carregar categorias', 'Erro ao carregar marcas'; the start data 'Erro ao carregar dados', §4).
 */
export function HomePage({ data, locale, currencyId, brandName }: { data: HomeLoaderData; locale: Locale; currencyId: number; brandName: string }) {
  const { t } = useTranslation();
  const lang = apiLang(locale);
  const loadStart = useCallback(
    async (_key: string, signal: AbortSignal) => homeContent(await api("GET /api/public/start", { query: startQuery(lang, currencyId), signal })),
    [lang, currencyId],
  );
  const loadCategories = useCallback(
    async (_key: string, signal: AbortSignal) => homeCategories((await api("GET /api/public/categories", { query: { lang }, signal })).data),
    [lang],
  );
  const loadBrands = useCallback(
    async (_key: string, signal: AbortSignal) => homeBrands((await api("GET /api/public/brands", { query: { lang }, signal })).data),
    [lang],
  );
  // What the server could not read, the browser asks for again (spec §4 "Home load retry").
  const start = useRetryingLoad(data.content ? null : "start", loadStart, data.content ?? undefined);
  const categories = useRetryingLoad(data.categories ? null : "categories", loadCategories, data.categories ?? undefined);
  const brands = useRetryingLoad(data.brands ? null : "brands", loadBrands, data.brands ?? undefined);
  const content = start.state.status === "success" ? start.state.data : null;
  const menu = categories.state.status === "success" ? categories.state.data : null;
  const strip = brands.state.status === "success" ? brands.state.data : null;

  return (
    <div className="space-y-10 pt-4 pb-0 md:space-y-14 md:pt-6">
      <h1 className="sr-only">{t("home.heading", { brand: brandName })}</h1>
      {content ? (
        <div className="mx-auto max-w-7xl px-4">
          <BannerCarousel
            banners={content.mainBanners}
            label={t("home.carousel.mainLabel")}
            intervalMs={MAIN_BANNER_INTERVAL_MS}
            size={MAIN_SIZE}
            priority
          />
        </div>
      ) : failed(start) ? (
        <RegionError region="data" message={t("home.errors.data")} retrying={retrying(start)} onRetry={start.retry} />
      ) : (
        <BannerSkeleton />
      )}
      {/* Phones see the category cards first; desktop reaches them further down. */}
      {menu ? (
        <div className="md:hidden">
          <MainCategories categories={menu} place="top" />
        </div>
      ) : null}
      {menu ? (
        <CategoryTabs categories={menu} initial={data.categories ? data.firstTab : null} />
      ) : failed(categories) ? (
        <RegionError region="categories" message={t("home.errors.categories")} retrying={retrying(categories)} onRetry={categories.retry} />
      ) : (
        <TabsSkeleton />
      )}
      {content ? <TripleBanners banners={content.triple} /> : null}
      {strip ? (
        <BrandsStrip brands={strip.stripBrands} />
      ) : failed(brands) ? (
        <RegionError region="brands" message={t("home.errors.brands")} retrying={retrying(brands)} onRetry={brands.retry} />
      ) : null}
      {content ? (
        <>
          <MostSearched products={content.mostSearched} />
          <SpecialLine categories={content.specialCategories} />
          <OffersBanner banner={content.offersBanner} />
        </>
      ) : null}
      {menu ? (
        <div className="hidden md:block">
          <MainCategories categories={menu} place="bottom" />
        </div>
      ) : null}
      <FeaturedTools products={data.featured} />
      {strip ? <MainBrands brands={strip.mainBrands} /> : null}
      <OffersSignup locale={locale} />
    </div>
  );
}
