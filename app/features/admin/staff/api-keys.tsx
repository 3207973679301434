import { useFetcher } from "react-router";
import type { ApiKey } from "#contract/api/admin/imports.ts";
import { API_KEY_SCOPES } from "#contract/api/admin/imports.ts";
import { SelectField, TextArea, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { AdminTable } from "#app/features/admin/admin-shell.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import { useStepUp } from "./step-up.tsx";
import "#app/i18n/admin-texts.ts";

/**
 * A new key, named by the owner, with what it may write (price and stock unless chosen otherwise), an
 * optional last day and the addresses it is accepted from; the answer shows the key this once.
 */
export function NewKeyForm() {
  const { t } = useTranslation();
  const create = useFetcher<ActionResult<{ chave: string }>>({ key: "create-key" });
  const errors = fieldErrors(create.data);
  const { form, dialog } = useStepUp(create);
  // The dialog holds a form of its own: beside this one, never inside it.
  return (
    <>
      <create.Form method="post" className="space-y-3" ref={form}>
        <CsrfField />
        <FormResult result={create.data} />
        {create.data?.ok && create.data.answer?.chave ? (
          <div className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3">
            <label htmlFor="new-key" className="block text-sm font-semibold">
              {t("admin.keys.shownOnce")}
            </label>
            <input
              id="new-key"
              readOnly
              value={create.data.answer.chave}
              onFocus={(e) => e.currentTarget.select()}
              className="w-full rounded border border-slate-300 bg-white px-2 py-2 font-mono text-sm"
              data-testid="new-api-key"
            />
            <p className="text-sm">{t("admin.keys.howTo")}</p>
          </div>
        ) : null}
        <TextField name="nome" label={t("admin.keys.name")} hint={t("admin.keys.nameHint")} required maxLength={120} error={errors.nome} />
        <SelectField
          name="escopo"
          label={t("admin.keys.scope")}
          defaultValue="preco_estoque"
          options={API_KEY_SCOPES.map((s) => ({ value: s, label: t(`admin.keys.scopes.${s}`) }))}
          error={errors.escopo}
        />
        <TextField name="expira_em" type="date" label={t("admin.keys.expiry")} hint={t("admin.keys.expiryHint")} error={errors.expira_em} />
        <div>
          <TextArea name="enderecos" label={t("admin.keys.addresses")} defaultValue="" error={errors.enderecos} />
          <p className="mt-1 text-sm text-muted">{t("admin.keys.addressesHint")}</p>
        </div>
        <SubmitButton pending={create.state === "submitting"} pendingLabel={t("admin.keys.creating")}>
          {t("admin.keys.createButton")}
        </SubmitButton>
      </create.Form>
      {dialog}
    </>
  );
}

/** The shop's keys: whose, when last used, and the revoke button of each live one. */
export function KeyList({ keys }: { keys: ApiKey[] }) {
  const { t, i18n } = useTranslation();
  const revoke = useFetcher<ActionResult>({ key: "revoke-key" });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" });
  return (
    <>
      <FormResult result={revoke.data} />
      {keys.length === 0 ? (
        <p className="text-muted">{t("admin.keys.empty")}</p>
      ) : (
        <AdminTable
          columns={[
            { label: t("admin.keys.name") },
            { label: t("admin.keys.prefix") },
            { label: t("admin.keys.scope") },
            { label: t("admin.keys.limits") },
            { label: t("admin.keys.lastUsed") },
            { label: t("admin.keys.state") },
          ]}
        >
          {keys.map((k) => (
            <tr key={k.id} className="border-b border-slate-100" data-testid="api-key-row">
              <td className="py-1.5 pr-3">
                {k.nome}
                <span className="block text-xs text-muted">
                  {t("admin.keys.createdBy", { who: k.autor, date: date.format(new Date(k.created_at)) })}
                </span>
              </td>
              <td className="py-1.5 pr-3 font-mono">sk_{k.prefixo}_…</td>
              <td className="py-1.5 pr-3">{t(`admin.keys.scopes.${k.escopo}`)}</td>
              <td className="py-1.5 pr-3 text-sm">
                <span className="block">
                  {k.expira_em ? t("admin.keys.expiresOn", { date: date.format(new Date(k.expira_em)) }) : t("admin.keys.noExpiry")}
                </span>
                <span className="block">{k.enderecos.length > 0 ? k.enderecos.join(", ") : t("admin.keys.anyAddress")}</span>
              </td>
              <td className="py-1.5 pr-3">{k.last_used_at ? date.format(new Date(k.last_used_at)) : t("admin.keys.never")}</td>
              <td className="py-1.5 pr-3">
                {k.revoked_at ? (
                  t("admin.keys.revokedOn", { date: date.format(new Date(k.revoked_at)) })
                ) : (
                  <revoke.Form method="post">
                    <CsrfField />
                    <input type="hidden" name="id" value={k.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="revoke"
                      className="min-h-9 rounded border border-red-300 px-2 text-sm font-semibold text-red-800"
                      aria-label={t("admin.keys.revokeNamed", { name: k.nome })}
                    >
                      {t("admin.keys.revoke")}
                    </button>
                  </revoke.Form>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
