import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";

/** The 404 page, inside the shell so the visitor can keep browsing from the menus. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-2xl px-4 py-16 text-center md:py-24">
      <p className="text-7xl font-black text-amber-700 md:text-8xl" aria-hidden="true">
        404
      </p>
      <p className="sr-only">{t("notFound.code")}</p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-bold md:text-3xl">
        {t("notFound.title")}
      </h1>
      <p className="mt-3 text-muted">{t("notFound.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-md bg-accent px-5 py-2.5 font-semibold text-ink hover:bg-accent-strong">
          {t("common.backHome")}
        </Link>
        <Link to="/produtos" className="rounded-md px-5 py-2.5 font-semibold text-ink ring-1 ring-slate-300 hover:bg-white">
          {t("common.seeProducts")}
        </Link>
      </div>
    </section>
  );
}

/** Anything other than a 404: a plain apology and a way to try again. */
export function ErrorPage({ status }: { status?: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="error-title" className="mx-auto max-w-2xl px-4 py-16 text-center md:py-24">
      {status ? <p className="font-mono text-sm font-bold text-muted">{t("error.code", { status })}</p> : null}
      <h1 id="error-title" className="mt-2 text-2xl font-bold md:text-3xl">
        {t("error.title")}
      </h1>
      {/* A moment's outage (the database away): the store's own words for it, and nothing is lost meanwhile. */}
      <p className="mt-3 text-muted">{status === 503 ? t("error.unavailable") : t("error.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-accent px-5 py-2.5 font-semibold text-ink hover:bg-accent-strong"
        >
          {t("error.retry")}
        </button>
        <a href="/" className="rounded-md px-5 py-2.5 font-semibold text-ink ring-1 ring-slate-300 hover:bg-white">
          {t("common.backHome")}
        </a>
      </div>
    </section>
  );
}
