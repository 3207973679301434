import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useFetcher, useSearchParams } from "react-router";
import { zodErrorLines } from "#app/features/account/errors.ts";
import { ErrorList, SubmitButton, TextField } from "#app/features/account/fields.tsx";
import { NewPasswordFieldsSchema } from "#contract/api/accounts.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/reset-password";

export const meta = pageMeta("resetPassword");

type Result = { ok: true; message: string } | { ok: false; message?: string; errors?: Record<string, string[]> };

export async function action({ request, params, context }: Route.ActionArgs): Promise<Result> {
  const form = await request.formData();
  const query = new URL(request.url).searchParams;
  const res = await context.apiFetch("/ecom/cliente/trocar-senha", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      uuid: params.uuid,
      token: params.token,
      email: query.get("email") ?? undefined,
      code: query.get("code") ?? undefined,
      password: String(form.get("password") ?? ""),
      password_confirmation: String(form.get("password_confirmation") ?? ""),
    }),
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
  if (!res.ok) return { ok: false, message: body.message, errors: body.errors };
  return { ok: true, message: body.message ?? "" };
}

/** Spec §2 "Reset password": new password and confirmation; on success a link to login. */
export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const fetcher = useFetcher<Result>();
  const [mismatch, setMismatch] = useState(false);
  // What the API's schema refuses, said in its words before anything is sent.
  const [refused, setRefused] = useState<string[]>([]);
  const result = fetcher.data;
  const done = result?.ok === true && fetcher.state === "idle";
  const serverLines =
    result && !result.ok
      ? Object.values(result.errors ?? {}).flat().length > 0
        ? Object.values(result.errors ?? {}).flat()
        : [result.message ?? t("account.reset.failed")]
      : [];

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-md px-4 py-10 md:py-16">
      <h1 id="page-title" className="text-2xl font-bold md:text-3xl">
        {t("account.reset.title")}
      </h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-panel p-5 shadow-sm md:p-6">
        {done ? (
          <div role="status" className="space-y-4">
            <p className="font-semibold text-emerald-800">{result.message || t("account.reset.success")}</p>
            <Link to="/login" className="inline-block font-semibold text-accent-ink underline">
              {t("account.common.goToLogin")}
            </Link>
          </div>
        ) : (
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
            <SubmitButton busy={fetcher.state !== "idle"} className="w-full">
              {fetcher.state !== "idle" ? t("account.reset.submitting") : t("account.reset.submit")}
            </SubmitButton>
          </fetcher.Form>
        )}
      </div>
    </section>
  );
}
