import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { STAFF_ROLES, type Staff } from "#contract/api/admin/staff.ts";
import { LOCALES } from "#contract/locale.ts";
import { Check, SelectField, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Panel } from "#app/features/admin/admin-shell.tsx";
import { FormResult, useResetOnSuccess } from "#app/features/admin/form-result.tsx";
import { CsrfField, useStaffSession } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { type ActionResult, fieldErrors } from "#app/lib/action-result.ts";
import { useStepUp } from "./step-up.tsx";
import "#app/i18n/admin-texts.ts";

function useChoices() {
  const { t } = useTranslation();
  return {
    roles: STAFF_ROLES.map((r) => ({ value: r, label: t(`admin.roles.${r}`) })),
    languages: LOCALES.map((l) => ({ value: l, label: t(`admin.languages.${l}`) })),
  };
}

export function NewMemberForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const { roles, languages } = useChoices();
  const errors = fieldErrors(fetcher.data);
  // A new owner needs the step-up (decision 026): the form is sent again once the member proved it was them.
  const { form, dialog } = useStepUp(fetcher, useResetOnSuccess(fetcher));
  return (
    <Panel title={t("admin.staff.new")}>
      <fetcher.Form method="post" className="grid gap-3 md:grid-cols-2" ref={form}>
        <CsrfField />
        <input type="hidden" name="intent" value="create" />
        <div className="md:col-span-2">
          <FormResult result={fetcher.data} />
        </div>
        <TextField name="nome" label={t("admin.staff.name")} required maxLength={200} error={errors.nome} />
        <TextField name="email" type="email" label={t("admin.staff.email")} required maxLength={200} autoComplete="off" error={errors.email} />
        <SelectField name="papel" label={t("admin.staff.role")} options={roles} defaultValue="counter" error={errors.papel} />
        <SelectField name="lang" label={t("admin.staff.language")} options={languages} defaultValue="pt-BR" error={errors.lang} />
        <TextField
          name="password"
          type="password"
          autoComplete="new-password"
          label={t("admin.staff.password")}
          hint={t("admin.staff.passwordHint")}
          required
          minLength={10}
          maxLength={128}
          error={errors.password}
        />
        <div className="flex items-end">
          <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("admin.staff.creating")}>
            {t("admin.staff.create")}
          </SubmitButton>
        </div>
      </fetcher.Form>
      {dialog}
    </Panel>
  );
}

