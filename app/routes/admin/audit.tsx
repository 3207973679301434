import { useLoaderData } from "react-router";
import { Pager } from "#app/components/ui/pagination.tsx";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
import { AuditFilters, AuditTable } from "#app/features/admin/staff/audit-log.tsx";
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
  const [log, staff, options] = await Promise.all([
    adminLoad(request, () => api("GET /api/admin/audit", { query })),
    adminLoad(request, () => api("GET /api/admin/staff")),
    adminLoad(request, () => api("GET /api/admin/catalog-options")),
  ]);
  // The catalogue's names, so a product's brand, category and department show as names rather than ids.
  const names = {
    brands: options.brands.map((b) => [b.id, b.nome] as const),
    categories: options.categories.map((c) => [c.id, c.name_pt, c.name_es] as const),
    departments: options.categories.flatMap((c) => c.departments.map((d) => [d.id, d.name_pt, d.name_es] as const)),
  };
  return { log, staff: staff.data.map((m) => ({ id: m.id, nome: m.nome, email: m.email })), filters: query, names };
}

export default function AdminAudit() {
  const { t, i18n } = useTranslation();
  const { log, staff, filters, names } = useLoaderData<typeof loader>();
  const es = i18n.language.startsWith("es");
  const named = {
    brand_id: new Map(names.brands.map(([id, nome]) => [id, nome])),
    category_id: new Map(names.categories.map(([id, pt, esName]) => [id, es ? esName : pt])),
    department_id: new Map(names.departments.map(([id, pt, esName]) => [id, es ? esName : pt])),
  };
  const pageLink = (page: number) => `?${new URLSearchParams({ ...filters, page: String(page) })}`;
  return (
    <AdminPage title={t("admin.audit.title")} intro={t("admin.audit.intro")}>
      <Panel>
        <AuditFilters staff={staff} filters={filters} />
      </Panel>
      <Panel>
        {log.data.length === 0 ? <p className="text-muted">{t("admin.audit.empty")}</p> : <AuditTable entries={log.data} names={named} />}
        <Pager
          label={t("admin.audit.page", { page: log.page })}
          status={t("admin.audit.page", { page: log.page })}
          previous={log.page > 1 ? { to: pageLink(log.page - 1), label: t("admin.audit.newer") } : undefined}
          next={log.has_more ? { to: pageLink(log.page + 1), label: t("admin.audit.older") } : undefined}
        />
      </Panel>
    </AdminPage>
  );
}
