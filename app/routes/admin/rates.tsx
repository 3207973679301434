import { useActionData, useLoaderData } from "react-router";
import { RATE_TARGETS } from "#contract/api/admin/rates.ts";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { RateHistory, RatesForm } from "#app/features/admin/catalogue/rates.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import type { Route } from "./+types/rates";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.rates.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminLoad(request, () => adminApi(context)("GET /api/admin/rates"));
}

/** Saves the three rates at once (PUT /api/admin/rates); a large move comes back to be confirmed. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const rates = RATE_TARGETS.map((id) => ({ target_currency_id: id, tax: String(form.get(`tax_${id}`) ?? "") }));
  return adminAction(request, "rates", () =>
    adminApi(context, form)("PUT /api/admin/rates", { body: { rates, confirmar: form.get("confirmar") === "on" } }),
  );
}

export default function AdminRates() {
  const { t } = useTranslation();
  const { data: rates, history } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionResult | undefined;
  return (
    <AdminPage title={t("admin.rates.title")} intro={t("admin.rates.intro")}>
      <Panel title={t("admin.rates.today")}>
        <RatesForm rates={rates} answer={answer} />
      </Panel>
      <Panel title={t("admin.rates.history")}>
        <RateHistory history={history} />
      </Panel>
    </AdminPage>
  );
}
