import { useLoaderData } from "react-router";
import { Pager } from "#app/components/ui/pagination.tsx";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { SignupTable } from "#app/features/admin/content/signup-table.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/signups";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.content.signups.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? "1";
  return adminLoad(request, () => adminApi(context)("GET /api/admin/signups", { query: { page } }));
}

export default function AdminSignups() {
  const { t } = useTranslation();
  const { data, total, page, per_page } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(total / per_page));
  const status = t("admin.content.signups.page", { page, pages });
  return (
    <AdminPage title={t("admin.content.signups.title")} intro={t("admin.content.signups.intro")}>
      <Panel>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted">{t("admin.content.signups.total", { count: total })}</p>
          {/* A file the browser downloads: a plain link, which carries the session's cookie. */}
          <a
            href="/api/admin/signups/export"
            download
            className="min-h-11 rounded-md bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-slate-700"
          >
            {t("admin.content.signups.export")}
          </a>
        </div>
        {data.length === 0 ? <p className="text-muted">{t("admin.content.signups.empty")}</p> : <SignupTable signups={data} />}
        <Pager
          label={status}
          status={status}
          previous={page > 1 ? { to: `?page=${page - 1}`, label: t("admin.content.signups.newer") } : undefined}
          next={page < pages ? { to: `?page=${page + 1}`, label: t("admin.content.signups.older") } : undefined}
        />
      </Panel>
    </AdminPage>
  );
}
