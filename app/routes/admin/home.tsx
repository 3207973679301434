import { Link, redirect, useLoaderData } from "react-router";
import { MANAGERS } from "#contract/api/admin/staff.ts";
import { ADMIN_SECTIONS, AdminPage } from "#app/features/admin/admin-shell.tsx";
import { adminApi, adminLoad, requireStaff } from "#app/features/admin/api.server.ts";
import { DashboardView } from "#app/features/admin/dashboard/dashboard-view.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useStaffSession } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/home";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.nav.home");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, headers } = await requireStaff(request, context);
  // Counter staff start at the counter.
  if (session.staff.papel === "counter") throw redirect("/admin/balcao", { headers });
  // The dashboard is the owner's and the manager's (the API refuses anyone else).
  if (!(MANAGERS.roles as readonly string[]).includes(session.staff.papel)) return { dashboard: null };
  const { data } = await adminLoad(request, () => adminApi(context)("GET /api/admin/dashboard"));
  return { dashboard: data };
}

export default function AdminHome() {
  const { t } = useTranslation();
  const { staff } = useStaffSession();
  const { dashboard } = useLoaderData<typeof loader>();
  const sections = ADMIN_SECTIONS.filter((s) => s.text && s.roles.includes(staff.papel));
  return (
    <AdminPage
      title={t("admin.home.greeting", { name: staff.nome })}
      intro={t("admin.home.role", { role: t(`admin.roles.${staff.papel}`), help: t(`admin.roleHelp.${staff.papel}`) })}
    >
      {dashboard ? <DashboardView data={dashboard} /> : null}
      <h2 className="text-lg font-bold">{t("admin.home.sections")}</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-slate-400">
              <span className="font-bold">{t(s.label)}</span>
              <span className="mt-1 block text-sm text-muted">{t(s.text!)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
