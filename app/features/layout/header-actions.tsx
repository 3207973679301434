import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import { useFavouriteCount } from "#app/lib/favourites-store.ts";
import { useCartLink } from "#app/features/cart/use-cart-link.ts";
import { CartIcon, HeartIcon, UserIcon } from "#app/components/ui/icons.tsx";
import { CART_HREF, FAVOURITES_HREF, loginHref } from "#app/lib/links.ts";
import type { ShellData } from "#app/lib/shell-data.ts";

export function CountBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      className="absolute -top-1.5 -right-2 flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold leading-5 text-ink"
    >
      {count}
    </span>
  );
}

/**
 * Login, favourites and cart links of the desktop header. Until accounts, favourites and the cart
 * exist (later issues) the visitor is a guest with nothing saved, so both counts are 0.
 */
export function HeaderActions() {
  const { count: cart, onClick: openCart } = useCartLink();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const wanted = `${pathname}${search}`;
  const customer = useRouteLoaderData<ShellData>("root")?.customer ?? null;
  const favourites = useFavouriteCount();

  return (
    <div className="flex items-center gap-5">
      {customer ? (
        <Link to="/perfil" className="flex items-center gap-2 rounded text-sm hover:text-accent-strong">
          <UserIcon className="size-7" />
          <span className="flex flex-col leading-tight">
            <span className="font-bold">{t("account.header.greeting", { name: customer.nome })}</span>
            <span className="text-xs text-on-steel-muted">{t("account.header.myAccount")}</span>
          </span>
        </Link>
      ) : (
        <Link to={loginHref(wanted)} className="flex items-center gap-2 rounded text-sm hover:text-accent-strong">
          <UserIcon className="size-7" />
          <span className="flex flex-col leading-tight">
            <span className="font-bold">{t("header.login")}</span>
            <span className="text-xs text-on-steel-muted">{t("header.loginHint")}</span>
          </span>
        </Link>
      )}
      <Link
        to={customer ? FAVOURITES_HREF : loginHref(FAVOURITES_HREF)}
        aria-label={t("header.favouritesLabel", { count: favourites })}
        title={t("header.favourites")}
        className="relative rounded p-1 hover:text-accent-strong"
      >
        <HeartIcon className="size-7" />
        <CountBadge count={favourites} />
      </Link>
      <Link
        to={CART_HREF}
        onClick={openCart}
        aria-haspopup="dialog"
        aria-label={t("header.cartLabel", { count: cart })}
        title={t("header.cart")}
        className="relative rounded p-1 hover:text-accent-strong"
      >
        <CartIcon className="size-7" />
        <CountBadge count={cart} />
      </Link>
    </div>
  );
}
