import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { NavLink, Outlet, redirect, useFetcher, useLoaderData } from "react-router";
import { UserIcon } from "#app/components/ui/icons.tsx";
import { ConfirmDialog } from "#app/features/account/confirm-dialog.tsx";
import { useCart } from "#app/features/cart/cart-context.tsx";
import { resetFavourites } from "#app/lib/favourites-store.ts";
import { serverApi } from "#app/lib/api-client.ts";
import { clearSessionCookie, getSessionToken, requireCustomer } from "#app/lib/session.server.ts";
import type { Route } from "./+types/profile";
import "#app/i18n/account-texts.ts";

const SECTIONS = [
  { to: "/perfil/dados-pessoais", key: "personalData" },
  { to: "/perfil/meus-pedidos", key: "orders" },
  { to: "/perfil/favoritos", key: "favourites" },
  { to: "/perfil/endereco", key: "address" },
  { to: "/perfil/alterar-senha", key: "password" },
] as const;

/** Every profile section needs a customer (spec §2); guests go to /login with the wanted path. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCustomer(request, context);
  return { user };
}

/** Logout (spec §4): the API revokes the session, the cookie goes, then the login page. */
export async function action({ request, context }: Route.ActionArgs) {
  if (getSessionToken(request)) {
    // Even when the API cannot be reached, the cookie goes: the customer asked to leave.
    await serverApi(context)("POST /ecom/logout").catch(() => undefined);
  }
  throw redirect("/login", { headers: { "Set-Cookie": clearSessionCookie() } });
}

export type ProfileLoaderData = Awaited<ReturnType<typeof loader>>;

/** The profile area's frame: a sidebar on desktop, a user header and tabs on mobile. */
export default function ProfileLayout() {
  const { t } = useTranslation();
  const { user } = useLoaderData<typeof loader>();
  const logout = useFetcher();
  const cart = useCart();
  const [confirming, setConfirming] = useState(false);
  const busy = logout.state !== "idle";

  return (
    <div className="mx-auto flex max-w-7xl flex-col md:flex-row md:gap-8 md:px-4 md:py-8">
      <div className="shrink-0 md:w-64">
        <div className="flex items-center gap-3 bg-steel px-4 py-4 text-on-steel md:rounded-t-lg">
          <UserIcon className="size-9 shrink-0" />
          <div className="min-w-0">
            <p className="truncate font-bold">{t("account.header.greeting", { name: user.nome })}</p>
            <p className="truncate text-xs text-on-steel-muted">{user.email}</p>
          </div>
        </div>
        <nav aria-label={t("profileNav.label")}>
          <ul className="flex gap-1 overflow-x-auto border-b border-slate-200 bg-panel px-2 md:flex-col md:rounded-b-lg md:border md:p-2">
            {SECTIONS.map((section) => (
              <li key={section.to} className="shrink-0">
                <NavLink
                  to={section.to}
                  className="block whitespace-nowrap rounded px-3 py-3 text-sm font-semibold hover:bg-amber-50 aria-[current=page]:bg-amber-100 aria-[current=page]:text-amber-950"
                >
                  {t(`profileNav.${section.key}`)}
                </NavLink>
              </li>
            ))}
            <li className="shrink-0">
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className="block w-full whitespace-nowrap rounded px-3 py-3 text-left text-sm font-semibold text-red-700 hover:bg-red-50"
              >
                {t("account.logout.button")}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className="min-w-0 flex-1 px-4 py-6 md:px-0 md:py-0">
        <Outlet />
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("account.logout.title")}
        confirmLabel={t("account.logout.confirm")}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          // Spec §4: logout forgets the cart ids, the saved shipping and the cart itself on this device.
          cart.reset();
          resetFavourites();
          void logout.submit(null, { method: "post", action: "/perfil" });
        }}
      >
        {t("account.logout.question")}
      </ConfirmDialog>
    </div>
  );
}
