import { useLoaderData } from "react-router";
import type { CategoryBody } from "#contract/api/admin/catalogue.ts";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { categoryBodyOf } from "#app/features/admin/catalogue/category-fields.tsx";
import { CategoryItem, NewForm } from "#app/features/admin/catalogue/category-list.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/categories";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.catalogue.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data } = await adminLoad(request, () => adminApi(context)("GET /api/admin/categories"));
  return { categories: data };
}

/** Creates, saves or deletes a category or one of its departments, by the form's intent. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = adminApi(context, form);
  // The delete button sends `remove` with the edit form's own intent.
  const asked = String(form.get("intent") ?? "");
  const intent = form.get("remove") ? asked.replace("update-", "delete-") : asked;
  const id = String(form.get("id") ?? "");
  const departmentId = String(form.get("department_id") ?? "");
  const body = categoryBodyOf(form) as CategoryBody;
  switch (intent) {
    case "create-category":
      return adminAction(request, intent, () => api("POST /api/admin/categories", { body }));
    case "update-category":
      return adminAction(request, intent, () => api("PUT /api/admin/categories/{id}", { params: { id }, body }));
    case "delete-category":
      return adminAction(request, intent, () => api("DELETE /api/admin/categories/{id}", { params: { id } }));
    case "create-department":
      return adminAction(request, intent, () => api("POST /api/admin/categories/{id}/departments", { params: { id }, body }));
    case "update-department":
      return adminAction(request, intent, () =>
        api("PUT /api/admin/categories/{id}/departments/{departmentId}", { params: { id, departmentId }, body }),
      );
    default:
      return adminAction(request, intent, () =>
        api("DELETE /api/admin/categories/{id}/departments/{departmentId}", { params: { id, departmentId } }),
      );
  }
}

export default function AdminCategories() {
  const { t } = useTranslation();
  const { categories } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={t("admin.catalogue.title")} intro={t("admin.catalogue.intro")}>
      <Panel title={t("admin.catalogue.newCategory")}>
        <NewForm intent="create-category" title={t("admin.catalogue.newCategory")} />
      </Panel>
      <Panel title={t("admin.catalogue.title")}>
        {categories.length === 0 ? <p className="text-muted">{t("admin.catalogue.empty")}</p> : null}
        <ul className="space-y-2">
          {categories.map((c) => (
            <CategoryItem key={c.id} category={c} />
          ))}
        </ul>
      </Panel>
    </AdminPage>
  );
}
