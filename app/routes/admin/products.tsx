import { Link, useActionData, useLoaderData } from "react-router";
import type { AdminProductsQuery, BulkChangeBody } from "#contract/api/admin/products.ts";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { BulkForm, FILTER_FIELDS, ProductFilters, ProductTable } from "#app/features/admin/catalogue/product-list.tsx";
import { ListPager, listQuery } from "#app/features/admin/list-filters.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import type { Route } from "./+types/products";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.products.title");

const FILTERS = ["q", "category_id", "brand_id", "estoque", "especial", "preco_oculto", "ativo", "per_page", "page"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = listQuery(request, FILTERS);
  const api = adminApi(context);
  const [page, options] = await Promise.all([
    adminLoad(request, () => api("GET /api/admin/products", { query: query as AdminProductsQuery })),
    adminLoad(request, () => api("GET /api/admin/catalog-options")),
  ]);
  return { page, options, query };
}

/** A bulk change (POST /api/admin/products/bulk) to the products marked in the list, or to every product of the filter. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const filtro: Record<string, string> = {};
  for (const name of FILTER_FIELDS) {
    const value = String(form.get(`filtro_${name}`) ?? "");
    if (value) filtro[name] = value;
  }
  const ids = form.getAll("ids").map(String);
  const acao = String(form.get("acao") ?? "") as BulkChangeBody["acao"];
  const body = {
    ...(form.get("escopo") === "filtro" ? { filtro } : { ids }),
    acao,
    ...(acao === "preco_percentual" ? { percentual: String(form.get("percentual") ?? "") } : {}),
    ...(acao === "estoque" ? { estoque: String(form.get("estoque_valor") ?? "") } : {}),
  } as BulkChangeBody;
  return adminAction(request, "bulk", () => adminApi(context, form)("POST /api/admin/products/bulk", { body }));
}

export default function AdminProducts() {
  const { t } = useTranslation();
  const { page, options, query } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionResult | undefined;
  return (
    <AdminPage title={t("admin.products.title")} intro={t("admin.products.intro")}>
      <div>
        <Link
          to="/admin/produtos/novo"
          className="inline-flex min-h-11 items-center rounded-md bg-accent px-5 py-2 font-bold text-ink hover:bg-accent-strong"
        >
          {t("admin.products.new")}
        </Link>
      </div>
      <Panel>
        <ProductFilters options={options} query={query} />
      </Panel>
      <Panel>
        <p className="mb-3 font-semibold" role="status">
          {t("admin.products.total", { count: page.total })}
        </p>
        {page.data.length === 0 ? <p className="text-muted">{t("admin.products.empty")}</p> : <ProductTable products={page.data} />}
        <ListPager
          query={query}
          page={page.page}
          label={t("admin.products.page", { page: page.page, last: page.last_page })}
          previous={page.page > 1 ? t("admin.products.previous") : undefined}
          next={page.page < page.last_page ? t("admin.products.next") : undefined}
        />
      </Panel>
      <Panel title={t("admin.bulk.title")}>
        <BulkForm query={query} total={page.total} answer={answer} />
      </Panel>
    </AdminPage>
  );
}
