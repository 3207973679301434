import { Form, useActionData, useNavigation } from "react-router";
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from "#contract/api/admin/staff.ts";
import { LOCALES } from "#contract/locale.ts";
import { TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { GuestPage } from "#app/features/admin/staff/guest-page.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { fixedT } from "#app/i18n/translator.ts";
import { fieldErrors } from "#app/lib/action-result.ts";
import { serverApi } from "#app/lib/api-client.ts";
import { refuse, runAction } from "#app/lib/run-action.server.ts";
import type { Route } from "./+types/reset-password";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.reset.newTitle");

/** The e-mailed link's page: a new password typed twice; the API ends every session of the member. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  if (password !== String(form.get("password_confirmation") ?? "")) {
    const message = fixedT(LOCALES.find((l) => l === form.get("locale")) ?? "pt-BR")("admin.account.mismatch");
    return refuse(message, { password_confirmation: [message] });
  }
  return runAction(() => serverApi(context)("POST /api/admin/password-reset/confirm", { body: { token: params.token, password } }), {
    throwServerErrors: true,
  });
}

export default function AdminResetPassword() {
  const { t, i18n } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = fieldErrors(result);
  return (
    <GuestPage title={t("admin.reset.newTitle")} intro={t("admin.reset.newIntro")} result={result}>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="locale" value={i18n.language} />
        <TextField
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={STAFF_PASSWORD_MIN}
          maxLength={STAFF_PASSWORD_MAX}
          label={t("admin.reset.newPassword")}
          error={errors.password}
        />
        <TextField
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          label={t("admin.reset.confirmPassword")}
          error={errors.password_confirmation}
        />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("admin.reset.saving")} className="w-full">
          {t("admin.reset.save")}
        </SubmitButton>
      </Form>
    </GuestPage>
  );
}
