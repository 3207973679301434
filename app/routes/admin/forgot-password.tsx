import { Form, useActionData, useNavigation } from "react-router";
import { StaffResetRequestBodySchema } from "#contract/api/admin/staff.ts";
import { TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { GuestPage } from "#app/features/admin/staff/guest-page.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { serverApi } from "#app/lib/api-client.ts";
import { refuse, runAction } from "#app/lib/run-action.server.ts";
import type { Route } from "./+types/forgot-password";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.reset.requestTitle");

/** "Forgot my password" (docs/decisions/025): the API answers alike for any e-mail and mails a link to a member's. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const body = { email: String(form.get("email") ?? "").trim() };
  if (!StaffResetRequestBodySchema.safeParse(body).success) return refuse("");
  return runAction(() => serverApi(context)("POST /api/admin/password-reset", { body }), { throwServerErrors: true });
}

export default function AdminForgotPassword() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <GuestPage title={t("admin.reset.requestTitle")} intro={t("admin.reset.requestIntro")} result={result}>
      <Form method="post" className="space-y-4">
        <TextField name="email" type="email" autoComplete="username" required label={t("admin.login.email")} />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("admin.reset.sending")} className="w-full">
          {t("admin.reset.send")}
        </SubmitButton>
      </Form>
    </GuestPage>
  );
}
