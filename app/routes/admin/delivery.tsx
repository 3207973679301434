import { useLoaderData } from "react-router";
import type { PickupPointBody, ShippingRateBody, ShippingServiceBody } from "#contract/api/admin/delivery.ts";
import { AdminPage, Panel } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad } from "#app/features/admin/api.server.ts";
import { NewPointForm, PointItem, pointBodyOf } from "#app/features/admin/delivery/point-list.tsx";
import { NewRateForm, RateFilter, RateItem, rateBodyOf } from "#app/features/admin/delivery/rate-list.tsx";
import { NewServiceForm, ServiceItem, serviceBodyOf } from "#app/features/admin/delivery/service-list.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Route } from "./+types/delivery";
import "#app/i18n/admin-texts.ts";

export const meta = adminMeta("admin.delivery.title");

/** A filter's id from the address; anything else is no filter. */
const idParam = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? value : "");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const servico = idParam(url.searchParams.get("servico"));
  const estado = idParam(url.searchParams.get("departamento"));
  const api = adminApi(context);
  const [places, services, rates, points] = await adminLoad(request, () =>
    Promise.all([
      api("GET /api/admin/delivery/places"),
      api("GET /api/admin/delivery/services"),
      api("GET /api/admin/delivery/rates", { query: { servico_id: servico || undefined, estado_id: estado || undefined } }),
      api("GET /api/admin/delivery/points"),
    ]),
  );
  return { places: places.data, services: services.data, rates: rates.data, points: points.data, servico, estado };
}

/** Creates or saves a service, a rate or a pickup point, or deletes a rate, by the form's intent. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = adminApi(context, form);
  const asked = String(form.get("intent") ?? "");
  const intent = form.get("remove") ? "delete-rate" : asked;
  const id = String(form.get("id") ?? "");
  switch (intent) {
    case "create-service":
      return adminAction(request, intent, () => api("POST /api/admin/delivery/services", { body: serviceBodyOf(form) as ShippingServiceBody }));
    case "update-service":
      return adminAction(request, intent, () =>
        api("PUT /api/admin/delivery/services/{id}", { params: { id }, body: serviceBodyOf(form) as ShippingServiceBody }),
      );
    case "create-rate":
      return adminAction(request, intent, () => api("POST /api/admin/delivery/rates", { body: rateBodyOf(form) as ShippingRateBody }));
    case "update-rate":
      return adminAction(request, intent, () =>
        api("PUT /api/admin/delivery/rates/{id}", { params: { id }, body: rateBodyOf(form) as ShippingRateBody }),
      );
    case "delete-rate":
      return adminAction(request, intent, () => api("DELETE /api/admin/delivery/rates/{id}", { params: { id } }));
    case "create-point":
      return adminAction(request, intent, () => api("POST /api/admin/delivery/points", { body: pointBodyOf(form) as PickupPointBody }));
    default:
      return adminAction(request, "update-point", () =>
        api("PUT /api/admin/delivery/points/{id}", { params: { id }, body: pointBodyOf(form) as PickupPointBody }),
      );
  }
}

export default function AdminDelivery() {
  const { t } = useTranslation();
  const { places, services, rates, points, servico, estado } = useLoaderData<typeof loader>();
  const lists = { places, services };
  const sections = [
    { id: "servicos", title: t("admin.delivery.services.title") },
    { id: "tarifas", title: t("admin.delivery.rates.title") },
    { id: "pontos", title: t("admin.delivery.points.title") },
  ];
  return (
    <AdminPage title={t("admin.delivery.title")} intro={t("admin.delivery.intro")}>
      <nav aria-label={t("admin.delivery.sections")}>
        <ul className="flex flex-wrap gap-2 text-sm font-semibold">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-3 hover:bg-slate-50">
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section id="servicos" aria-labelledby="services-title">
        <Panel>
          <h2 id="services-title" className="text-lg font-bold">
            {t("admin.delivery.services.title")}
          </h2>
          <p className="mb-3 text-sm text-muted">{t("admin.delivery.services.hint")}</p>
          <ul className="space-y-2">
            {services.map((s) => (
              <ServiceItem key={s.id} service={s} />
            ))}
          </ul>
          <details className="mt-3 rounded-md border border-dashed border-slate-300 p-3">
            <summary className="cursor-pointer font-semibold">{t("admin.delivery.services.new")}</summary>
            <div className="mt-3">
              <NewServiceForm />
            </div>
          </details>
        </Panel>
      </section>
      <section id="tarifas" aria-labelledby="rates-title">
        <Panel>
          <h2 id="rates-title" className="text-lg font-bold">
            {t("admin.delivery.rates.title")}
          </h2>
          <p className="mb-3 text-sm text-muted">{t("admin.delivery.rates.hint")}</p>
          <RateFilter {...lists} servico={servico} estado={estado} />
          {rates.length === 0 ? <p className="mt-3 text-muted">{t("admin.delivery.rates.empty")}</p> : null}
          <ul className="mt-3 space-y-2">
            {rates.map((r) => (
              <RateItem key={r.id} rate={r} {...lists} />
            ))}
          </ul>
          <details className="mt-3 rounded-md border border-dashed border-slate-300 p-3">
            <summary className="cursor-pointer font-semibold">{t("admin.delivery.rates.new")}</summary>
            <div className="mt-3">
              <NewRateForm {...lists} />
            </div>
          </details>
        </Panel>
      </section>
      <section id="pontos" aria-labelledby="points-title">
        <Panel>
          <h2 id="points-title" className="text-lg font-bold">
            {t("admin.delivery.points.title")}
          </h2>
          <p className="mb-3 text-sm text-muted">{t("admin.delivery.points.hint")}</p>
          {points.length === 0 ? <p className="text-muted">{t("admin.delivery.points.empty")}</p> : null}
          <ul className="space-y-2">
            {points.map((p) => (
              <PointItem key={p.id} point={p} {...lists} />
            ))}
          </ul>
          <details className="mt-3 rounded-md border border-dashed border-slate-300 p-3">
            <summary className="cursor-pointer font-semibold">{t("admin.delivery.points.new")}</summary>
            <div className="mt-3">
              <NewPointForm {...lists} />
            </div>
          </details>
        </Panel>
      </section>
    </AdminPage>
  );
}
