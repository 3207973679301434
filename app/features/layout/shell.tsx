import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { useLocation } from "react-router";
import { CartProvider } from "#app/features/cart/cart-context.tsx";
import { CartDrawer } from "#app/features/cart/cart-drawer.tsx";
import { SessionEndedNotice } from "#app/features/cart/session-ended-notice.tsx";
import { BottomNav } from "./bottom-nav.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import type { ShellData } from "#app/lib/shell-data.ts";
import { setPageCurrency } from "#app/lib/api-client.ts";

/** Spec §2: the footer is hidden on /checkout, where nothing should pull the buyer away. */
const hidesFooter = (pathname: string) => pathname.replace(/\/+$/, "") === "/checkout";

/** Header, main landmark, footer and the mobile bottom bar around every page. */
export function Shell({ data, children }: { data: ShellData; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Set while rendering, not in an effect: the pages' own effects, which run first, call the API already.
  if (typeof window !== "undefined") setPageCurrency(data.currencyId);
  return (
    <CartProvider>
      <div className="flex min-h-dvh flex-col pb-16 md:pb-0">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-accent focus:px-4 focus:py-2 focus:font-bold focus:text-ink"
        >
          {t("common.skipToContent")}
        </a>
        <Header data={data} />
        <SessionEndedNotice />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        {hidesFooter(pathname) ? null : <Footer data={data} />}
        <BottomNav categories={data.categories} locale={data.locale} hasSpecialLine={data.hasSpecialLine} />
        <CartDrawer />
      </div>
    </CartProvider>
  );
}
