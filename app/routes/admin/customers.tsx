import { useLoaderData } from "react-router";
import type { CustomersQuery } from "#contract/api/admin/customers.ts";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { CUSTOMER_FILTERS, CustomerFilters, CustomerTable } from "#app/features/admin/customers/customer-list.tsx";
import { ListPager, listQuery } from "#app/features/admin/list-filters.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/customers";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.customers.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = listQuery(request, [...CUSTOMER_FILTERS, "page"]);
  const page = await adminLoad(request, () => adminApi(context)("GET /api/admin/customers", { query: query as CustomersQuery }));
  return { page, filters: query };
}

export default function AdminCustomers() {
  const { t } = useTranslation();
  const { page, filters } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={t("admin.customers.title")} intro={t("admin.customers.intro")}>
      <Panel>
        <CustomerFilters filters={filters} />
      </Panel>
      <Panel>
        {page.data.length === 0 ? <p className="text-muted">{t("admin.customers.empty")}</p> : <CustomerTable customers={page.data} />}
        <ListPager
          query={filters}
          page={page.page}
          label={t("admin.customers.page", { page: page.page })}
          previous={page.page > 1 ? t("admin.customers.newer") : undefined}
          next={page.has_more ? t("admin.customers.older") : undefined}
        />
      </Panel>
    </AdminPage>
  );
}
