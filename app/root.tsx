import { useEffect } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  data,
  redirect,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { DEFAULT_LOCALE, isLocale } from "#contract/locale.ts";
import { ToastProvider } from "#app/components/ui/toast.tsx";
import { NotFound, ErrorPage } from "#app/features/layout/not-found.tsx";
import { Shell } from "#app/features/layout/shell.tsx";
import { EMPTY_SHELL_CATALOG, loadShellCatalog } from "#app/features/layout/shell-data.server.ts";
import { hasStaffCookie } from "#app/features/admin/api.server.ts";
import { useFlashToast } from "#app/features/account/use-flash.ts";
import { useFavouritesInit } from "#app/lib/favourites-store.ts";
import { takeCartHandover } from "#app/features/cart/cart-handover.server.ts";
import type { ShellData } from "#app/lib/shell-data.ts";
import { LocaleProvider } from "#app/i18n/locale-provider.tsx";
import { localeCookie, resolveLocale } from "#app/i18n/resolve-locale.ts";
import { serverApi } from "#app/lib/api-client.ts";
import { guestCurrencyId, shopperCurrencyId } from "#app/lib/guest-currency.ts";
import { buildMeta, rootData } from "#app/lib/meta.ts";
import { useNonce } from "#app/lib/nonce.ts";
import { clearSessionCookie, getCustomer, getSessionToken } from "#app/lib/session.server.ts";
import { rememberSignedIn, tabSignedIn } from "#app/lib/session-state.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

// Inline icon: no extra request, and no 404 for /favicon.ico in every browser console.
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="5" fill="#f59e0b"/>' +
      '<path d="M14.7 6.3a4 4 0 0 0 5 5L21 10a6 6 0 0 1-7.6 5.4L7 21.8A2.1 2.1 0 0 1 4.2 19l6.4-6.4A6 6 0 0 1 16 5l-1.3 1.3Z" fill="none" stroke="#0f172a" stroke-width="1.8" stroke-linejoin="round"/></svg>',
  );

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: FAVICON, type: "image/svg+xml" },
  // A stylesheet resource (React 19): written before the module preloads, so the first paint waits for it alone.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
];

/** The back office's pages (app/routes/admin): they have a frame, a session and a language of their own. */
const ADMIN_PATH = /^\/admin(?:\/|$)/;

/** The root data of a back-office page: no menus and no customer, in the staff member's language. */
async function adminRoot(request: Request, context: Route.LoaderArgs["context"]): Promise<ShellData> {
  const resolution = resolveLocale(request, context.site);
  let locale = resolution.locale;
  if (hasStaffCookie(request)) {
    const staff = await serverApi(context)("GET /api/admin/session").then(
      (session) => session.staff,
      () => undefined,
    );
    if (staff && isLocale(staff.lang)) locale = staff.lang;
  }
  return { locale, currencyId: guestCurrencyId(locale), site: context.site, ...EMPTY_SHELL_CATALOG, customer: null, area: "admin" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (ADMIN_PATH.test(new URL(request.url).pathname)) return adminRoot(request, context);
  const resolution = resolveLocale(request, context.site);
  const user = await getCustomer(request, context);
  // Spec §4: a logged-in customer's language follows the account, whatever the address or cookie say.
  const accountLocale = user && isLocale(user.lang) ? user.lang : undefined;
  // Spec §2 route rules: `?lang=` is stored, then removed from the address.
  if (resolution.kind === "switch") {
    const headers = new Headers();
    // An unknown `?lang=` only leaves the address; a known one is stored (the account's language when signed in).
    if (resolution.setCookie) headers.append("Set-Cookie", accountLocale ? localeCookie(accountLocale, new URL(request.url)) : resolution.setCookie);
    // A switch from the other brand's host brings the guest's cart along (docs/decisions/040).
    const handover = accountLocale ? undefined : await takeCartHandover(request, context);
    if (handover) headers.append("Set-Cookie", handover);
    throw redirect(resolution.location, { headers });
  }
  const locale = accountLocale ?? resolution.locale;
  const catalog = await loadShellCatalog(serverApi(context), locale, context.catalogueGeneration);
  const customer = user ? { nome: user.nome, estrangeiro: user.estrangeiro, lang: user.lang } : null;
  // Spec §9: a signed-in customer sees the currency they pay in (an Argentinian guaraníes, not the es-AR guest's dollars).
  const shell: ShellData = { locale, currencyId: shopperCurrencyId(user, locale), site: context.site, ...catalog, customer };
  // An expired session leaves a dead cookie behind; drop it so every later request is a guest's.
  if (!user && getSessionToken(request)) return data(shell, { headers: { "Set-Cookie": clearSessionCookie() } });
  return shell;
}

// The menus and rates come from data cached for 5 minutes (spec §9); re-reading them on every
// client navigation would only add a request. Actions (login, logout) and language switches do,
// and so does every navigation of a signed-in tab: its session (1 hour) may have ended meanwhile,
// and the header must not go on greeting a customer who is no longer signed in.
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  // Into or out of the back office: the frame and the language change with it.
  if (ADMIN_PATH.test(currentUrl.pathname) !== ADMIN_PATH.test(nextUrl.pathname)) return true;
  return tabSignedIn() || nextUrl.searchParams.has("lang");
}

export const meta: Route.MetaFunction = ({ matches, location, error }) => {
  const shell = rootData(matches);
  if (!error) return buildMeta(shell, location.pathname);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return buildMeta(shell, location.pathname, (t) => (notFound ? t("pages.notFound.title") : t("error.title")));
};

export function Layout({ children }: { children: React.ReactNode }) {
  const shell = useRouteLoaderData<ShellData>("root");
  const { i18n } = useTranslation();
  const locale = shell?.locale ?? (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);
  const nonce = useNonce();
  // Marks the document once React has taken it over: until then a button does only what HTML alone does.
  // The browser tests wait for it after each page load, as a shopper waits for the page to finish loading.
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#1e293b" />
        <Meta />
        <Links />
      </head>
      <body className="font-sans antialiased">
        <LocaleProvider locale={locale}>
          <ToastProvider>{children}</ToastProvider>
        </LocaleProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const shell = useLoaderData<typeof loader>();
  useEffect(() => rememberSignedIn(shell.customer !== null), [shell.customer]);
  useFavouritesInit(shell.customer !== null);
  useFlashToast();
  // The back office draws its own frame (features/admin/admin-shell.tsx).
  if (shell.area === "admin") return <Outlet />;
  return (
    <Shell data={shell}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useRouteLoaderData<ShellData>("root");
  const page =
    isRouteErrorResponse(error) && error.status === 404 ? (
      <NotFound />
    ) : (
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : undefined} />
    );
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  // Without the root data (its loader failed), or in the back office, there are no menus to draw; the page stands alone.
  return shell && shell.area !== "admin" ? <Shell data={shell}>{page}</Shell> : <main id="main">{page}</main>;
}
