import { useEffect, useRef } from "react";
import { useFetcher, useLoaderData } from "react-router";
import { STAFF_ROLES, type Staff } from "#contract/api/admin/staff.ts";
import { LOCALES } from "#contract/locale.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { CsrfField, useStaffSession } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/staff";
import { type ActionResult, fieldErrors } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.staff.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminApi(context);
  const [{ data: staff }, { data: settings }] = await adminLoad(request, () =>
    Promise.all([api("GET /api/admin/staff"), api("GET /api/admin/settings")]),
  );
  return { staff, settings };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * Creates a member (intent `create`), changes one (intent `update`), switches a member's two-factor off
 * (intent `totp-reset`) or saves the shop's security setting (intent `settings`); the API checks the
 * role and every field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = adminApi(context, form);
  const intent = text(form, "intent");
  if (intent === "settings") {
    return adminAction(request, intent, () => api("PUT /api/admin/settings", { body: { totp_obrigatorio: form.get("totp_obrigatorio") === "on" } }));
  }
  if (intent === "totp-reset") {
    return adminAction(request, `totp-reset-${text(form, "id")}`, () =>
      api("DELETE /api/admin/staff/{id}/totp", { params: { id: text(form, "id") } }),
    );
  }
  if (intent === "create") {
    return adminAction(request, intent, () =>
      api("POST /api/admin/staff", {
        body: {
          email: text(form, "email"),
          nome: text(form, "nome"),
          papel: text(form, "papel") as Staff["papel"],
          lang: text(form, "lang") as Staff["lang"],
          password: text(form, "password"),
        },
      }),
    );
  }
  const password = text(form, "password");
  return adminAction(request, `update-${text(form, "id")}`, () =>
    api("PATCH /api/admin/staff/{id}", {
      params: { id: text(form, "id") },
      body: {
        nome: text(form, "nome"),
        papel: text(form, "papel") as Staff["papel"],
        lang: text(form, "lang") as Staff["lang"],
        ativo: form.get("ativo") === "on",
        ...(password ? { password } : {}),
      },
    }),
  );
}

function useChoices() {
  const { t } = useTranslation();
  return {
    roles: STAFF_ROLES.map((r) => ({ value: r, label: t(`admin.roles.${r}`) })),
    languages: LOCALES.map((l) => ({ value: l, label: t(`admin.languages.${l}`) })),
  };
}

function NewMemberForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const { roles, languages } = useChoices();
  const errors = fieldErrors(fetcher.data);
  const form = useRef<HTMLFormElement>(null);
  // Once the member is created the form is blank again for the next one.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
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
    </Panel>
  );
}

/** The owner's switch: two-factor for every member. */
function SecurityForm({ mandatory }: { mandatory: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  return (
    <Panel title={t("admin.staff.settingsTitle")}>
      <fetcher.Form method="post" className="grid gap-3">
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
    </Panel>
  );
}

/** A member's two-factor switched off by the owner (a lost phone): they log in with the password and enrol again. */
function TotpReset({ member }: { member: Staff }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  return (
    <fetcher.Form method="post" className="mt-3 space-y-2 border-t border-slate-200 pt-3">
      <CsrfField />
      <input type="hidden" name="intent" value="totp-reset" />
      <input type="hidden" name="id" value={member.id} />
      <FormResult result={fetcher.data} />
      <p className="text-sm text-muted">{t("admin.staff.resetTotpHint")}</p>
      <SubmitButton pending={fetcher.state !== "idle"}>{t("admin.staff.resetTotp")}</SubmitButton>
    </fetcher.Form>
  );
}

function MemberEditor({ member }: { member: Staff }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const { roles, languages } = useChoices();
  const errors = fieldErrors(fetcher.data);
  const prefix = `staff-${member.id}`;
  const password = useRef<HTMLInputElement>(null);
  // A new password is sent once: the field is emptied when it was saved.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && password.current) password.current.value = "";
  }, [fetcher.state, fetcher.data]);
  return (
    <details className="rounded-md border border-slate-200 p-3 open:bg-slate-50">
      <summary className="cursor-pointer font-semibold">{t("admin.staff.edit", { name: member.nome })}</summary>
      <fetcher.Form method="post" className="mt-3 grid gap-3 md:grid-cols-2">
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
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input type="checkbox" name="ativo" defaultChecked={member.ativo} className="h-5 w-5" />
          {t("admin.staff.activeLabel")}
        </label>
        {errors.ativo ? <p className="text-sm font-medium text-red-700">{errors.ativo}</p> : null}
        <div>
          <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={t("admin.staff.saving")}>
            {t("admin.staff.save")}
          </SubmitButton>
        </div>
      </fetcher.Form>
      {member.totp_ativo ? <TotpReset member={member} /> : null}
    </details>
  );
}

export default function AdminStaff() {
  const { t, i18n } = useTranslation();
  const { staff, settings } = useLoaderData<typeof loader>();
  const { staff: me } = useStaffSession();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" });
  return (
    <AdminPage title={t("admin.staff.title")} intro={t("admin.staff.intro")}>
      <Panel>
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t("admin.staff.name")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("admin.staff.email")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("admin.staff.role")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("admin.staff.status")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("admin.staff.lastLogin")}
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.map((m) => (
                <tr key={m.id} className="border-b border-slate-100 align-top" data-testid="staff-row">
                  <td className="py-2 pr-3 font-semibold">
                    {m.nome}
                    {m.id === me.id ? <span className="ml-1 font-normal text-muted">({t("admin.staff.you")})</span> : null}
                  </td>
                  <td className="py-2 pr-3">{m.email}</td>
                  <td className="py-2 pr-3">{t(`admin.roles.${m.papel}`)}</td>
                  <td className="py-2 pr-3">
                    {m.ativo ? t("admin.staff.active") : t("admin.staff.inactive")}
                    {m.ativo && m.trocar_senha ? <span className="block text-xs text-muted">{t("admin.staff.mustChange")}</span> : null}
                    {m.totp_ativo ? <span className="block text-xs text-muted">{t("admin.staff.twoFactor")}</span> : null}
                  </td>
                  <td className="py-2 pr-3">{m.data_ultimo_login ? date.format(new Date(m.data_ultimo_login)) : t("admin.staff.never")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
      <SecurityForm mandatory={settings.totp_obrigatorio} />
      <NewMemberForm />
      <div className="space-y-2">
        {staff.map((m) => (
          <MemberEditor key={m.id} member={m} />
        ))}
      </div>
    </AdminPage>
  );
}
