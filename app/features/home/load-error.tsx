import { useTranslation } from "#app/i18n/react.tsx";
import { AlertIcon } from "#app/components/ui/icons.tsx";
import "#app/i18n/home-texts.ts";

/** A region's load error with the manual retry of spec §4; automatic retries run meanwhile. */
export function LoadError({ message, retrying, onRetry }: { message: string; retrying?: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg bg-red-50 p-6 text-center text-red-900 ring-1 ring-red-200">
      <p className="flex items-center gap-2 font-semibold">
        <AlertIcon className="size-5 shrink-0" />
        {message}
      </p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="rounded-md bg-steel px-4 py-2 text-sm font-semibold text-white hover:bg-steel-dark disabled:opacity-60"
      >
        {retrying ? t("home.errors.retrying") : t("home.errors.retry")}
      </button>
    </div>
  );
}

/** The heading row of a home section, with an optional "see all" link placed by the caller. */
export function SectionHeading({ id, title, children }: { id: string; title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
      <h2 id={id} className="text-xl font-bold md:text-2xl">
        {title}
      </h2>
      {children}
    </div>
  );
}
