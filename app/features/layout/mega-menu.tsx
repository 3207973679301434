import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { ChevronDownIcon, ChevronRightIcon, MenuIcon } from "#app/components/ui/icons.tsx";
import { useDismiss } from "#app/components/ui/use-dismiss.ts";
import type { Locale } from "#contract/locale.ts";
import type { MenuCategory, ShellCategory } from "#app/lib/shell-data.ts";
import { useMenu, withDepartments } from "./menu-data.ts";

/** Spec §9: the hovered category is cleared 300 ms after the pointer leaves the menu. */
export const HOVER_CLEAR_DELAY_MS = 300;

export const categoryHref = (category: { slug: string }) => `/produtos/${category.slug}`;
export const departmentHref = (category: { slug: string }, department: { slug: string }) => `/produtos/${category.slug}/${department.slug}`;

/**
 * The desktop category mega-menu: categories on the left, the hovered (or focused) category's
 * departments on the right. Opens on hover and on click, so it works with a keyboard as well. Its panel
 * is drawn only while open, and the departments are asked for as the pointer or the focus reaches the
 * menu: no page carries them (menu-data.ts).
 */
export function MegaMenu({ categories: names, locale }: { categories: ShellCategory[]; locale: Locale }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback(() => {
    clearTimeout(clearTimer.current);
    setOpen(false);
    setActiveId(null);
  }, []);
  useDismiss(open, close, container, trigger);
  useEffect(() => () => clearTimeout(clearTimer.current), []);
  const menu = useMenu(locale, wanted || open);
  const categories = withDepartments(names, menu);

  const active = categories.find((c) => c.id === activeId) ?? categories[0];
  const triggerClass = "flex h-12 items-center gap-2 bg-accent px-4 font-bold text-ink hover:bg-accent-strong";

  // Without categories (the API failed) there is nothing to open: the entry leads to the full list.
  if (categories.length === 0) {
    return (
      <Link to="/produtos" className={triggerClass}>
        <MenuIcon className="size-5" />
        {t("header.allCategories")}
      </Link>
    );
  }

  function hoverOpen() {
    clearTimeout(clearTimer.current);
    setWanted(true);
    setOpen(true);
  }
  function hoverLeave() {
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(close, HOVER_CLEAR_DELAY_MS);
  }

  return (
    <div
      ref={container}
      className="relative"
      onMouseEnter={hoverOpen}
      onMouseLeave={hoverLeave}
      onFocus={() => setWanted(true)}
      onBlur={(event) => {
        if (!container.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
        className={triggerClass}
      >
        <MenuIcon className="size-5" />
        {t("header.allCategories")}
        <ChevronDownIcon className="size-4" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        // Following a link ends the visit to the menu; the next page starts with it closed.
        onClick={(event) => (event.target as HTMLElement).closest("a") && close()}
        aria-busy={open && menu === null}
        className="absolute left-0 top-full z-40 flex min-h-80 w-[min(56rem,calc(100vw-2rem))] rounded-b-lg bg-panel text-ink shadow-2xl ring-1 ring-black/10"
      >
        {open ? <MenuPanel categories={categories} active={active} onActive={setActiveId} /> : null}
      </div>
    </div>
  );
}

function MenuPanel({
  categories,
  active,
  onActive,
}: {
  categories: MenuCategory[];
  active: MenuCategory | undefined;
  onActive: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ul aria-label={t("header.categoriesMenu")} className="w-72 shrink-0 border-r border-slate-200 py-2">
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              to={categoryHref(category)}
              onMouseEnter={() => onActive(category.id)}
              onFocus={() => onActive(category.id)}
              aria-current={category.id === active?.id ? "true" : undefined}
              className="flex items-center justify-between px-4 py-2.5 text-sm font-semibold hover:bg-amber-50 aria-[current=true]:bg-amber-50 aria-[current=true]:text-accent-ink"
            >
              {category.name}
              {category.departments.length > 0 ? <ChevronRightIcon className="size-4" /> : null}
            </Link>
          </li>
        ))}
      </ul>
      {active ? (
        <div className="flex-1 p-5">
          <p className="mb-3 text-xs font-bold uppercase tracking-wide text-muted">{t("header.departmentsOf", { category: active.name })}</p>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-1 lg:grid-cols-3">
            {active.departments.map((department) => (
              <li key={department.id}>
                <Link to={departmentHref(active, department)} className="block rounded px-2 py-1.5 text-sm hover:bg-amber-50 hover:text-accent-ink">
                  {department.name}
                </Link>
              </li>
            ))}
          </ul>
          <Link to={categoryHref(active)} className="mt-4 inline-block text-sm font-bold text-accent-ink underline underline-offset-4">
            {t("header.allInCategory", { category: active.name })}
          </Link>
        </div>
      ) : null}
    </>
  );
}
