import type { ReactNode } from "react";
import { Link } from "react-router";
import { ErrorList } from "#app/components/form/error-list.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

/**
 * A back-office page for someone not signed in (the forgotten password's two steps), laid out as the
 * login: once its form is done, the API's message and the way back to the login replace it.
 */
export function GuestPage({ title, intro, result, children }: { title: string; intro: string; result?: ActionResult<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const done = result?.ok === true;
  const error = result && !result.ok ? result.message || t("admin.login.fillAll") : null;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
      <section aria-labelledby="page-title" className="w-full max-w-sm">
        <p className="text-sm font-bold uppercase tracking-wide text-muted">{t("admin.brand")}</p>
        <h1 id="page-title" className="mt-1 text-2xl font-bold">
          {title}
        </h1>
        <p className="mt-1 text-muted">{intro}</p>
        <div className="mt-6 space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          {done ? (
            <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 font-medium text-green-900">
              {result.message}
            </p>
          ) : (
            <>
              <ErrorList title={t("admin.reset.failed")} messages={error ? [error] : []} focusKey={result} />
              {children}
            </>
          )}
          <p className="text-center">
            <Link to="/admin/login" className="font-semibold text-accent-ink underline">
              {t("admin.reset.backToLogin")}
            </Link>
          </p>
        </div>
      </section>
    </main>
  );
}
