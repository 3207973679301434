import { data, isRouteErrorResponse, Link, Outlet, redirect, useRouteLoaderData } from "react-router";
import type { StaffSession } from "#contract/api/admin/staff.ts";
import { AdminShell } from "#app/features/admin/admin-shell.tsx";
import { readAdminFlash, requireStaff } from "#app/features/admin/api.server.ts";
import { ADMIN_LAYOUT_ID } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/layout";
import "#app/i18n/admin-texts.ts";

/** Every back-office page is the member's alone: never stored by a browser or a proxy. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, headers } = await requireStaff(request, context);
  // A password the shell or the owner set is changed before anything else; so is two-factor enrolled once the owner requires it.
  if ((session.staff.trocar_senha || session.totp_pendente) && new URL(request.url).pathname !== "/admin/conta") {
    throw redirect("/admin/conta", { headers });
  }
  // The success of a script-less post that redirected here (app/features/admin/form-answer.ts), said once.
  const { flash, clear } = readAdminFlash(request);
  if (clear) headers.append("Set-Cookie", clear);
  return data({ session, ...(flash ? { flash } : {}) }, { headers });
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

/** A refused or missing page inside the frame; without a session (the layout's own loader failed) it stands alone. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const signedIn = useRouteLoaderData<{ session: StaffSession }>(ADMIN_LAYOUT_ID) !== undefined;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  const page = (
    <section aria-labelledby="page-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="page-title" className="text-2xl font-bold">
        {status === 403 ? t("admin.forbidden.title") : status === 404 ? t("admin.notFound.title") : t("error.title")}
      </h1>
      <p className="mt-2 text-muted">{status === 403 ? t("admin.forbidden.text") : status === 404 ? t("admin.notFound.text") : t("error.text")}</p>
      <Link to="/admin" className="mt-4 inline-block font-semibold underline">
        {t("admin.forbidden.back")}
      </Link>
    </section>
  );
  return signedIn ? (
    <AdminShell>{page}</AdminShell>
  ) : (
    <main id="main" className="mx-auto max-w-xl p-6">
      {page}
    </main>
  );
}
