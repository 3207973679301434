import { useLoaderData } from "react-router";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { ExportLinks, ImportFormat, RecentImports } from "#app/features/admin/imports/import-lists.tsx";
import { ImportPanel } from "#app/features/admin/imports/import-panel.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/import";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.import.title");

/** The recent imports, and the one the address names (a reload comes back to it). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminApi(context);
  const id = Number(new URL(request.url).searchParams.get("id"));
  const [recent, current] = await Promise.all([
    adminLoad(request, () => api("GET /api/admin/imports")),
    Number.isSafeInteger(id) && id > 0
      ? adminLoad(request, () => api("GET /api/admin/imports/{id}", { params: { id } })).catch(() => undefined)
      : undefined,
  ]);
  return { recent: recent.data, current: current?.data };
}

export default function AdminImport() {
  const { t } = useTranslation();
  const { recent, current } = useLoaderData<typeof loader>();
  return (
    <AdminPage title={t("admin.import.title")} intro={t("admin.import.intro")}>
      <Panel title={t("admin.import.importTitle")}>
        <ImportPanel key={current?.id ?? "new"} initial={current} />
      </Panel>
      <Panel title={t("admin.import.formatTitle")}>
        <ImportFormat />
      </Panel>
      <Panel title={t("admin.import.exportTitle")}>
        <ExportLinks />
      </Panel>
      <Panel title={t("admin.import.recentTitle")}>
        <RecentImports recent={recent} />
      </Panel>
    </AdminPage>
  );
}
