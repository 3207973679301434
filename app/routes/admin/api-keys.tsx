import { useLoaderData } from "react-router";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { adminMeta } from "#app/features/admin/meta.ts";
import { KeyList, NewKeyForm } from "#app/features/admin/staff/api-keys.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/api-keys";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.keys.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { data } = await adminLoad(request, () => adminApi(context)("GET /api/admin/api-keys"));
  return { keys: data };
}

/** Creates a key (shown in this answer only) or revokes one. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = adminApi(context, form);
  if (form.get("intent") === "revoke") {
    return adminAction(request, "revoke", () => api("DELETE /api/admin/api-keys/{id}", { params: { id: Number(form.get("id")) } }));
  }
  return adminAction(
    request,
    "create",
    () =>
      api("POST /api/admin/api-keys", {
        body: {
          nome: String(form.get("nome") ?? ""),
          escopo: String(form.get("escopo") ?? ""),
          expira_em: String(form.get("expira_em") ?? ""),
          enderecos: String(form.get("enderecos") ?? ""),
        },
      }),
    (created) => ({ chave: created.chave }),
  );
}

export default function AdminApiKeys() {
  const { t } = useTranslation();
  const { keys } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={t("admin.keys.title")} intro={t("admin.keys.intro")}>
      <Panel title={t("admin.keys.create")}>
        <NewKeyForm />
      </Panel>
      <Panel title={t("admin.keys.list")}>
        <KeyList keys={keys} />
      </Panel>
    </AdminPage>
  );
}
