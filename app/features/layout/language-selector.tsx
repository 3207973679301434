import { useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { useLocation, useRouteLoaderData } from "react-router";
import { LOCALES, type Locale } from "#contract/locale.ts";
import { Flag } from "#app/components/ui/flags.tsx";
import { ChevronDownIcon } from "#app/components/ui/icons.tsx";
import { useDismiss } from "#app/components/ui/use-dismiss.ts";
import { LANG_PARAM } from "#app/i18n/resolve-locale.ts";
import type { ShellData } from "#app/lib/shell-data.ts";
import type { SiteInfo } from "#contract/site.ts";
import { withCartHandover } from "#app/features/cart/cart-handover.ts";

/** The current address with `?lang=`; the root loader stores it and redirects without it. */
export function languageHref(location: { pathname: string; search: string; hash: string }, locale: Locale) {
  const params = new URLSearchParams(location.search);
  params.set(LANG_PARAM, locale);
  return `${location.pathname}?${params}${location.hash}`;
}

/**
 * Where choosing `locale` leads (spec §4): the other brand's host at the same path when both hosts are
 * configured and the language is the other brand's, else this address with `?lang=`. `crossHost` says
 * which, so the link can take the guest's cart along (docs/decisions/040).
 */
export function languageTarget(location: { pathname: string; search: string; hash: string }, locale: Locale, site: SiteInfo | undefined) {
  const href = languageHref(location, locale);
  const origin = site ? (locale === "pt-BR" ? site.originPt : site.originEs) : undefined;
  if (!site || !origin || origin === site.origin) return { href, crossHost: false };
  return { href: `${origin}${href}`, crossHost: true };
}

const SHORT: Record<Locale, string> = { "pt-BR": "PT", "es-AR": "AR", "es-PY": "PY" };

/**
 * Language menu (spec §4). Options are plain links loaded as full documents: the spec reloads
 * the page on a change, and the server then renders every text in the new language at once.
 */
export function LanguageSelector({ locale, compact = false }: { locale: Locale; compact?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, trigger);
  // Spec §4: a logged-in customer's language follows the account; the selector is locked.
  const shell = useRouteLoaderData<ShellData>("root");
  const locked = Boolean(shell?.customer);

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t("language.button", { language: t(`language.names.${locale}`) })}
        disabled={locked}
        title={locked ? t("account.header.languageLocked") : undefined}
        onClick={() => {
          if (locked) console.warn("Language change refused: the customer is logged in.");
          else setOpen((value) => !value);
        }}
        className="flex min-h-9 items-center gap-1.5 rounded px-2 py-1 text-sm font-semibold hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-70"
      >
        <Flag locale={locale} />
        {compact ? null : <span aria-hidden="true">{SHORT[locale]}</span>}
        <ChevronDownIcon className="size-4" />
      </button>
      <ul
        id={menuId}
        hidden={!open}
        aria-label={t("language.label")}
        className="absolute right-0 z-50 mt-1 w-56 overflow-hidden rounded-md bg-panel py-1 text-ink shadow-xl ring-1 ring-black/10"
      >
        {LOCALES.map((option) => {
          const target = languageTarget(location, option, shell?.site);
          return (
            <li key={option}>
              <a
                href={target.href}
                lang={option}
                aria-current={option === locale ? "true" : undefined}
                onClick={(event) => {
                  close();
                  // A new tab or window (a modified click) opens the plain link, without the cart.
                  if (!target.crossHost || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  // The other host cannot read this one's storage: the cart goes along in the address, sealed.
                  event.preventDefault();
                  void withCartHandover(target.href).then((url) => window.location.assign(url));
                }}
                className="flex items-center gap-3 px-4 py-2.5 text-sm hover:bg-amber-50 aria-[current=true]:font-bold"
              >
                <Flag locale={option} />
                {t(`language.names.${option}`)}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
