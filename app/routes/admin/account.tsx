import type { Staff } from "#contract/api/admin/staff.ts";
import { LOCALES } from "#contract/locale.ts";
import { AdminPage } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi } from "#app/features/admin/api.server.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useStaffSession } from "#app/features/admin/staff-data.tsx";
import { LanguageForm, PasswordForm } from "#app/features/admin/staff/account-forms.tsx";
import { TwoFactorPanel } from "#app/features/admin/staff/two-factor.tsx";
import { fixedT } from "#app/i18n/translator.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/account";
import { refuse } from "#app/lib/run-action.server.ts";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.account.title");

/**
 * The member's own language (intent `lang`), password (intent `password`, the new one typed twice) and
 * two-factor (intents `totp-invite`, `totp-start`, `totp-confirm`, `totp-renew`, `totp-disable`); enrolling takes an
 * enrolment code, from the e-mailed link (`?convite=`) or typed (docs/decisions/025).
 */
/** The enrolment and the recovery codes are shown from the API's answer itself. */
const keep = <T,>(answer: T) => answer;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = adminApi(context, form);
  const intent = String(form.get("intent") ?? "");
  const codigo = String(form.get("codigo") ?? "");
  const convite = String(form.get("convite") ?? "").trim();
  if (intent === "totp-invite") return adminAction(request, intent, () => api("POST /api/admin/me/totp/invite"));
  // The enrolment code goes back with the QR code: the confirmation uses it up.
  if (intent === "totp-start") {
    return adminAction(
      request,
      intent,
      () => api("POST /api/admin/me/totp", { body: { convite } }),
      (answer) => ({ ...answer, convite }),
    );
  }
  if (intent === "totp-confirm") {
    return adminAction(request, intent, () => api("POST /api/admin/me/totp/confirm", { body: { codigo, convite } }), keep);
  }
  if (intent === "totp-renew") return adminAction(request, intent, () => api("POST /api/admin/me/totp/recovery-codes", { body: { codigo } }), keep);
  if (intent === "totp-disable") {
    return adminAction(request, intent, () =>
      api("POST /api/admin/me/totp/disable", { body: { current_password: String(form.get("current_password") ?? ""), codigo } }),
    );
  }
  if (intent === "lang") {
    return adminAction(request, intent, () => api("PATCH /api/admin/me", { body: { lang: String(form.get("lang")) as Staff["lang"] } }));
  }
  const password = String(form.get("password") ?? "");
  if (password !== String(form.get("password_confirmation") ?? "")) {
    const t = fixedT(LOCALES.find((l) => l === form.get("locale")) ?? "pt-BR");
    const message = t("admin.account.mismatch");
    return refuse(message, { password_confirmation: [message] }, intent);
  }
  return adminAction(request, intent, () =>
    api("PATCH /api/admin/me", { body: { current_password: String(form.get("current_password") ?? ""), password } }),
  );
}

export default function AdminAccount() {
  const { t } = useTranslation();
  const { staff } = useStaffSession();
  return (
    <AdminPage title={t("admin.account.title")}>
      {staff.trocar_senha ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 font-medium text-amber-950">
          {t("admin.account.mustChange")}
        </p>
      ) : null}
      <LanguageForm />
      <PasswordForm />
      {staff.trocar_senha ? null : <TwoFactorPanel />}
    </AdminPage>
  );
}
