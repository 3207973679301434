import { useEffect, useId } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { useAutoRetry } from "#app/lib/use-auto-retry.ts";
import { ErrorIcon } from "#app/components/ui/icons.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { ExportSelect } from "./export-select.tsx";
import { BrandFilter, CategoryFilter, type FilterLinks } from "./filters.tsx";
import { scopePath, type CatalogListData } from "./list-data.ts";
import { changeSearch, PER_PAGE_DESKTOP, PER_PAGE_MOBILE, SORT_OPTIONS, type SortOption } from "./list-query.ts";
import { MobileFilters } from "./mobile-filters.tsx";
import { Pagination } from "#app/components/ui/pagination.tsx";
import { ProductCard, ProductGridSkeleton } from "#app/components/product-card.tsx";

const SORT_LABELS = {
  "": "catalog.sort.default",
  "valor_venda:asc": "catalog.sort.priceAsc",
  "valor_venda:desc": "catalog.sort.priceDesc",
  "nome:asc": "catalog.sort.nameAsc",
  "nome:desc": "catalog.sort.nameDesc",
} as const satisfies Record<SortOption, string>;

const MOBILE_QUERY = "(max-width: 768px)";
const GRID_CLASS = "grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4";
// Spec §9: 20 skeletons on desktop, 8 on mobile; one list, the extra ones hidden by CSS.
const SKELETON_CLASS = `${GRID_CLASS} max-md:[&>li:nth-child(n+9)]:hidden`;

const selectClass = "h-10 rounded-md bg-panel px-3 text-sm ring-1 ring-slate-300";

/** The cards of the grid's first row on the widest layout (lg: 4 columns). */
const FIRST_ROW = 4;

