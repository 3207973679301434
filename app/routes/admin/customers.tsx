import { useLoaderData } from "react-router";
import type { CustomersQuery } from "#contract/api/admin/customers.ts";
import { Pager } from "#app/components/ui/pagination.tsx";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { CUSTOMER_FILTERS, CustomerFilters, CustomerTable } from "#app/features/admin/customers/customer-list.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/customers";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.customers.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const query: Record<string, string> = {};
  for (const name of [...CUSTOMER_FILTERS, "page"]) {
    const value = search.get(name)?.trim();
    if (value) query[name] = value;
  }
  const page = await adminLoad(request, () => adminApi(context)("GET /api/admin/customers", { query: query as CustomersQuery }));
  return { page, filters: query };
}

export default function AdminCustomers() {
  const { t } = useTranslation();
  const { page, filters } = useLoaderData<typeof loader>();
  const pageLink = (n: number) => `?${new URLSearchParams({ ...filters, page: String(n) })}`;
  const label = t("admin.customers.page", { page: page.page });
  return (
    <AdminPage title={t("admin.customers.title")} intro={t("admin.customers.intro")}>
      <Panel>
        <CustomerFilters filters={filters} />
      </Panel>
      <Panel>
        {page.data.length === 0 ? <p className="text-muted">{t("admin.customers.empty")}</p> : <CustomerTable customers={page.data} />}
        <Pager
          label={label}
          status={label}
          previous={page.page > 1 ? { to: pageLink(page.page - 1), label: t("admin.customers.newer") } : undefined}
          next={page.has_more ? { to: pageLink(page.page + 1), label: t("admin.customers.older") } : undefined}
        />
      </Panel>
    </AdminPage>
  );
}
