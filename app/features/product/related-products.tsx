import { Suspense, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Await } from "react-router";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { ChevronRightIcon } from "#app/components/ui/icons.tsx";
import { ProductCard, ProductGridSkeleton } from "#app/features/catalog/product-card.tsx";
import { RELATED_PER_PAGE, pageCount } from "./related.ts";

/**
 * Same-brand products, streamed after the first paint (the loader hands over a promise): a
 * skeleton until they arrive, nothing at all when there are none.
 */
export function RelatedProducts({ related, brand }: { related: Promise<ProductSummary[]>; brand: string | null }) {
  const { t } = useTranslation();
  const title = brand ? t("product.related.title", { brand }) : t("product.related.titleNoBrand");
  return (
    <Suspense
      fallback={
        <section aria-label={t("product.related.loading")} aria-busy="true">
          <h2 className="mb-4 text-xl font-bold">{title}</h2>
          <ProductGridSkeleton
            count={RELATED_PER_PAGE}
            className="grid grid-cols-2 gap-3 md:grid-cols-5 md:gap-4 [&>li:nth-child(n+3)]:max-md:hidden"
          />
        </section>
      }
    >
      <Await resolve={related} errorElement={<p className="text-muted">{t("product.related.error")}</p>}>
        {(products) => (products.length > 0 ? <RelatedCarousel products={products} title={title} /> : null)}
      </Await>
    </Suspense>
  );
}

/** Desktop: pages of 5 with previous/next, dimmed at the ends. Mobile (≤ 768 px): all of them in 2 columns. */
function RelatedCarousel({ products, title }: { products: ProductSummary[]; title: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const pages = pageCount(products.length);
  const first = page * RELATED_PER_PAGE;
  const navButton =
    "flex size-10 items-center justify-center rounded-full bg-white text-ink ring-1 ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";

  return (
    <section aria-labelledby="related-title" data-testid="related-products">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id="related-title" className="text-xl font-bold">
          {title}
        </h2>
        {pages > 1 && (
          <div className="flex items-center gap-2 max-md:hidden">
            <span className="text-sm text-muted" aria-live="polite">
              {t("product.related.page", { page: page + 1, pages })}
            </span>
            <button type="button" className={navButton} disabled={page === 0} onClick={() => setPage(page - 1)}>
              <ChevronRightIcon className="size-5 rotate-180" />
              <span className="sr-only">{t("product.related.previous")}</span>
            </button>
            <button type="button" className={navButton} disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
              <ChevronRightIcon className="size-5" />
              <span className="sr-only">{t("product.related.next")}</span>
            </button>
          </div>
        )}
      </div>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-5 md:gap-4">
        {products.map((product, index) => (
          <li key={product.id} className={index < first || index >= first + RELATED_PER_PAGE ? "md:hidden" : undefined}>
            <ProductCard product={product} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
