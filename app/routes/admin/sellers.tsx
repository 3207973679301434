import { useLoaderData } from "react-router";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad, pictureOf, readAdminForm } from "#app/features/admin/api.server.ts";
import { NewSeller, SellerItem } from "#app/features/admin/content/seller-list.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/sellers";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.content.sellers.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data } = await adminLoad(request, () => adminApi(context)("GET /api/admin/sellers"));
  return { sellers: data };
}

/** Creates, saves or deletes a member of the sales team, or takes their photo off (the upload goes straight to the API). */
export async function action({ request, context }: Route.ActionArgs) {
  const { form, api, intent, id, field } = await readAdminForm(request, context, "delete");
  const body = {
    nome: field("nome"),
    funcao_pt: field("funcao_pt"),
    funcao_es: field("funcao_es"),
    whatsapp: field("whatsapp"),
    ordem: field("ordem") || "0",
    ativo: form.get("ativo") === "on",
  };
  switch (intent) {
    case "photo":
      // The photo posted without the page's scripts (with them it goes straight to the API), sent on as it came.
      return adminAction(request, intent, () => api("POST /api/admin/sellers/{id}/photo", { params: { id }, body: pictureOf(form, "foto") }));
    case "create":
      return adminAction(request, intent, () => api("POST /api/admin/sellers", { body }));
    case "update":
      return adminAction(request, intent, () => api("PUT /api/admin/sellers/{id}", { params: { id }, body }));
    case "remove-photo":
      return adminAction(request, intent, () => api("DELETE /api/admin/sellers/{id}/photo", { params: { id } }));
    default:
      return adminAction(request, intent, () => api("DELETE /api/admin/sellers/{id}", { params: { id } }));
  }
}

export default function AdminSellers() {
  const { t } = useTranslation();
  const { sellers } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={t("admin.content.sellers.title")} intro={t("admin.content.sellers.intro")}>
      <Panel title={t("admin.content.sellers.new")}>
        <NewSeller />
      </Panel>
      <Panel title={t("admin.content.sellers.list")}>
        {sellers.length === 0 ? <p className="text-muted">{t("admin.content.sellers.empty")}</p> : null}
        <ul className="space-y-2">
          {sellers.map((s) => (
            <SellerItem key={s.id} seller={s} />
          ))}
        </ul>
      </Panel>
    </AdminPage>
  );
}
