import type { Staff } from "#contract/api/admin/staff.ts";
import { AdminTable, Panel } from "#app/features/admin/admin-shell.tsx";
import { useStaffSession } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import "#app/i18n/admin-texts.ts";

/** The shop's staff: who they are, their role, whether they may log in and when they last did. */
export function StaffTable({ staff }: { staff: Staff[] }) {
  const { t, i18n } = useTranslation();
  const { staff: me } = useStaffSession();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" });
  const columns = ["name", "email", "role", "status", "lastLogin"] as const;
  return (
    <Panel>
      <AdminTable columns={columns.map((c) => ({ label: t(`admin.staff.${c}`) }))}>
        {staff.map((m) => (
          <tr key={m.id} className="border-b border-slate-100 align-top" data-testid="staff-row">
            <td className="py-2 pr-3 font-semibold">
              {m.nome}
              {m.id === me.id ? <span className="ml-1 font-normal text-muted">({t("admin.staff.you")})</span> : null}
            </td>
            <td className="py-2 pr-3">{m.email}</td>
            <td className="py-2 pr-3">{t(`admin.roles.${m.papel}`)}</td>
            <td className="py-2 pr-3">
              {m.ativo ? t("admin.staff.active") : t("admin.staff.inactive")}
              {m.ativo && m.trocar_senha ? <span className="block text-xs text-muted">{t("admin.staff.mustChange")}</span> : null}
              {m.totp_ativo ? <span className="block text-xs text-muted">{t("admin.staff.twoFactor")}</span> : null}
            </td>
            <td className="py-2 pr-3">{m.data_ultimo_login ? date.format(new Date(m.data_ultimo_login)) : t("admin.staff.never")}</td>
          </tr>
        ))}
      </AdminTable>
    </Panel>
  );
}
