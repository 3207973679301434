import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { useFetcher, useSearchParams } from "react-router";
import { useFormAnswer } from "#app/lib/use-form-answer.ts";
import { zodErrorLines } from "#app/features/account/errors.ts";
import { ErrorList } from "#app/components/form/error-list.tsx";
import { TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { NewPasswordFieldsSchema } from "#contract/api/accounts.ts";
import { PasswordPage } from "#app/features/account/password-page.tsx";
import { serverApi } from "#app/lib/api-client.ts";
import { errorLines, type ActionResult } from "#app/lib/action-result.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/reset-password";
import "#app/i18n/account-texts.ts";

export const meta = pageMeta("resetPassword");

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const query = new URL(request.url).searchParams;
  return runAction(() =>
    serverApi(context)("POST /ecom/cliente/trocar-senha", {
      body: {
        uuid: params.uuid,
        token: params.token,
        email: query.get("email") ?? undefined,
        code: query.get("code") ?? undefined,
        password: String(form.get("password") ?? ""),
        password_confirmation: String(form.get("password_confirmation") ?? ""),
      },
    }),
  );
}

/** Spec §2 "Reset password": new password and confirmation; on success a link to login. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const fetcher = useFetcher<ActionResult>();
  const [mismatch, setMismatch] = useState(false);
  // What the API's schema refuses, said in its words before anything is sent.
  const [refused, setRefused] = useState<string[]>([]);
  const result = useFormAnswer(fetcher);
  const done = result?.ok === true && fetcher.state === "idle";
  const serverLines = result && !result.ok ? (errorLines(result).length > 0 ? errorLines(result) : [t("account.reset.failed")]) : [];

  return (
    <PasswordPage
      title={t("account.reset.title")}
      done={done ? result.message || t("account.reset.success") : null}
      loginLabel={t("account.common.goToLogin")}
    >
      <fetcher.Form
        method="post"
        action={`?${query}`}
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const values = {
            password: String(form.get("password") ?? ""),
            password_confirmation: String(form.get("password_confirmation") ?? ""),
          };
          const parsed = NewPasswordFieldsSchema.safeParse(values);
          // No password, or two that differ, read as the confirmation's error; any other refusal as the API lists it.
          const differ = !values.password || values.password !== values.password_confirmation;
          setMismatch(differ);
          setRefused(parsed.success || differ ? [] : zodErrorLines(parsed.error.issues, values, t));
          if (!parsed.success) event.preventDefault();
        }}
      >
        <ErrorList
          title={t("account.reset.failedTitle")}
          messages={mismatch ? [t("validation.passwords_must_match")] : refused.length > 0 ? refused : serverLines}
          focusKey={refused.length > 0 ? refused : (result ?? mismatch)}
        />
        <TextField
          name="password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={20}
          hint={t("account.fields.passwordHint")}
          label={t("account.fields.newPassword")}
        />
        <TextField
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          required
          maxLength={20}
          label={t("account.fields.passwordConfirmation")}
          error={mismatch ? t("validation.passwords_must_match") : undefined}
        />
        <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("account.reset.submitting")} className="w-full">
          {t("account.reset.submit")}
        </SubmitButton>
      </fetcher.Form>
    </PasswordPage>
  );
}
