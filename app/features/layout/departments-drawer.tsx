import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { SPECIAL_HREF } from "#app/lib/links.ts";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { ChevronDownIcon, CloseIcon } from "#app/components/ui/icons.tsx";
import { categoryHref, departmentHref } from "./mega-menu.tsx";
import type { MenuCategory } from "#app/lib/shell-data.ts";

/** Mobile departments sidebar (spec §2): expandable categories, each with an 'all in category' entry. */
export function DepartmentsDrawer({
  open,
  onClose,
  categories,
  hasSpecialLine = false,
}: {
  open: boolean;
  onClose: () => void;
  categories: MenuCategory[];
  /** Whether the special line has products: its link then ends the list. */
  hasSpecialLine?: boolean;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<number | null>(null);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      className="m-0 h-dvh max-h-none w-[min(86vw,22rem)] max-w-none animate-drawer-in overflow-y-auto bg-panel p-0 text-ink shadow-2xl"
      title={(id) => (
        <div className="surface-dark sticky top-0 z-10 flex items-center justify-between bg-steel px-4 py-3 text-white">
          <h2 id={id} className="text-lg font-bold">
            {t("drawer.title")}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t("drawer.close")}
            className="flex size-10 items-center justify-center rounded hover:bg-white/10"
          >
            <CloseIcon />
          </button>
        </div>
      )}
    >
      {categories.length === 0 ? <p className="p-4 text-muted">{t("drawer.empty")}</p> : null}
      {/* Following a link ends the visit: the drawer closes and the next page shows. */}
      <ul className="divide-y divide-slate-200" onClick={(event) => (event.target as HTMLElement).closest("a") && onClose()}>
        {categories.map((category) => {
          const isOpen = expanded === category.id;
          const listId = `drawer-category-${category.id}`;
          return (
            <li key={category.id}>
              {category.departments.length > 0 ? (
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={listId}
                  onClick={() => setExpanded(isOpen ? null : category.id)}
                  className="flex w-full items-center justify-between px-4 py-3.5 text-left font-semibold"
                >
                  <span>{category.name}</span>
                  <ChevronDownIcon className={`size-5 transition-transform ${isOpen ? "rotate-180" : ""}`} />
                  <span className="sr-only">{t("drawer.showDepartments", { category: category.name })}</span>
                </button>
              ) : (
                <Link to={categoryHref(category)} className="block px-4 py-3.5 font-semibold">
                  {category.name}
                </Link>
              )}
              <ul id={listId} hidden={!isOpen} className="bg-slate-50 pb-2">
                <li>
                  <Link to={categoryHref(category)} className="block px-6 py-2.5 text-sm font-bold text-accent-ink">
                    {t("drawer.allInCategory", { category: category.name })}
                  </Link>
                </li>
                {category.departments.map((department) => (
                  <li key={department.id}>
                    <Link to={departmentHref(category, department)} className="block px-6 py-2.5 text-sm">
                      {department.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
        {hasSpecialLine ? (
          <li>
            <Link to={SPECIAL_HREF} className="block px-4 py-3.5 font-semibold text-accent-ink">
              {t("header.specialLine")}
            </Link>
          </li>
        ) : null}
      </ul>
    </Dialog>
  );
}
