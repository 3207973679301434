import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { useRevalidator } from "react-router";
import { AlertIcon } from "#app/components/ui/icons.tsx";
import "#app/i18n/home-texts.ts";

/** Title and subtitle of a content page. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className="mb-8">
      <h1 id="page-title" className="text-2xl font-bold md:text-3xl">
        {title}
      </h1>
      {subtitle && <p className="mt-2 max-w-prose text-muted">{subtitle}</p>}
    </header>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-panel p-8 text-center text-muted ring-1 ring-slate-200">{children}</p>;
}

/** A deferred list failed: say so and offer to load the page's data again. */
export function LoadFailed({ message }: { message: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const busy = revalidator.state === "loading";
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg bg-red-50 p-6 text-center text-red-900 ring-1 ring-red-200">
      <p className="flex items-center gap-2 font-semibold">
        <AlertIcon className="size-5 shrink-0" />
        {message}
      </p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void revalidator.revalidate()}
        className="rounded-md bg-steel px-4 py-2 text-sm font-semibold text-white hover:bg-steel-dark disabled:opacity-60"
      >
        {busy ? t("home.errors.retrying") : t("home.errors.retry")}
      </button>
    </div>
  );
}

/** Grey placeholder blocks while a list loads (12 brands, 6 sellers: spec §9). */
export function SkeletonGrid({ count, className, itemClassName }: { count: number; className: string; itemClassName: string }) {
  return (
    <ul aria-hidden="true" className={className} data-testid="content-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={`animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none ${itemClassName}`} />
      ))}
    </ul>
  );
}

/**
 * Plain text staff wrote (a FAQ answer): one paragraph per block of lines a blank line separates, each
 * line break kept. A text of one line is one `<p>`, as before staff could edit it.
 */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  const blocks = text.split(/\n\s*\n/).filter((block) => block.trim() !== "");
  if (blocks.length <= 1 && !text.includes("\n")) return <p className={className}>{text}</p>;
  return (
    <div className={className}>
      {blocks.map((block, i) => (
        <p key={i} className={i > 0 ? "mt-2" : undefined}>
          {block.split("\n").map((line, j) => (
            <span key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
