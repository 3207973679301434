import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useFetcher } from "react-router";
import { useFormAnswer } from "#app/lib/use-form-answer.ts";
import { zodFieldErrors } from "#app/features/account/errors.ts";
import { TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { RecoverBodySchema } from "#contract/api/accounts.ts";
import { PasswordPage } from "#app/features/account/password-page.tsx";
import { serverApi } from "#app/lib/api-client.ts";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import { refuse, runAction } from "#app/lib/run-action.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/recover-password";
import "#app/i18n/account-texts.ts";

export const meta = pageMeta("recoverPassword");

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  if (!email) return refuse("");
  return runAction(() => serverApi(context)("POST /ecom/cliente/recuperar-senha", { body: { email } }));
}

/** Spec §2 "Password recovery": form, submitting, then a confirmation that replaces the form. */
export default function RecoverPasswordRoute() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const [refused, setRefused] = useState<string>();
  const result = useFormAnswer(fetcher);
  const done = result?.ok === true && fetcher.state === "idle";
  const error = refused ?? (result && !result.ok ? (fieldErrors(result).email ?? (result.message || t("account.errors.generic"))) : null);

  return (
    <PasswordPage
      title={t("account.recover.title")}
      done={done ? result.message || t("account.recover.sent") : null}
      loginLabel={t("account.common.backToLogin")}
    >
      <fetcher.Form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          // The API's own schema, and its words for what it would refuse.
          const values = { email: String(new FormData(event.currentTarget).get("email") ?? "").trim() };
          const parsed = RecoverBodySchema.safeParse(values);
          const problem = parsed.success ? undefined : zodFieldErrors(parsed.error.issues, values, t).email;
          setRefused(problem);
          if (problem) event.preventDefault();
        }}
      >
        <p className="text-sm text-muted">{t("account.recover.intro")}</p>
        <TextField name="email" type="email" autoComplete="email" required label={t("account.fields.email")} error={error ?? undefined} />
        <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("account.recover.submitting")} className="w-full">
          {t("account.recover.submit")}
        </SubmitButton>
        <Link to="/login" className="block text-center text-sm font-semibold text-accent-ink underline">
          {t("account.common.backToLogin")}
        </Link>
      </fetcher.Form>
    </PasswordPage>
  );
}
