import { Link, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/react.tsx";
import { loginHref } from "#app/lib/links.ts";
import { useCart } from "./cart-context.tsx";

/**
 * Tells a customer whose session ran out in an open tab that their cart was kept, with a login
 * link that brings them back to this page.
 */
export function SessionEndedNotice() {
  const { t } = useTranslation();
  const { sessionEnded, dismissSessionEnded } = useCart();
  const { pathname, search } = useLocation();
  if (!sessionEnded) return null;
  return (
    <div role="alert" data-testid="session-ended" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm">
        <p className="min-w-0 flex-1 font-semibold">{t("cart.session.ended")}</p>
        <Link
          to={loginHref(`${pathname}${search}`)}
          className="inline-flex min-h-11 items-center rounded-md bg-accent px-4 font-bold text-ink hover:bg-accent-strong"
        >
          {t("cart.session.login")}
        </Link>
        <button
          type="button"
          onClick={dismissSessionEnded}
          aria-label={t("cart.session.dismiss")}
          className="inline-flex size-11 items-center justify-center rounded-md text-lg font-bold hover:bg-amber-100"
        >
          ×
        </button>
      </div>
    </div>
  );
}
