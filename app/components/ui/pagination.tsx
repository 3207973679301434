import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { ChevronRightIcon } from "./icons.tsx";

interface PaginationProps {
  page: number;
  last: number;
  hrefFor: (page: number) => string;
}

const stepClass =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md px-3 text-sm font-semibold ring-1 ring-slate-300 bg-panel hover:bg-slate-100";
const disabledClass =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md px-3 text-sm font-semibold text-slate-500 ring-1 ring-slate-200 bg-slate-100";

function Step({ page, last, hrefFor, direction }: PaginationProps & { direction: "previous" | "next" }) {
  const { t } = useTranslation();
  const target = direction === "previous" ? page - 1 : page + 1;
  const label = t(`catalog.pagination.${direction}`);
  const icon = <ChevronRightIcon className={`size-4 ${direction === "previous" ? "rotate-180" : ""}`} />;
  const content =
    direction === "previous" ? (
      <>
        {icon}
        {label}
      </>
    ) : (
      <>
        {label}
        {icon}
      </>
    );
  // Spec §4: pages below 1 or above the last are never offered.
  if (target < 1 || target > last) {
    return (
      <span aria-disabled="true" className={disabledClass}>
        {content}
      </span>
    );
  }
  return (
    <Link to={hrefFor(target)} rel={direction === "previous" ? "prev" : "next"} className={stepClass}>
      {content}
    </Link>
  );
}

/**
 * Spec §2/§4: previous/next around a window of at most 5 page numbers on desktop, 'Página x de y'
 * on mobile. Plain links, so every page has an address a search engine can follow.
 */
export function Pagination(props: PaginationProps) {
  const { t } = useTranslation();
  const { page, last, hrefFor } = props;
  if (last <= 1) return null;
  return (
    <nav aria-label={t("catalog.pagination.label")} className="mt-8">
      <ul className="hidden items-center justify-center gap-2 md:flex">
        <li>
          <Step {...props} direction="previous" />
        </li>
        {pageWindow(page, last).map((n) => (
          <li key={n}>
            {n === page ? (
              <span
                aria-current="page"
                aria-label={t("catalog.pagination.page", { page: n })}
                className="inline-flex h-10 min-w-10 items-center justify-center rounded-md bg-steel px-3 text-sm font-bold text-white"
              >
                {n}
              </span>
            ) : (
              <Link to={hrefFor(n)} aria-label={t("catalog.pagination.page", { page: n })} className={stepClass}>
                {n}
              </Link>
            )}
          </li>
        ))}
        <li>
          <Step {...props} direction="next" />
        </li>
      </ul>
      <div className="flex items-center justify-between gap-3 md:hidden">
        <Step {...props} direction="previous" />
        <p className="text-sm font-medium text-muted">{t("catalog.list.pageOf", { page, last })}</p>
        <Step {...props} direction="next" />
      </div>
    </nav>
  );
}

/**
 * Spec §4: every page number when there are 5 or fewer, otherwise a window of 5 starting at the
 * current page minus 2, kept inside 1..last.
 */
export function pageWindow(current: number, last: number, size = 5): number[] {
  if (last <= size) return Array.from({ length: Math.max(last, 0) }, (_, i) => i + 1);
  const start = Math.min(Math.max(1, current - 2), last - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

interface Step {
  to: string;
  label: string;
}

/**
 * Previous and next around a list's page, with where the reader is in between; a step that does not
 * exist leaves its place empty so the others stay put.
 */
export function Pager({ label, status, previous, next }: { label: string; status: string; previous?: Step; next?: Step }) {
  const step = (s: Step | undefined) =>
    s ? (
      <Link to={s.to} className="font-semibold underline">
        {s.label}
      </Link>
    ) : (
      <span />
    );
  return (
    <nav className="mt-4 flex items-center justify-between gap-3 text-sm" aria-label={label}>
      {step(previous)}
      <span className="text-muted">{status}</span>
      {step(next)}
    </nav>
  );
}
