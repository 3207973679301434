import { useEffect, useRef } from "react";
import { data, useFetcher } from "react-router";
import type { Staff } from "#contract/api/admin/staff.ts";
import { LOCALES } from "#contract/locale.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi } from "#app/features/admin/api.server.ts";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { CsrfField, useStaffSession } from "#app/features/admin/staff-data.tsx";
import { TwoFactorPanel } from "#app/features/admin/two-factor.tsx";
import { fixedT } from "#app/i18n/translator.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/account";
import { type ActionResult, fieldErrors } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.account.title");

/**
 * The member's own language (intent `lang`), password (intent `password`, the new one typed twice) and
 * two-factor (intents `totp-start`, `totp-confirm`, `totp-renew`, `totp-disable`).
 */
/** The enrolment and the recovery codes are shown from the API's answer itself. */
const keep = <T,>(answer: T) => answer;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = adminApi(context, form);
  const intent = String(form.get("intent") ?? "");
  const codigo = String(form.get("codigo") ?? "");
  if (intent === "totp-start") return adminAction(request, intent, () => api("POST /api/admin/me/totp"), keep);
  if (intent === "totp-confirm") return adminAction(request, intent, () => api("POST /api/admin/me/totp/confirm", { body: { codigo } }), keep);
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
    return data<ActionResult>({ ok: false, message, errors: { password_confirmation: [message] }, intent }, { status: 422 });
  }
  return adminAction(request, intent, () =>
    api("PATCH /api/admin/me", { body: { current_password: String(form.get("current_password") ?? ""), password } }),
  );
}

function LanguageForm() {
  const { t, i18n } = useTranslation();
  const { staff } = useStaffSession();
  const fetcher = useFetcher<ActionResult>();
  return (
    <Panel title={t("admin.account.languageTitle")}>
      <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
        <CsrfField />
        <input type="hidden" name="intent" value="lang" />
        <div className="w-full">
          <FormResult result={fetcher.data} />
        </div>
        <SelectField
          name="lang"
          label={t("admin.account.language")}
          options={LOCALES.map((l) => ({ value: l, label: t(`admin.languages.${l}`) }))}
          defaultValue={staff.lang}
          key={i18n.language}
          className="min-w-60"
        />
        <SubmitButton pending={fetcher.state !== "idle"}>{t("admin.account.saveLanguage")}</SubmitButton>
      </fetcher.Form>
    </Panel>
  );
}

function PasswordForm() {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const errors = fieldErrors(fetcher.data);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const result = fetcher.data?.ok ? { ...fetcher.data, message: t("admin.account.changed") } : fetcher.data;
  return (
    <Panel title={t("admin.account.passwordTitle")}>
      <fetcher.Form method="post" className="grid max-w-md gap-3" ref={form}>
        <CsrfField />
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="locale" value={i18n.language} />
        <FormResult result={result} />
        <TextField
          name="current_password"
          type="password"
          autoComplete="current-password"
          label={t("admin.account.current")}
          required
          error={errors.current_password}
        />
        <TextField
          name="password"
          type="password"
          autoComplete="new-password"
          label={t("admin.account.new")}
          hint={t("admin.account.hint")}
          required
          minLength={10}
          maxLength={128}
          error={errors.password}
        />
        <TextField
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          label={t("admin.account.confirm")}
          required
          error={errors.password_confirmation}
        />
        <div>
          <SubmitButton pending={fetcher.state !== "idle"}>{t("admin.account.change")}</SubmitButton>
        </div>
      </fetcher.Form>
    </Panel>
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