/** The product-list screen shared by /produtos, /marca and /especial (spec §2, §4). */
export function ProductListPage({ data }: { data: CatalogListData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const toast = useToast();
  const sortId = useId();
  const availabilityId = useId();
  const search = new URLSearchParams(location.search);
  const { params, result } = data;
  // A failed load (products, categories or brands) retries by itself, 3 times at 2 s × attempt.
  const autoRetry = useAutoRetry(!result, `${location.pathname}${location.search}`);

  const go = (query: string) => navigate(`${location.pathname}${query}`, { preventScrollReset: true });
  const links: FilterLinks = {
    scopeHref: (category, department) =>
      `${scopePath(data.kind, { brand: data.brand, category, department })}${changeSearch(search, { kind: "scope" })}`,
    toggleBrand: (brandId) => {
      const ids = params.brandIds.includes(brandId) ? params.brandIds.filter((id) => id !== brandId) : [...params.brandIds, brandId];
      void go(changeSearch(search, { kind: "brands", brandIds: ids }));
    },
  };

  // Page size (spec §9: 20 desktop, 12 mobile). A phone that says so in its request (Chromium's
  // Sec-CH-UA-Mobile hint) is served 12 at once; otherwise the server cannot see the viewport and renders
  // 20, and the page then asks once for its own size, which every later link keeps.
  useEffect(() => {
    if (search.has("per_page")) return;
    const wanted = window.matchMedia(MOBILE_QUERY).matches ? PER_PAGE_MOBILE : PER_PAGE_DESKTOP;
    if (params.perPage === wanted) return;
    const next = new URLSearchParams(search);
    next.set("per_page", String(wanted));
    next.delete("page");
    void navigate(`${location.pathname}?${next}`, { replace: true, preventScrollReset: true });
    // Only on arriving at an address: later changes carry per_page along.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  // Spec §8: a failed load empties the list and says so in a toast as well; a brand that did not load, as such.
  const errorText = data.loadError === "brand" ? t("catalog.brand.loadError") : t("catalog.list.errorText");
  useEffect(() => {
    if (!result) toast.error(errorText);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, location.key]);

  const listPrefix = location.pathname.split("/")[1];
  const loading = navigation.state === "loading" && navigation.location.pathname.split("/")[1] === listPrefix;

  return (
    <div className="mx-auto max-w-7xl px-3 py-5 md:px-4 md:py-8">
      <div className="md:flex md:gap-8">
        <aside aria-label={t("catalog.filters.title")} className="hidden w-60 shrink-0 space-y-8 md:block">
          <CategoryFilter data={data} links={links} />
          <BrandFilter data={data} links={links} />
        </aside>

        <div className="min-w-0 flex-1">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold break-words md:text-3xl">{data.title}</h1>
              {result ? (
                <p className="mt-1 text-sm text-muted" role="status">
                  {t("catalog.list.resultCount", { count: result.total })}
                </p>
              ) : null}
            </div>
          </div>

          <div className="mb-5 flex flex-wrap items-center gap-2 md:gap-3">
            <MobileFilters key={location.key} data={data} links={links} />
            <label htmlFor={sortId} className="sr-only">
              {t("catalog.sort.label")}
            </label>
            <select
              id={sortId}
              value={params.sort}
              onChange={(event) => void go(changeSearch(search, { kind: "sort", sort: event.currentTarget.value as SortOption }))}
              className={selectClass}
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option ? t(SORT_LABELS[option]) : `${t("catalog.sort.label")}: ${t(SORT_LABELS[option])}`}
                </option>
              ))}
            </select>
            <label htmlFor={availabilityId} className="sr-only">
              {t("catalog.filters.availability")}
            </label>
            <select
              id={availabilityId}
              value={params.availableOnly ? "available" : "all"}
              onChange={(event) => void go(changeSearch(search, { kind: "availability", availableOnly: event.currentTarget.value === "available" }))}
              className={selectClass}
            >
              <option value="all">{`${t("catalog.filters.availability")}: ${t("catalog.filters.availabilityAll")}`}</option>
              <option value="available">{t("catalog.filters.availabilityAvailable")}</option>
            </select>
            <div className="hidden md:ml-auto md:block">
              <ExportSelect data={data} />
            </div>
          </div>

          {loading ? (
            <div aria-busy="true">
              <p className="sr-only" role="status">
                {t("catalog.list.loading")}
              </p>
              <ProductGridSkeleton count={20} className={SKELETON_CLASS} />
            </div>
          ) : !result ? (
            <div className="flex flex-col items-center rounded-lg bg-panel px-4 py-12 text-center ring-1 ring-slate-200">
              <ErrorIcon className="size-10 text-red-700" />
              <p className="mt-3 font-semibold">{errorText}</p>
              <button
                type="button"
                onClick={autoRetry.retry}
                disabled={autoRetry.retrying}
                className="mt-5 rounded-md bg-accent px-5 py-2.5 font-semibold text-ink hover:bg-accent-strong"
              >
                {t("catalog.list.retry")}
              </button>
            </div>
          ) : result.data.length === 0 ? (
            <div className="rounded-lg bg-panel px-4 py-12 text-center ring-1 ring-slate-200">
              <h2 className="text-lg font-bold">{t("catalog.list.emptyTitle")}</h2>
              <p className="mt-2 text-muted">{t("catalog.list.emptyText")}</p>
              {search.toString() ? (
                <Link
                  to={location.pathname}
                  className="mt-5 inline-block rounded-md px-5 py-2.5 font-semibold ring-1 ring-slate-300 hover:bg-slate-100"
                >
                  {t("catalog.list.clearFilters")}
                </Link>
              ) : null}
            </div>
          ) : (
            <>
              <h2 className="sr-only">{t("catalog.list.results")}</h2>
              <ul className={GRID_CLASS}>
                {result.data.map((product, index) => (
                  <li key={product.id}>
                    <ProductCard product={product} headingLevel={3} priority={index < FIRST_ROW} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={result.page}
                last={result.last_page}
                hrefFor={(page) => `${location.pathname}${changeSearch(search, { kind: "page", page })}`}
              />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
