import { useCallback, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useRouteLoaderData } from "react-router";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { apiLang } from "#contract/locale.ts";
import type { ShellData } from "#app/lib/shell-data.ts";
import { ProductCard, ProductGridSkeleton } from "#app/components/product-card.tsx";
import { api } from "#app/lib/api-client.ts";
import { TAB_LIMIT_MOBILE, TAB_PRODUCTS, tabProductsQuery, type HomeCategory } from "./home-content.ts";
import { LoadError, SectionHeading } from "./load-error.tsx";
import { useRetryingLoad } from "./use-retrying-load.ts";
import "#app/i18n/home-texts.ts";

const GRID = "grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-4";

/**
 * Spec §2: menu categories as tabs (8 on desktop, 5 on mobile), the first selected; each shows
 * its 8 newest products, loaded again whenever another tab is chosen.
 */
export function CategoryTabs({ categories, initial }: { categories: HomeCategory[]; initial: ProductSummary[] | null }) {
  const { t } = useTranslation();
  const shell = useRouteLoaderData<ShellData>("root");
  const locale = shell?.locale ?? "pt-BR";
  const currencyId = shell?.currencyId ?? 2;
  const [selected, setSelected] = useState(categories[0]?.id ?? null);
  const tabRefs = useRef(new Map<number, HTMLButtonElement>());

  const load = useCallback(
    async (key: string, signal: AbortSignal) =>
      (await api("GET /api/public/products", { query: tabProductsQuery(Number(key), currencyId, apiLang(locale)), signal })).data.slice(
        0,
        TAB_PRODUCTS,
      ),
    [currencyId, locale],
  );
  const { state, retry } = useRetryingLoad(selected === null ? null : String(selected), load, initial ?? undefined);

  if (categories.length === 0) return null;
  const current = categories.find((c) => c.id === selected) ?? categories[0]!;

  // Arrow keys move between the tabs a person can see (mobile hides the ones past the fifth).
  const onKeyDown = (event: KeyboardEvent) => {
    const visible = categories.filter((c) => tabRefs.current.get(c.id)?.offsetParent !== null);
    const at = visible.findIndex((c) => c.id === current.id);
    let next: HomeCategory | undefined;
    if (event.key === "ArrowRight") next = visible[(at + 1) % visible.length];
    else if (event.key === "ArrowLeft") next = visible[(at - 1 + visible.length) % visible.length];
    else if (event.key === "Home") next = visible[0];
    else if (event.key === "End") next = visible[visible.length - 1];
    if (!next) return;
    event.preventDefault();
    setSelected(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  return (
    <section aria-labelledby="home-tabs-title" className="mx-auto max-w-7xl px-4">
      <SectionHeading id="home-tabs-title" title={t("home.tabs.title")}>
        <Link to={`/produtos/${current.slug}`} className="shrink-0 text-sm font-semibold text-accent-ink underline-offset-4 hover:underline">
          {t("home.tabs.seeAll", { category: current.name })}
        </Link>
      </SectionHeading>
      <div
        role="tablist"
        aria-label={t("home.tabs.label")}
        onKeyDown={onKeyDown}
        className="-mx-4 mb-4 flex gap-2 overflow-x-auto px-4 pb-1 md:flex-wrap"
      >
        {categories.map((category, i) => {
          const active = category.id === current.id;
          return (
            <button
              key={category.id}
              ref={(node) => {
                if (node) tabRefs.current.set(category.id, node);
                else tabRefs.current.delete(category.id);
              }}
              type="button"
              role="tab"
              id={`home-tab-${category.id}`}
              aria-selected={active}
              aria-controls="home-tab-panel"
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(category.id)}
              className={`shrink-0 whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ring-1 transition-colors ${
                active ? "bg-steel text-white ring-steel" : "bg-panel text-ink ring-slate-300 hover:bg-slate-100"
              } ${i >= TAB_LIMIT_MOBILE ? "max-md:hidden" : ""}`}
            >
              {category.name}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id="home-tab-panel" aria-labelledby={`home-tab-${current.id}`} aria-busy={state.status === "loading"}>
        {state.status === "loading" && <ProductGridSkeleton count={TAB_PRODUCTS} className={GRID} />}
        {state.status === "error" && <LoadError message={t("home.errors.products")} retrying={state.retrying} onRetry={retry} />}
        {state.status === "success" &&
          (state.data.length === 0 ? (
            <p className="rounded-lg bg-panel p-6 text-center text-muted ring-1 ring-slate-200">{t("home.tabs.empty")}</p>
          ) : (
            <ul className={GRID}>
              {state.data.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          ))}
      </div>
    </section>
  );
}
