import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useLocation } from "react-router";
import { MAX_AUTO_RETRIES, resetRetries, useAutoRetry } from "#app/lib/use-auto-retry.ts";

/** Spec §9: a failed page load retries by itself up to 3 times, waiting 2 s × the attempt. */
export const MAX_RETRIES = MAX_AUTO_RETRIES;
export { resetRetries };

export function ProductNotFound() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="product-missing-title" className="mx-auto max-w-2xl px-4 py-16 text-center md:py-24" data-testid="product-not-found">
      <h1 id="product-missing-title" className="text-2xl font-bold md:text-3xl">
        {t("product.notFound.title")}
      </h1>
      <p className="mt-3 text-muted">{t("product.notFound.text")}</p>
      <Link to="/produtos" className="mt-8 inline-block rounded-md bg-accent px-5 py-2.5 font-semibold text-ink hover:bg-accent-strong">
        {t("product.notFound.link")}
      </Link>
    </section>
  );
}

/** Any other failure: try again by itself (3 times, 2 s × attempt), then leave a retry button that starts over. */
export function ProductLoadError() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { attempt, retrying, retry } = useAutoRetry(true, pathname);

  return (
    <section aria-labelledby="product-error-title" className="mx-auto max-w-2xl px-4 py-16 text-center md:py-24" data-testid="product-error">
      <h1 id="product-error-title" className="text-2xl font-bold md:text-3xl">
        {t("product.error.title")}
      </h1>
      <p className="mt-3 text-muted" aria-live="polite">
        {retrying && attempt > 0 ? t("product.error.retrying", { attempt, max: MAX_RETRIES }) : t("product.error.text")}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          disabled={retrying}
          onClick={retry}
          className="rounded-md bg-accent px-5 py-2.5 font-semibold text-ink hover:bg-accent-strong disabled:opacity-60"
        >
          {t("product.error.retry")}
        </button>
        <Link to="/produtos" className="rounded-md px-5 py-2.5 font-semibold text-ink ring-1 ring-slate-300 hover:bg-white">
          {t("product.notFound.link")}
        </Link>
      </div>
    </section>
  );
}

/** Shown while another product loads (client navigation), in the page's own shape (spec §4). */
export function ProductSkeleton() {
  const { t } = useTranslation();
  const bar = "animate-pulse rounded bg-slate-200 motion-reduce:animate-none";
  return (
    <div className="mx-auto max-w-7xl px-4 py-4 md:py-8" aria-busy="true" data-testid="product-skeleton">
      <p className="sr-only" role="status">
        {t("product.loading")}
      </p>
      <div className={`h-4 w-64 ${bar}`} />
      <div className="mt-4 grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:gap-10">
        <div className={`aspect-square ${bar}`} />
        <div className="space-y-4">
          <div className={`h-4 w-40 ${bar}`} />
          <div className={`h-8 w-full ${bar}`} />
          <div className={`h-8 w-2/3 ${bar}`} />
          <div className={`h-12 w-48 ${bar}`} />
          <div className={`h-12 w-full ${bar}`} />
          <div className={`h-32 w-full ${bar}`} />
        </div>
      </div>
    </div>
  );
}
