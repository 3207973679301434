import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ProductDetails, ProductSummary } from "#contract/api/catalog.ts";
import type { Locale } from "#contract/locale.ts";
import { api } from "#app/lib/api-client.ts";
import { ChevronRightIcon } from "#app/components/ui/icons.tsx";
import { ProductCard, ProductGridSkeleton } from "#app/components/product-card.tsx";
import { RELATED_PER_PAGE, fetchRelated, pageCount } from "./related.ts";

/** How far below the screen the section starts loading, so it is there when the visitor scrolls to it. */
const LOAD_AHEAD = "800px 0px";

type Related = { state: "waiting" } | { state: "done"; products: ProductSummary[] } | { state: "failed" };

/**
 * Same-brand products, asked for by the browser as the visitor nears the foot of the page: the server
 * renders a skeleton in their place, so no product page pays for twelve more cards, and a shopper who
 * never scrolls that far never asks for them. Nothing at all when there are none.
 */
export function RelatedProducts({ product, locale, currencyId }: { product: ProductDetails; locale: Locale; currencyId: number }) {
  const { t } = useTranslation();
  const brand = product.marca?.nome ?? null;
  const title = brand ? t("product.related.title", { brand }) : t("product.related.titleNoBrand");
  const placeholder = useRef<HTMLElement>(null);
  const [related, setRelated] = useState<Related>({ state: "waiting" });

  useEffect(() => {
    const element = placeholder.current;
    if (!element) return;
    const abort = new AbortController();
    const load = () =>
      fetchRelated(api, product, locale, currencyId, abort.signal).then(
        (products) => setRelated({ state: "done", products }),
        () => abort.signal.aborted || setRelated({ state: "failed" }),
      );
    if (typeof IntersectionObserver === "undefined") {
      void load();
      return () => abort.abort();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load();
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      abort.abort();
    };
  }, [product, locale, currencyId]);

  if (!product.marca) return null;
  if (related.state === "done") return related.products.length > 0 ? <RelatedCarousel products={related.products} title={title} /> : null;
  if (related.state === "failed") return <p className="text-muted">{t("product.related.error")}</p>;
  return (
    <section ref={placeholder} aria-labelledby="related-title" aria-busy="true">
      <h2 id="related-title" className="mb-4 text-xl font-bold">
        {title}
      </h2>
      <p className="sr-only">{t("product.related.loading")}</p>
      <ProductGridSkeleton count={RELATED_PER_PAGE} className="grid grid-cols-2 gap-3 md:grid-cols-5 md:gap-4 [&>li:nth-child(n+3)]:max-md:hidden" />
    </section>
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
