import { useLoaderData } from "react-router";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad, pictureOf, readAdminForm } from "#app/features/admin/api.server.ts";
import { BannerItem, NewBanner } from "#app/features/admin/content/banner-list.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/banners";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.content.banners.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data } = await adminLoad(request, () => adminApi(context)("GET /api/admin/banners"));
  return { banners: data };
}

/** Creates, saves or deletes a banner (the image goes straight to the API). */
export async function action({ request, context }: Route.ActionArgs) {
  const { form, api, intent, id, field } = await readAdminForm(request, context, "delete");
  const body = {
    tipo: field("tipo"),
    link: field("link"),
    titulo_pt: field("titulo_pt"),
    titulo_es: field("titulo_es"),
    descricao_pt: field("descricao_pt"),
    descricao_es: field("descricao_es"),
    inicio: field("inicio"),
    fim: field("fim"),
    ordem: field("ordem") || "0",
    ativo: form.get("ativo") === "on",
  };
  // The image posted without the page's scripts (with them it goes straight to the API), sent on as it came.
  if (intent === "image")
    return adminAction(request, intent, () => api("POST /api/admin/banners/{id}/image", { params: { id }, body: pictureOf(form, "imagem") }));
  if (intent === "create") return adminAction(request, intent, () => api("POST /api/admin/banners", { body }));
  if (intent === "update") return adminAction(request, intent, () => api("PUT /api/admin/banners/{id}", { params: { id }, body }));
  return adminAction(request, intent, () => api("DELETE /api/admin/banners/{id}", { params: { id } }));
}

export default function AdminBanners() {
  const { t } = useTranslation();
  const { banners } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={t("admin.content.banners.title")} intro={t("admin.content.banners.intro")}>
      <Panel title={t("admin.content.banners.new")}>
        <NewBanner />
      </Panel>
      <Panel title={t("admin.content.banners.list")}>
        <p className="mb-3 text-sm text-muted">{t("admin.content.banners.slotHint")}</p>
        {banners.length === 0 ? <p className="text-muted">{t("admin.content.banners.empty")}</p> : null}
        <ul className="space-y-2">
          {banners.map((b) => (
            <BannerItem key={b.id} banner={b} />
          ))}
        </ul>
      </Panel>
    </AdminPage>
  );
}
