import { useTranslation } from "#app/i18n/react.tsx";
import { Link, NavLink } from "react-router";
import { BrandLogo } from "./brand-logo.tsx";
import { HeaderActions } from "./header-actions.tsx";
import { LanguageSelector } from "./language-selector.tsx";
import {
  COMPLETE_KITS_HREF,
  HOW_TO_BUY_HREF,
  KEY_SETS_HREF,
  NEWS_HREF,
  SPECIAL_HREF,
  OFFERS_HREF,
  SALES_TEAM_HREF,
  brandHref,
} from "#app/lib/links.ts";
import { MegaMenu, categoryHref } from "./mega-menu.tsx";
import { MoreMenu, type MenuLink } from "./more-menu.tsx";
import { RatesBar } from "./rates-bar.tsx";
import { SearchBox } from "./search-box.tsx";
import { MENU_CATEGORY_LIMIT, menuCategories } from "./menu.ts";
import type { ShellData } from "#app/lib/shell-data.ts";

const topLinkClass = "rounded px-1 hover:text-accent-strong hover:underline underline-offset-4";
const navLinkClass =
  "flex h-12 items-center whitespace-nowrap px-3 text-sm font-semibold hover:text-accent-strong aria-[current=page]:text-accent-strong";

function TopLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("header.topLinks")} className={className}>
      <ul className="flex items-center gap-4">
        <li>
          <Link to={HOW_TO_BUY_HREF} className={topLinkClass}>
            {t("header.howToBuy")}
          </Link>
        </li>
        <li>
          <Link to={OFFERS_HREF} className={topLinkClass}>
            {t("header.receiveOffers")}
          </Link>
        </li>
        <li>
          <Link to={SALES_TEAM_HREF} className={topLinkClass}>
            {t("header.salesTeam")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function MainNav({ data }: { data: ShellData }) {
  const { t } = useTranslation();
  const visible = menuCategories(data.categories);
  const inMenu = visible.slice(0, MENU_CATEGORY_LIMIT);
  const overflow: MenuLink[] = [
    ...visible.slice(MENU_CATEGORY_LIMIT).map((c) => ({ to: categoryHref(c), label: c.name })),
    { to: "/produtos", label: t("header.allProducts") },
    { to: "/marcas", label: t("header.allBrands") },
    { to: "/sobre-nos", label: t("header.about") },
  ];
  return (
    <nav aria-label={t("header.mainNav")} className="bg-steel-dark">
      <div className="mx-auto flex max-w-7xl items-center px-4">
        <MegaMenu categories={inMenu} locale={data.locale} />
        <ul className="flex min-w-0 flex-1 items-center overflow-hidden">
          <li>
            {/* A plain link: NavLink ignores the query, so it would light up on every product list. */}
            <Link to={NEWS_HREF} className={navLinkClass}>
              {t("header.news")}
            </Link>
          </li>
          <li>
            <NavLink to={COMPLETE_KITS_HREF} className={navLinkClass}>
              {t("header.completeKits")}
            </NavLink>
          </li>
          <li>
            <NavLink to={KEY_SETS_HREF} className={navLinkClass}>
              {t("header.keySets")}
            </NavLink>
          </li>
          {data.hasSpecialLine ? (
            <li>
              <NavLink to={SPECIAL_HREF} className={navLinkClass}>
                {t("header.specialLine")}
              </NavLink>
            </li>
          ) : null}
          {data.featuredBrands.map((brand) => (
            <li key={brand.id}>
              <NavLink to={brandHref(brand)} className={navLinkClass}>
                {brand.nome}
              </NavLink>
            </li>
          ))}
        </ul>
        <MoreMenu links={overflow} />
      </div>
    </nav>
  );
}

/** Spec §2 "Header, desktop" and "Header, mobile"; CSS picks one, so server and browser agree. */
export function Header({ data }: { data: ShellData }) {
  const { t } = useTranslation();
  return (
    <header className="surface-dark bg-steel text-on-steel">
      {/* Desktop, above 768 px */}
      <div className="hidden md:block">
        <div className="bg-steel-dark text-sm text-on-steel-muted">
          <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-1.5">
            <RatesBar rates={data.rates} />
            <div className="flex items-center gap-4">
              <TopLinks />
              <LanguageSelector locale={data.locale} />
            </div>
          </div>
        </div>
        <div className="mx-auto flex max-w-7xl items-center gap-8 px-4 py-4">
          <BrandLogo brandName={data.site.brandName} />
          <SearchBox className="max-w-2xl flex-1" />
          <HeaderActions />
        </div>
        <MainNav data={data} />
      </div>

      {/* Mobile, 768 px and below */}
      <div className="md:hidden">
        <div className="bg-steel-dark px-3 py-1.5 text-xs text-on-steel-muted">
          <nav aria-label={t("header.topLinks")}>
            <ul className="flex items-center justify-center gap-5 font-semibold">
              <li>
                <Link to={OFFERS_HREF} className={topLinkClass}>
                  {t("header.receiveOffers")}
                </Link>
              </li>
              <li>
                <Link to={SALES_TEAM_HREF} className={topLinkClass}>
                  {t("header.salesTeam")}
                </Link>
              </li>
              <li>
                <Link to={HOW_TO_BUY_HREF} className={topLinkClass}>
                  {t("header.howToBuy")}
                </Link>
              </li>
            </ul>
          </nav>
          <RatesBar rates={data.rates} className="mt-1 overflow-x-auto text-center" />
        </div>
        <div className="flex items-center justify-between gap-3 px-3 pt-3">
          <BrandLogo brandName={data.site.brandName} compact />
          <LanguageSelector locale={data.locale} compact />
        </div>
        <div className="px-3 pt-3 pb-3">
          <SearchBox />
        </div>
      </div>
    </header>
  );
}
