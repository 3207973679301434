import { useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import { ChevronDownIcon } from "#app/components/ui/icons.tsx";
import { useDismiss } from "#app/components/ui/use-dismiss.ts";

export interface MenuLink {
  to: string;
  label: string;
}

/** The desktop 'More' overflow menu: categories that did not fit, then the catalogue's other pages. */
export function MoreMenu({ links }: { links: MenuLink[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, trigger);

  return (
    <div
      ref={container}
      className="relative"
      onBlur={(event) => {
        if (!container.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t("header.moreMenu")}
        onClick={() => setOpen((value) => !value)}
        className="flex h-12 items-center gap-1 px-3 text-sm font-semibold hover:text-accent-strong"
      >
        {t("header.more")}
        <ChevronDownIcon className="size-4" />
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute right-0 top-full z-40 max-h-[70vh] w-64 overflow-y-auto rounded-b-lg bg-panel py-2 text-ink shadow-2xl ring-1 ring-black/10"
      >
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={close} className="block px-4 py-2 text-sm hover:bg-amber-50 hover:text-accent-ink">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
