import { Link, redirect } from "react-router";
import { ADMIN_SECTIONS, AdminPage } from "#app/features/admin/admin-shell.tsx";
import { requireStaff } from "#app/features/admin/api.server.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useStaffSession } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/home";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.nav.home");

/** Counter staff start at the counter. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, headers } = await requireStaff(request, context);
  if (session.staff.papel === "counter") throw redirect("/admin/balcao", { headers });
  return null;
}

export default function AdminHome() {
  const { t } = useTranslation();
  const { staff } = useStaffSession();
  const sections = ADMIN_SECTIONS.filter((s) => s.text && s.roles.includes(staff.papel));
  return (
    <AdminPage
      title={t("admin.home.greeting", { name: staff.nome })}
      intro={t("admin.home.role", { role: t(`admin.roles.${staff.papel}`), help: t(`admin.roleHelp.${staff.papel}`) })}
    >
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
