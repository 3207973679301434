import { useLoaderData } from "react-router";
import type { AdminOrdersQuery } from "#contract/api/admin/orders.ts";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { ListPager, listQuery } from "#app/features/admin/list-filters.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { ORDER_FILTERS, OrderFilters, OrderTable } from "#app/features/admin/orders/order-list.tsx";
import { useStaffSession } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/orders";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.orders.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = listQuery(request, [...ORDER_FILTERS, "page"]);
  const page = await adminLoad(request, () => adminApi(context)("GET /api/admin/orders", { query: query as AdminOrdersQuery }));
  return { page, query };
}

/** The shop's orders, newest first, with filters, search and the CSV of the filtered list (managers). */
export default function AdminOrders() {
  const { t } = useTranslation();
  const { staff } = useStaffSession();
  const { page, query } = useLoaderData<typeof loader>();
  const filters = Object.fromEntries(Object.entries(query).filter(([k]) => k !== "page" && k !== "per_page"));
  const csvHref = staff.papel === "counter" ? undefined : `/api/admin/orders.csv?${new URLSearchParams(filters)}`;
  return (
    <AdminPage title={t("admin.orders.title")} intro={t("admin.orders.intro")}>
      <Panel>
        <OrderFilters query={query} pontos={page.pontos} csvHref={csvHref} />
      </Panel>
      <Panel>
        {page.data.length === 0 ? <p className="text-muted">{t("admin.orders.empty")}</p> : <OrderTable orders={page.data} />}
        <ListPager
          query={query}
          page={page.page}
          label={t("admin.orders.page", { page: page.page })}
          previous={page.page > 1 ? t("admin.orders.newer") : undefined}
          next={page.has_more ? t("admin.orders.older") : undefined}
        />
      </Panel>
    </AdminPage>
  );
}
