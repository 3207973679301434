import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useFetcher } from "react-router";
import { zodFieldErrors } from "#app/features/account/errors.ts";
import { SubmitButton, TextField } from "#app/features/account/fields.tsx";
import { RecoverBodySchema } from "#contract/api/accounts.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/recover-password";

export const meta = pageMeta("recoverPassword");

type Result = { ok: true; message: string } | { ok: false; message?: string };

export async function action({ request, context }: Route.ActionArgs): Promise<Result> {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  if (!email) return { ok: false };
  const res = await context.apiFetch("/ecom/cliente/recuperar-senha", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email }),
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
  if (!res.ok) return { ok: false, message: body.errors?.email?.[0] ?? body.message };
  return { ok: true, message: body.message ?? "" };
}

/** Spec §2 "Password recovery": form, submitting, then a confirmation that replaces the form. */
export default function RecoverPasswordRoute() {
  const { t } = useTranslation();
  const fetcher = useFetcher<Result>();
  const [refused, setRefused] = useState<string>();
  const result = fetcher.data;
  const done = result?.ok === true && fetcher.state === "idle";
  const error = refused ?? (result && !result.ok ? (result.message ?? t("account.errors.generic")) : null);

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-md px-4 py-10 md:py-16">
      <h1 id="page-title" className="text-2xl font-bold md:text-3xl">
        {t("account.recover.title")}
      </h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-panel p-5 shadow-sm md:p-6">
        {done ? (
          <div role="status" className="space-y-4">
            <p className="font-semibold text-emerald-800">{result.message || t("account.recover.sent")}</p>
            <Link to="/login" className="inline-block font-semibold text-accent-ink underline">
              {t("account.common.backToLogin")}
            </Link>
          </div>
        ) : (
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
            <TextField
              name="email"
              type="email"
              autoComplete="email"
              required
              label={t("account.fields.email")}
              error={error ?? undefined}
            />
            <SubmitButton busy={fetcher.state !== "idle"} className="w-full">
              {fetcher.state !== "idle" ? t("account.recover.submitting") : t("account.recover.submit")}
            </SubmitButton>
            <Link to="/login" className="block text-center text-sm font-semibold text-accent-ink underline">
              {t("account.common.backToLogin")}
            </Link>
          </fetcher.Form>
        )}
      </div>
    </section>
  );
}
