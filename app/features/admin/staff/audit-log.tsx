import { Form } from "react-router";
import type { AuditEntry } from "#contract/api/admin/staff.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { AdminTable } from "#app/features/admin/admin-shell.tsx";
import { describeAuditEntry, readable, type Formatter } from "#app/features/admin/records/describe-change.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import "#app/i18n/admin-texts.ts";

const useLabel = () => {
  const { t } = useTranslation();
  return (group: "entities" | "actions", key: string) =>
    t(`admin.audit.${group}.${key}`, { defaultValue: t(`admin.records.${group}.${key}`, { defaultValue: readable(key) }) });
};

/** The log's filters: who, what kind of record, which action, between which days. */
export function AuditFilters({ staff, filters }: { staff: { id: number; nome: string; email: string }[]; filters: Record<string, string> }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <Form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
      <SelectField
        name="funcionario_id"
        label={t("admin.audit.member")}
        placeholder={t("admin.audit.anyone")}
        options={staff.map((m) => ({ value: m.id, label: `${m.nome} (${m.email})` }))}
        defaultValue={filters.funcionario_id ?? ""}
        className="lg:col-span-2"
      />
      <SelectField
        name="entidade"
        label={t("admin.audit.entity")}
        placeholder={t("admin.audit.any")}
        options={[
          "funcionario",
          "produto",
          "categoria",
          "departamento",
          "marca",
          "banner",
          "vendedor",
          "cotacao",
          "importacao",
          "chave_api",
          "configuracao",
          "operacao",
          "cliente",
        ].map((e) => ({
          value: e,
          label: label("entities", e),
        }))}
        defaultValue={filters.entidade ?? ""}
      />
      <SelectField
        name="acao"
        label={t("admin.audit.action")}
        placeholder={t("admin.audit.any")}
        options={[
          "criar",
          "editar",
          "excluir",
          "duplicar",
          "imagens",
          "logo",
          "reajuste_em_massa",
          "estoque_em_massa",
          "especial_em_massa",
          "importar",
          "revogar",
          "redefinir_senha",
          "redefinir_senha_email",
          "trocar_senha",
          "convite_2fa",
          "ativar_2fa",
          "desativar_2fa",
          "codigos_2fa",
          "redefinir_2fa",
          // Decision 026: who came in, who was refused, and what the shell did.
          "login",
          "login_falhou",
          "codigo_2fa_errado",
          "logout",
          "reautenticar",
          "reautenticar_falhou",
          "acesso_negado",
          "redefinir_acesso",
          // Customers (issue 31): who opened a document's images, reviews, e-mails staff sent.
          "documento_visto",
          "documento_revisado",
          "confirmacao_reenviada",
          "senha_redefinicao_enviada",
        ].map((a) => ({
          value: a,
          label: label("actions", a),
        }))}
        defaultValue={filters.acao ?? ""}
      />
      <TextField name="de" type="date" label={t("admin.audit.from")} defaultValue={filters.de ?? ""} />
      <TextField name="ate" type="date" label={t("admin.audit.to")} defaultValue={filters.ate ?? ""} />
      <div className="lg:col-span-6">
        <Button type="submit" kind="primary">
          {t("admin.audit.filter")}
        </Button>
      </div>
    </Form>
  );
}

/** The log's entries, newest first, each with the fields it changed. */
export function AuditTable({ entries, names }: { entries: AuditEntry[]; names?: Formatter["names"] }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "medium", timeZone: "America/Asuncion" });
  const columns = (["when", "who", "what", "changes"] as const).map((c) => ({ label: t(`admin.audit.${c}`) }));
  const formatter: Formatter = { t, locale: i18n.language, names };
  return (
    <AdminTable columns={columns}>
      {entries.map((entry) => {
        const described = describeAuditEntry(formatter, entry);
        return (
          <tr key={entry.id} className="border-b border-slate-100 align-top" data-testid="audit-row">
            <td className="whitespace-nowrap py-2 pr-3">{date.format(new Date(entry.created_at))}</td>
            <td className="py-2 pr-3">
              {entry.autor}
              {entry.ip ? <span className="block text-xs text-muted">{entry.ip}</span> : null}
              {entry.user_agent ? (
                <span className="block max-w-64 truncate text-xs text-muted" title={entry.user_agent}>
                  {entry.user_agent}
                </span>
              ) : null}
            </td>
            <td className="py-2 pr-3">{described.summary}</td>
            <td className="py-2 pr-3">
              {described.notes.map((note, i) => (
                <p key={i} data-testid="audit-note">
                  {note}
                </p>
              ))}
              <dl className="space-y-0.5">
                {described.changes.map((c) => (
                  <div key={c.label} data-testid="audit-change">
                    <dt className="inline font-semibold">{c.label}: </dt>
                    <dd className="inline">
                      <span className="sr-only">{t("admin.audit.before")} </span>
                      <del className="text-red-800">{c.before}</del> → <span className="sr-only">{t("admin.audit.after")} </span>
                      <ins className="text-green-800 no-underline">{c.after}</ins>
                    </dd>
                  </div>
                ))}
              </dl>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
