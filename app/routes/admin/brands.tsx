import { useLoaderData } from "react-router";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad, readAdminForm } from "#app/features/admin/api.server.ts";
import { BrandItem, NewBrand } from "#app/features/admin/catalogue/brand-list.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/brands";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.brands.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data } = await adminLoad(request, () => adminApi(context)("GET /api/admin/brands"));
  return { brands: data };
}

/** Creates, saves or deletes a brand, or removes its logo (the upload goes straight to the API). */
export async function action({ request, context }: Route.ActionArgs) {
  // The delete button sends `remove` with the edit form's own intent.
  const { form, api, intent, id, field } = await readAdminForm(request, context, "delete");
  const body = { nome: field("nome"), slug: field("slug") || undefined, destaque: form.get("destaque") === "on" };
  switch (intent) {
    case "create":
      return adminAction(request, intent, () => api("POST /api/admin/brands", { body }));
    case "update":
      return adminAction(request, intent, () => api("PUT /api/admin/brands/{id}", { params: { id }, body }));
    case "remove-logo":
      return adminAction(request, intent, () => api("DELETE /api/admin/brands/{id}/logo", { params: { id } }));
    default:
      return adminAction(request, intent, () => api("DELETE /api/admin/brands/{id}", { params: { id } }));
  }
}

export default function AdminBrands() {
  const { t } = useTranslation();
  const { brands } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={t("admin.brands.title")} intro={t("admin.brands.intro")}>
      <Panel title={t("admin.brands.new")}>
        <NewBrand />
      </Panel>
      <Panel title={t("admin.brands.title")}>
        {brands.length === 0 ? <p className="text-muted">{t("admin.brands.empty")}</p> : null}
        <ul className="space-y-2">
          {brands.map((b) => (
            <BrandItem key={b.id} brand={b} />
          ))}
        </ul>
      </Panel>
    </AdminPage>
  );
}
