import { Form, Link, useLoaderData } from "react-router";
import type { AuditEntry } from "#contract/api/admin/staff.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/audit";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.audit.title");

/** The filters of the address (`?funcionario_id=&entidade=&acao=&de=&ate=&page=`); the API checks each. */
const FILTERS = ["funcionario_id", "entidade", "acao", "de", "ate"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const query: Record<string, string> = {};
  for (const name of [...FILTERS, "page"]) {
    const value = search.get(name);
    if (value) query[name] = value;
  }
  const api = adminApi(context);
  const [log, staff] = await Promise.all([
    adminLoad(request, () => api("GET /api/admin/audit", { query })),
    adminLoad(request, () => api("GET /api/admin/staff")),
  ]);
  return { log, staff: staff.data.map((m) => ({ id: m.id, nome: m.nome, email: m.email })), filters: query };
}

/** Each field that differs between before and after: a creation shows what it set, a removal what it had. */
function changes(entry: AuditEntry): { field: string; before: string; after: string }[] {
  const before = (entry.antes ?? {}) as Record<string, unknown>;
  const after = (entry.depois ?? {}) as Record<string, unknown>;
  const show = (v: unknown) => (v === undefined || v === null ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
}

export default function AdminAudit() {
  const { t, i18n } = useTranslation();
  const { log, staff, filters } = useLoaderData<typeof loader>();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "medium", timeZone: "America/Asuncion" });
  const pageLink = (page: number) => `?${new URLSearchParams({ ...filters, page: String(page) })}`;
  const label = (group: "entities" | "actions", key: string) => t(`admin.audit.${group}.${key}`, { defaultValue: key });
  return (
    <AdminPage title={t("admin.audit.title")} intro={t("admin.audit.intro")}>
      <Panel>
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
            options={["funcionario", "produto", "categoria", "departamento", "marca", "cotacao", "importacao", "chave_api", "configuracao"].map(
              (e) => ({
                value: e,
                label: label("entities", e),
              }),
            )}
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
              "trocar_senha",
              "ativar_2fa",
              "desativar_2fa",
              "codigos_2fa",
              "redefinir_2fa",
            ].map((a) => ({
              value: a,
              label: label("actions", a),
            }))}
            defaultValue={filters.acao ?? ""}
          />
          <TextField name="de" type="date" label={t("admin.audit.from")} defaultValue={filters.de ?? ""} />
          <TextField name="ate" type="date" label={t("admin.audit.to")} defaultValue={filters.ate ?? ""} />
          <div className="lg:col-span-6">
            <button type="submit" className="min-h-11 rounded-md bg-slate-900 px-5 py-2 font-semibold text-white hover:bg-slate-700">
              {t("admin.audit.filter")}
            </button>
          </div>
        </Form>
      </Panel>
      <Panel>
        {log.data.length === 0 ? (
          <p className="text-muted">{t("admin.audit.empty")}</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    {t("admin.audit.when")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("admin.audit.who")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("admin.audit.what")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("admin.audit.changes")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.data.map((entry) => (
                  <tr key={entry.id} className="border-b border-slate-100 align-top" data-testid="audit-row">
                    <td className="whitespace-nowrap py-2 pr-3">{date.format(new Date(entry.created_at))}</td>
                    <td className="py-2 pr-3">
                      {entry.autor}
                      {entry.ip ? <span className="block text-xs text-muted">{entry.ip}</span> : null}
                    </td>
                    <td className="py-2 pr-3">
                      {label("actions", entry.acao)} · {label("entities", entry.entidade)}
                      {entry.entidade_id ? ` #${entry.entidade_id}` : ""}
                    </td>
                    <td className="py-2 pr-3">
                      <dl className="space-y-0.5">
                        {changes(entry).map((c) => (
                          <div key={c.field}>
                            <dt className="inline font-semibold">{c.field}: </dt>
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
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav className="mt-4 flex items-center justify-between text-sm" aria-label={t("admin.audit.page", { page: log.page })}>
          {log.page > 1 ? (
            <Link to={pageLink(log.page - 1)} className="font-semibold underline">
              {t("admin.audit.newer")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-muted">{t("admin.audit.page", { page: log.page })}</span>
          {log.has_more ? (
            <Link to={pageLink(log.page + 1)} className="font-semibold underline">
              {t("admin.audit.older")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      </Panel>
    </AdminPage>
  );
}
