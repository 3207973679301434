import { lazy, Suspense, useState, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { NavLink, useLocation, useRouteLoaderData } from "react-router";
import { useFavouriteCount } from "#app/lib/favourites-store.ts";
import { useCartLink } from "#app/features/cart/use-cart-link.ts";
import { CartIcon, GridIcon, HeartIcon, HomeIcon, UserIcon } from "#app/components/ui/icons.tsx";
import { CountBadge } from "./header-actions.tsx";
import { CART_HREF, FAVOURITES_HREF, loginHref } from "#app/lib/links.ts";
import type { Locale } from "#contract/locale.ts";
import type { ShellCategory, ShellData } from "#app/lib/shell-data.ts";
import { useMenu, withDepartments } from "./menu-data.ts";

// The drawer is needed only after a tap: it is downloaded then, not with the page.
const DepartmentsDrawer = lazy(() => import("./departments-drawer.tsx").then((m) => ({ default: m.DepartmentsDrawer })));

const itemClass =
  "flex h-full flex-col items-center justify-center gap-0.5 text-[0.7rem] font-semibold text-on-steel aria-[current=page]:text-accent-strong";

function Item({ to, icon, label, end }: { to: string; icon: ReactNode; label: string; end?: boolean }) {
  return (
    <li className="flex-1">
      <NavLink to={to} end={end} className={itemClass}>
        {icon}
        {label}
      </NavLink>
    </li>
  );
}

/** The fixed mobile bar (spec §2 "Header, mobile"): home, departments, favourites, login, cart. */
export function BottomNav({ categories, locale, hasSpecialLine = false }: { categories: ShellCategory[]; locale: Locale; hasSpecialLine?: boolean }) {
  const { count: cart, onClick: openCart } = useCartLink();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Once opened, the drawer stays mounted, so that closing it returns the focus.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const customer = useRouteLoaderData<ShellData>("root")?.customer ?? null;
  const favourites = useFavouriteCount();
  // The departments come with the first opening (the document carries the categories' names only).
  const menu = useMenu(locale, drawerUsed);

  return (
    <>
      <nav
        aria-label={t("bottomNav.label")}
        data-testid="bottom-nav"
        className="surface-dark fixed inset-x-0 bottom-0 z-30 h-16 border-t border-white/10 bg-steel pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        <ul className="flex h-full items-stretch">
          <Item to="/" end icon={<HomeIcon className="size-6" />} label={t("bottomNav.home")} />
          <li className="flex-1">
            <button
              type="button"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              onClick={() => {
                setDrawerOpen(true);
                setDrawerUsed(true);
              }}
              className={`${itemClass} w-full`}
            >
              <GridIcon className="size-6" />
              {t("bottomNav.departments")}
            </button>
          </li>
          <li className="flex-1">
            <NavLink
              to={customer ? FAVOURITES_HREF : loginHref(FAVOURITES_HREF)}
              className={itemClass}
              aria-label={t("header.favouritesLabel", { count: favourites })}
            >
              <span className="relative">
                <HeartIcon className="size-6" />
                <CountBadge count={favourites} />
              </span>
              <span aria-hidden="true">{t("bottomNav.favourites")}</span>
            </NavLink>
          </li>
          {customer ? (
            <Item to="/perfil" icon={<UserIcon className="size-6" />} label={t("account.header.profile")} />
          ) : (
            <Item to={loginHref(`${pathname}${search}`)} icon={<UserIcon className="size-6" />} label={t("bottomNav.login")} />
          )}
          <li className="flex-1">
            <NavLink
              to={CART_HREF}
              onClick={openCart}
              aria-haspopup="dialog"
              className={itemClass}
              aria-label={t("header.cartLabel", { count: cart })}
            >
              <span className="relative">
                <CartIcon className="size-6" />
                <CountBadge count={cart} />
              </span>
              <span aria-hidden="true">{t("bottomNav.cart")}</span>
            </NavLink>
          </li>
        </ul>
      </nav>
      {drawerUsed && (
        <Suspense fallback={null}>
          <DepartmentsDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            categories={withDepartments(categories, menu)}
            hasSpecialLine={hasSpecialLine}
          />
        </Suspense>
      )}
    </>
  );
}
