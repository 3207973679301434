import type { Signup } from "#contract/api/admin/content.ts";
import { SHOP_TIME_ZONE } from "#contract/shop-time.ts";
import { AdminTable } from "#app/features/admin/admin-shell.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import "#app/i18n/admin-texts.ts";

/** The offers sign-ups of one page: the number, the site's language it was left in, and when (the shop's clock). */
export function SignupTable({ signups }: { signups: Signup[] }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: SHOP_TIME_ZONE });
  return (
    <AdminTable
      testId="admin-signups"
      columns={[
        { label: t("admin.content.signups.phone") },
        { label: t("admin.content.signups.language") },
        { label: t("admin.content.signups.date") },
      ]}
    >
      {signups.map((s) => (
        <tr key={s.id} className="border-b border-slate-100">
          <td className="py-2 pr-3 font-mono">{s.celular}</td>
          <td className="py-2 pr-3">{s.lang ?? "—"}</td>
          <td className="py-2 pr-3">
            <time dateTime={s.created_at}>{date.format(new Date(s.created_at))}</time>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
