import { useTranslation } from "#app/i18n/react.tsx";
import type { PageKey } from "#app/lib/meta.ts";

/** Stand-in for a screen a later issue builds: its real title, so links and tests can rely on it. */
export function PlaceholderPage({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl px-4 py-10 md:py-16">
      <h1 id="page-title" className="text-2xl font-bold md:text-3xl">
        {t(`pages.${page}.title`)}
      </h1>
      <p className="mt-3 max-w-prose text-muted">{t(`pages.${page}.text`)}</p>
      <p className="mt-6 inline-block rounded bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
        {t("common.comingSoon")}
      </p>
    </section>
  );
}
