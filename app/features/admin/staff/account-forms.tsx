import { useFetcher } from "react-router";
import { LOCALES } from "#contract/locale.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Panel } from "#app/features/admin/admin-shell.tsx";
import { FormResult, useResetOnSuccess } from "#app/features/admin/form-result.tsx";
import { CsrfField, useStaffSession } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { type ActionResult, fieldErrors } from "#app/lib/action-result.ts";
import { useStepUp } from "./step-up.tsx";
import "#app/i18n/admin-texts.ts";

export function LanguageForm() {
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

export function PasswordForm() {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const errors = fieldErrors(fetcher.data);
  // A new password needs the step-up (decision 026): sent again once the member proved it was them.
  const { form, dialog } = useStepUp(fetcher, useResetOnSuccess(fetcher));
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
      {dialog}
    </Panel>
  );
}
