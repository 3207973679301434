import { useLoaderData } from "react-router";
import type { Staff } from "#contract/api/admin/staff.ts";
import { AdminPage } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
import { MemberEditor, NewMemberForm, SecurityForm } from "#app/features/admin/staff/staff-forms.tsx";
import { StaffTable } from "#app/features/admin/staff/staff-table.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/staff";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.staff.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminApi(context);
  const [{ data: staff }, { data: settings }] = await adminLoad(request, () =>
    Promise.all([api("GET /api/admin/staff"), api("GET /api/admin/settings")]),
  );
  return { staff, settings };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * Creates a member (intent `create`), changes one (intent `update`), switches a member's two-factor off
 * (intent `totp-reset`), hands a member an enrolment code (intent `totp-invite`) or saves the shop's security setting (intent `settings`); the API checks the
 * role and every field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = adminApi(context, form);
  const intent = text(form, "intent");
  if (intent === "settings") {
    return adminAction(request, intent, () => api("PUT /api/admin/settings", { body: { totp_obrigatorio: form.get("totp_obrigatorio") === "on" } }));
  }
  if (intent === "totp-reset") {
    return adminAction(request, `totp-reset-${text(form, "id")}`, () =>
      api("DELETE /api/admin/staff/{id}/totp", { params: { id: text(form, "id") } }),
    );
  }
  if (intent === "totp-invite") {
    return adminAction(
      request,
      `totp-invite-${text(form, "id")}`,
      () => api("POST /api/admin/staff/{id}/totp/invite", { params: { id: text(form, "id") } }),
      (answer) => ({ codigo: answer.codigo }),
    );
  }
  if (intent === "create") {
    return adminAction(request, intent, () =>
      api("POST /api/admin/staff", {
        body: {
          email: text(form, "email"),
          nome: text(form, "nome"),
          papel: text(form, "papel") as Staff["papel"],
          lang: text(form, "lang") as Staff["lang"],
          password: text(form, "password"),
        },
      }),
    );
  }
  const password = text(form, "password");
  return adminAction(request, `update-${text(form, "id")}`, () =>
    api("PATCH /api/admin/staff/{id}", {
      params: { id: text(form, "id") },
      body: {
        nome: text(form, "nome"),
        papel: text(form, "papel") as Staff["papel"],
        lang: text(form, "lang") as Staff["lang"],
        ativo: form.get("ativo") === "on",
        ...(password ? { password } : {}),
      },
    }),
  );
}

export default function AdminStaff() {
  const { t } = useTranslation();
  const { staff, settings } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={t("admin.staff.title")} intro={t("admin.staff.intro")}>
      <StaffTable staff={staff} />
      <SecurityForm mandatory={settings.totp_obrigatorio} />
      <NewMemberForm />
      <div className="space-y-2">
        {staff.map((m) => (
          <MemberEditor key={m.id} member={m} />
        ))}
      </div>
    </AdminPage>
  );
}
