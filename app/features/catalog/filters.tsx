import { useId } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { ChevronRightIcon } from "#app/components/ui/icons.tsx";
import type { CatalogListData, NamedRef, SidebarCategory } from "./list-data.ts";

export interface FilterLinks {
  /** Address of a category (and department) choice; null category goes back to every category. */
  scopeHref: (category: SidebarCategory | null, department?: NamedRef | null) => string;
  toggleBrand: (brandId: number) => void;
}

const itemClass = "block rounded px-2 py-1.5 text-sm hover:bg-slate-100 hover:text-ink";
const currentClass = "block rounded bg-amber-100 px-2 py-1.5 text-sm font-semibold text-ink";

/** Departments only exist below a category; the brand page filters by category alone. */
export const showsDepartments = (data: CatalogListData) => data.kind !== "brand" && data.category !== null;

/** Spec §2 sidebar: every category, or the chosen category's departments and a way back. */
export function CategoryFilter({ data, links }: { data: CatalogListData; links: FilterLinks }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { category, department } = data;

  if (category && showsDepartments(data)) {
    return (
      <nav aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-2 text-sm font-bold uppercase tracking-wide text-muted">
          {category.name}
        </h2>
        <ul className="space-y-0.5">
          <li>
            <Link to={links.scopeHref(category)} aria-current={department ? undefined : "page"} className={department ? itemClass : currentClass}>
              {t("catalog.filters.allInCategory", { category: category.name })}
            </Link>
          </li>
          {category.departments.map((d) => (
            <li key={d.id}>
              <Link
                to={links.scopeHref(category, d)}
                aria-current={d.id === department?.id ? "page" : undefined}
                className={d.id === department?.id ? currentClass : itemClass}
              >
                {d.name}
              </Link>
            </li>
          ))}
        </ul>
        <Link
          to={links.scopeHref(null)}
          className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-accent-ink underline-offset-2 hover:underline"
        >
          <ChevronRightIcon className="size-4 rotate-180" />
          {t("catalog.filters.changeCategory")}
        </Link>
      </nav>
    );
  }

  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-sm font-bold uppercase tracking-wide text-muted">
        {t("catalog.filters.categories")}
      </h2>
      <ul className="space-y-0.5">
        {data.categories.map((c) => (
          <li key={c.id}>
            <Link
              to={links.scopeHref(c)}
              aria-current={c.id === category?.id ? "page" : undefined}
              className={c.id === category?.id ? currentClass : itemClass}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
      {category ? (
        <Link
          to={links.scopeHref(null)}
          className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-accent-ink underline-offset-2 hover:underline"
        >
          <ChevronRightIcon className="size-4 rotate-180" />
          {t("catalog.filters.changeCategory")}
        </Link>
      ) : null}
    </nav>
  );
}

/** Spec §2: brand checkboxes when brands exist; each change keeps the route and updates brandSlug. */
export function BrandFilter({ data, links, limit }: { data: CatalogListData; links: FilterLinks; limit?: number }) {
  const { t, i18n } = useTranslation();
  const brands = limit ? data.brands.slice(0, limit) : data.brands;
  if (brands.length === 0 || (data.kind === "brand" && data.brand)) return null;
  const selected = new Set(data.params.brandIds);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-muted">{t("catalog.filters.brands")}</legend>
      <ul className="space-y-0.5">
        {brands.map((b) => (
          <li key={b.id}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-100">
              <input type="checkbox" checked={selected.has(b.id)} onChange={() => links.toggleBrand(b.id)} className="size-4 accent-amber-600" />
              <span className="min-w-0 flex-1 break-words">{b.name}</span>
              {/* The count of the whole result (spec §2 brand checkboxes), read out as "12 products". */}
              <span aria-hidden="true" className="shrink-0 tabular-nums text-xs text-muted">
                {new Intl.NumberFormat(i18n.language).format(b.total)}
              </span>
              <span className="sr-only">{`, ${t("catalog.filters.brandCount", { count: b.total })}`}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
