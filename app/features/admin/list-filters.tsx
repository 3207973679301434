import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { Pager } from "#app/components/ui/pagination.tsx";
import { Button } from "#app/components/ui/button.tsx";

/**
 * The filters of a back-office list (products, orders, customers): a plain GET form, so it works before
 * the page's scripts and the address keeps the filters; each field shows the value the address holds.
 */

/** The list's filters the address names, trimmed, empty ones left out: the query the list's API call takes. */
export function listQuery(request: Request, names: readonly string[]): Record<string, string> {
  const search = new URL(request.url).searchParams;
  const query: Record<string, string> = {};
  for (const name of names) {
    const value = search.get(name)?.trim();
    if (value) query[name] = value;
  }
  return query;
}

/** How many columns the filters take on a wide screen; the buttons' row spans them all. */
const GRIDS = {
  4: { form: "sm:grid-cols-2 lg:grid-cols-4", row: "sm:col-span-2 lg:col-span-4" },
  5: { form: "sm:grid-cols-2 lg:grid-cols-5", row: "sm:col-span-2 lg:col-span-5" },
} as const;

/** The form: its fields, then the filter button, the link that clears every filter (`clearTo`) and any `extra` link. */
export function FilterForm({
  submit,
  clear,
  clearTo,
  extra,
  columns = 4,
  children,
}: {
  submit: string;
  clear: string;
  clearTo: string;
  extra?: ReactNode;
  columns?: keyof typeof GRIDS;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <Form method="get" role="search" className={`grid gap-3 ${GRIDS[columns].form}`} aria-busy={navigation.state === "loading"}>
      {children}
      <div className={`flex flex-wrap items-end gap-3 ${GRIDS[columns].row}`}>
        <Button type="submit" kind="primary">
          {submit}
        </Button>
        <Link to={clearTo} className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2">
          {clear}
        </Link>
        {extra}
      </div>
    </Form>
  );
}

type Query = Record<string, string>;

/** The search field (`q`), two columns wide. */
export function SearchFilter({ label, hint, query, maxLength = 100 }: { label: string; hint?: string; query: Query; maxLength?: number }) {
  return <TextField name="q" type="search" label={label} hint={hint} defaultValue={query.q ?? ""} maxLength={maxLength} className="sm:col-span-2" />;
}

/** A choice among `options`; `any` names the empty choice (no filter), `fallback` is the value when the address has none. */
export function SelectFilter({
  name,
  label,
  any,
  options,
  query,
  fallback = "",
}: {
  name: string;
  label: string;
  any?: string;
  options: { value: string | number; label: string }[];
  query: Query;
  fallback?: string;
}) {
  return <SelectField name={name} label={label} placeholder={any} options={options} defaultValue={query[name] ?? fallback} />;
}

/** A day (`de`, `ate`). */
export function DateFilter({ name, label, query }: { name: string; label: string; query: Query }) {
  return <TextField name={name} type="date" label={label} defaultValue={query[name] ?? ""} />;
}

/** The list's pages: links to the newer and older ones, keeping the filters. */
export function ListPager({
  query,
  page,
  label,
  previous,
  next,
}: {
  query: Query;
  page: number;
  label: string;
  /** The previous page's link text, when there is one. */
  previous?: string;
  next?: string;
}) {
  const pageLink = (n: number) => `?${new URLSearchParams({ ...query, page: String(n) })}`;
  return (
    <Pager
      label={label}
      status={label}
      previous={previous ? { to: pageLink(page - 1), label: previous } : undefined}
      next={next ? { to: pageLink(page + 1), label: next } : undefined}
    />
  );
}
