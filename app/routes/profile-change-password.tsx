import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { useFetcher } from "react-router";
import { useFormAnswer } from "#app/lib/use-form-answer.ts";
import { useToast } from "#app/components/ui/toast.tsx";
import { zodErrorLines } from "#app/features/account/errors.ts";
import { ErrorList } from "#app/components/form/error-list.tsx";
import { TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { ChangePasswordBodySchema } from "#contract/api/accounts.ts";
import { serverApi } from "#app/lib/api-client.ts";
import { errorLines, type ActionResult } from "#app/lib/action-result.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { FormCard } from "#app/components/form/form-card.tsx";
import type { Route } from "./+types/profile-change-password";
import "#app/i18n/account-texts.ts";

export const meta = pageMeta("changePassword");

const FIELDS = ["password_currently", "password", "password_confirmation"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const body = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as Record<(typeof FIELDS)[number], string>;
  return runAction(() => serverApi(context)("POST /ecom/cliente/trocar-senha-l", { body }));
}

/** Spec §2 "Change password": three required fields; the rules and messages are the server's. */
export default function ProfileChangePasswordRoute() {
  const { t } = useTranslation();
  const toast = useToast();
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [missing, setMissing] = useState<string[]>([]);
  // What the API's schema refuses in filled fields, said in its words before anything is sent.
  const [refused, setRefused] = useState<string[]>([]);
  const result = useFormAnswer(fetcher);

  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) {
      toast.success(result.message || t("account.password.success"));
      formRef.current?.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [result, fetcher.state]);

  const lines =
    missing.length > 0
      ? [t("validation.required")]
      : refused.length > 0
        ? refused
        : result && !result.ok && fetcher.state === "idle"
          ? errorLines(result).length > 0
            ? errorLines(result)
            : [t("account.password.error")]
          : [];

  return (
    <section aria-labelledby="section-title" className="max-w-lg">
      <h1 id="section-title" className="text-2xl font-bold">
        {t("profileNav.password")}
      </h1>
      <FormCard className="mt-6">
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
            const parsed = ChangePasswordBodySchema.safeParse(values);
            const empty = FIELDS.filter((f) => !values[f]);
            setMissing(empty);
            setRefused(parsed.success || empty.length > 0 ? [] : zodErrorLines(parsed.error.issues, values, t));
            if (!parsed.success) event.preventDefault();
          }}
        >
          <ErrorList messages={lines} focusKey={refused.length > 0 ? refused : (result ?? missing)} />
          <TextField
            name="password_currently"
            type="password"
            autoComplete="current-password"
            required
            label={t("account.fields.currentPassword")}
            error={missing.includes("password_currently") ? t("validation.required") : undefined}
          />
          <TextField
            name="password"
            type="password"
            autoComplete="new-password"
            required
            label={t("account.fields.newPassword")}
            error={missing.includes("password") ? t("validation.required") : undefined}
          />
          <TextField
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            required
            label={t("account.fields.passwordConfirmation")}
            error={missing.includes("password_confirmation") ? t("validation.required") : undefined}
          />
          <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("account.common.saving")}>
            {t("account.password.submit")}
          </SubmitButton>
        </fetcher.Form>
      </FormCard>
    </section>
  );
}
