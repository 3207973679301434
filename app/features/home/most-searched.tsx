import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { ChevronRightIcon } from "#app/components/ui/icons.tsx";
import { ProductCard } from "#app/components/product-card.tsx";
import { MOST_SEARCHED_MOBILE, MOST_SEARCHED_PER_PAGE, pages } from "./home-content.ts";
import { SectionHeading } from "./load-error.tsx";
import "#app/i18n/home-texts.ts";

const arrowClass =
  "flex size-10 items-center justify-center rounded-full bg-panel text-ink ring-1 ring-slate-300 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40";

/**
 * Spec §2: the first 20 products (id ascending), 5 per page with previous/next dimmed at the
 * ends; phones show the first 4 in a grid.
 */
export function MostSearched({ products }: { products: ProductSummary[] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  if (products.length === 0) return null;
  const all = pages(products, MOST_SEARCHED_PER_PAGE);
  const total = all.length;
  return (
    <section aria-labelledby="home-most-searched" aria-roledescription={t("home.carousel.carousel")} className="mx-auto max-w-7xl px-4">
      <SectionHeading id="home-most-searched" title={t("home.mostSearched.title")}>
        <div className="hidden items-center gap-2 md:flex">
          <span className="text-sm text-muted" aria-live="polite">
            {t("home.mostSearched.page", { current: page + 1, total })}
          </span>
          <button
            type="button"
            className={arrowClass}
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
            aria-label={t("home.mostSearched.previous")}
          >
            <ChevronRightIcon className="size-5 rotate-180" />
          </button>
          <button
            type="button"
            className={arrowClass}
            disabled={page >= total - 1}
            onClick={() => setPage(page + 1)}
            aria-label={t("home.mostSearched.next")}
          >
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      </SectionHeading>
      <ul className="hidden grid-cols-5 gap-4 md:grid" data-testid="most-searched-desktop">
        {(all[page] ?? []).map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
      <ul className="grid grid-cols-2 gap-3 md:hidden" data-testid="most-searched-mobile">
        {products.slice(0, MOST_SEARCHED_MOBILE).map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