/** The owner's switch: two-factor for every member. */
export function SecurityForm({ mandatory }: { mandatory: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const { form, dialog } = useStepUp(fetcher);
  return (
    <Panel title={t("admin.staff.settingsTitle")}>
      <fetcher.Form method="post" className="grid gap-3" ref={form}>
        <CsrfField />
        <input type="hidden" name="intent" value="settings" />
        <FormResult result={fetcher.data} />
        <label className="flex items-start gap-2 font-semibold">
          <input
            type="checkbox"
            name="totp_obrigatorio"
            defaultChecked={mandatory}
            aria-describedby="totp-mandatory-hint"
            className="mt-0.5 h-5 w-5 shrink-0"
          />
          {t("admin.staff.mandatory")}
        </label>
        <p id="totp-mandatory-hint" className="text-sm text-muted">
          {t("admin.staff.mandatoryHint")}
        </p>
        <div>
          <SubmitButton pending={fetcher.state !== "idle"}>{t("admin.staff.saveSettings")}</SubmitButton>
        </div>
      </fetcher.Form>
      {dialog}
    </Panel>
  );
}

/** A member's two-factor switched off by the owner (a lost phone): they log in with the password and enrol again. */
function TotpReset({ member }: { member: Staff }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const { form, dialog } = useStepUp(fetcher);
  // The dialog holds a form of its own: beside this one, never inside it.
  return (
    <>
      <fetcher.Form method="post" className="mt-3 space-y-2 border-t border-slate-200 pt-3" ref={form}>
        <CsrfField />
        <input type="hidden" name="intent" value="totp-reset" />
        <input type="hidden" name="id" value={member.id} />
        <FormResult result={fetcher.data} />
        <p className="text-sm text-muted">{t("admin.staff.resetTotpHint")}</p>
        <SubmitButton pending={fetcher.state !== "idle"}>{t("admin.staff.resetTotp")}</SubmitButton>
      </fetcher.Form>
      {dialog}
    </>
  );
}

/**
 * An enrolment code for a member without two-factor (docs/decisions/025): the password alone never
 * enrols, so the owner hands this over in person. Shown once, from the API's answer.
 */
function TotpInvite({ member }: { member: Staff }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult<{ codigo: string }>>();
  const code = fetcher.data?.ok ? fetcher.data.answer?.codigo : undefined;
  const { form, dialog } = useStepUp(fetcher);
  // The dialog holds a form of its own: beside this one, never inside it.
  return (
    <>
      <fetcher.Form method="post" className="mt-3 space-y-2 border-t border-slate-200 pt-3" ref={form}>
        <CsrfField />
        <input type="hidden" name="intent" value="totp-invite" />
        <input type="hidden" name="id" value={member.id} />
        <FormResult result={fetcher.data} />
        {code ? (
          <p className="font-medium">
            {t("admin.staff.inviteCodeShown", { name: member.nome })}{" "}
            <code data-testid="enrolment-code" className="rounded bg-slate-100 px-2 py-1 font-mono text-base">
              {code}
            </code>
          </p>
        ) : null}
        <p className="text-sm text-muted">{t("admin.staff.inviteTotpHint")}</p>
        <SubmitButton pending={fetcher.state !== "idle"}>{t("admin.staff.inviteTotp")}</SubmitButton>
      </fetcher.Form>
      {dialog}
    </>
  );
}

export function MemberEditor({ member }: { member: Staff }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const { roles, languages } = useChoices();
  const errors = fieldErrors(fetcher.data);
  const prefix = `staff-${member.id}`;
  const { staff: me } = useStaffSession();
  const password = useRef<HTMLInputElement>(null);
  const { form, dialog } = useStepUp(fetcher);
  // A new password is sent once: the field is emptied when it was saved.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && password.current) password.current.value = "";
  }, [fetcher.state, fetcher.data]);
  return (
    <details className="rounded-md border border-slate-200 p-3 open:bg-slate-50">
      <summary className="cursor-pointer font-semibold">{t("admin.staff.edit", { name: member.nome })}</summary>
      <fetcher.Form method="post" className="mt-3 grid gap-3 md:grid-cols-2" ref={form}>
        <CsrfField />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={member.id} />
        <div className="md:col-span-2">
          <FormResult result={fetcher.data} />
        </div>
        <TextField
          id={`${prefix}-nome`}
          name="nome"
          label={t("admin.staff.name")}
          defaultValue={member.nome}
          required
          maxLength={200}
          error={errors.nome}
        />
        <SelectField
          id={`${prefix}-papel`}
          name="papel"
          label={t("admin.staff.role")}
          options={roles}
          defaultValue={member.papel}
          error={errors.papel}
        />
        <SelectField
          id={`${prefix}-lang`}
          name="lang"
          label={t("admin.staff.language")}
          options={languages}
          defaultValue={member.lang}
          error={errors.lang}
        />
        <TextField
          id={`${prefix}-password`}
          ref={password}
          name="password"
          type="password"
          autoComplete="new-password"
          label={t("admin.staff.newPassword")}
          hint={t("admin.staff.newPasswordHint")}
          minLength={10}
          maxLength={128}
          error={errors.password}
        />
        <Check name="ativo" label={t("admin.staff.activeLabel")} defaultChecked={member.ativo} className="" />
        {errors.ativo ? <p className="text-sm font-medium text-red-700">{errors.ativo}</p> : null}
        <div>
          <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("admin.staff.saving")}>
            {t("admin.staff.save")}
          </SubmitButton>
        </div>
      </fetcher.Form>
      {dialog}
      {member.totp_ativo ? <TotpReset member={member} /> : member.id !== me.id ? <TotpInvite member={member} /> : null}
    </details>
  );
}
