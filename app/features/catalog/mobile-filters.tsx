import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { ChevronRightIcon, CloseIcon } from "#app/components/ui/icons.tsx";
import { BrandFilter, type FilterLinks } from "./filters.tsx";
import type { CatalogListData, SidebarCategory } from "./list-data.ts";
import { MOBILE_BRAND_LIMIT } from "./list-query.ts";

const rowClass = "flex w-full items-center justify-between px-4 py-3 text-left text-sm";

/**
 * Spec §2 "Product list (mobile)": an overlay with the categories, then a category's departments
 * with an 'all in category' entry, then the first 10 brands.
 */
export function MobileFilters({ data, links }: { data: CatalogListData; links: FilterLinks }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [browsing, setBrowsing] = useState<SidebarCategory | null>(data.category);
  const drillsDown = data.kind !== "brand";

  const close = () => setOpen(false);
  const show = () => {
    setBrowsing(data.category);
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        onClick={show}
        aria-haspopup="dialog"
        className="inline-flex h-10 items-center gap-2 rounded-md bg-panel px-4 text-sm font-semibold ring-1 ring-slate-300 md:hidden"
      >
        {t("catalog.filters.open")}
      </button>
      <Dialog
        open={open}
        onClose={close}
        className="m-0 ml-auto h-dvh max-h-none w-[min(90vw,24rem)] max-w-none overflow-y-auto bg-panel p-0 text-ink shadow-2xl"
        title={(id) => (
          <div className="surface-dark sticky top-0 z-10 flex items-center justify-between bg-steel px-4 py-3 text-white">
            <h2 id={id} className="text-lg font-bold">
              {t("catalog.filters.title")}
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label={t("catalog.filters.close")}
              className="flex size-10 items-center justify-center rounded hover:bg-white/10"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
        )}
      >
        {/* Any chosen link closes the overlay; the list behind it then shows the result. */}
        <div onClick={(event) => (event.target as HTMLElement).closest("a") && close()}>
          {browsing && drillsDown ? (
            <section aria-label={t("catalog.filters.departments")} className="border-b border-slate-200">
              <button type="button" onClick={() => setBrowsing(null)} className={`${rowClass} justify-start gap-2 font-semibold text-accent-ink`}>
                <ChevronRightIcon className="size-4 rotate-180" />
                {t("catalog.filters.backToCategories")}
              </button>
              <h3 className="px-4 pt-1 pb-2 font-bold">{browsing.name}</h3>
              <ul className="divide-y divide-slate-100">
                <li>
                  <Link to={links.scopeHref(browsing)} className={`${rowClass} font-semibold`}>
                    {t("catalog.filters.allInCategory", { category: browsing.name })}
                  </Link>
                </li>
                {browsing.departments.map((d) => (
                  <li key={d.id}>
                    <Link to={links.scopeHref(browsing, d)} aria-current={d.id === data.department?.id ? "page" : undefined} className={rowClass}>
                      {d.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <section aria-label={t("catalog.filters.categories")} className="border-b border-slate-200">
              <h3 className="px-4 pt-3 pb-2 text-sm font-bold uppercase tracking-wide text-muted">{t("catalog.filters.categories")}</h3>
              <ul className="divide-y divide-slate-100">
                {data.category ? (
                  <li>
                    <Link to={links.scopeHref(null)} className={`${rowClass} font-semibold text-accent-ink`}>
                      {t("catalog.filters.changeCategory")}
                    </Link>
                  </li>
                ) : null}
                {data.categories.map((c) => (
                  <li key={c.id}>
                    {drillsDown ? (
                      <button
                        type="button"
                        onClick={() => setBrowsing(c)}
                        className={rowClass}
                        aria-current={c.id === data.category?.id ? "true" : undefined}
                      >
                        {c.name}
                        <ChevronRightIcon className="size-4" />
                      </button>
                    ) : (
                      <Link to={links.scopeHref(c)} className={rowClass} aria-current={c.id === data.category?.id ? "page" : undefined}>
                        {c.name}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="px-4 py-4">
            <BrandFilter data={data} links={links} limit={MOBILE_BRAND_LIMIT} />
          </div>
        </div>
        <div className="sticky bottom-0 border-t border-slate-200 bg-panel p-4">
          <button type="button" onClick={close} className="h-11 w-full rounded-md bg-accent font-semibold text-ink hover:bg-accent-strong">
            {t("catalog.filters.showResults")}
          </button>
        </div>
      </Dialog>
    </>
  );
}
