import { useLoaderData } from "react-router";
import type { PickupPointBody, ShippingRateBody, ShippingServiceBody } from "#contract/api/admin/delivery.ts";
import { AdminPage } from "#app/features/admin/admin-shell.tsx";
import { adminAction, adminApi, adminLoad, readAdminForm } from "#app/features/admin/api.server.ts";
import { NewPointForm, PointItem, pointBodyOf } from "#app/features/admin/delivery/point-list.tsx";
import { NewRateForm, RateFilter, RateItem, rateBodyOf } from "#app/features/admin/delivery/rate-list.tsx";
import { NewServiceForm, ServiceItem, serviceBodyOf } from "#app/features/admin/delivery/service-list.tsx";
import { adminMeta } from "#app/features/admin/meta.ts";
import { AddNew, Section, SectionLinks } from "#app/features/admin/page-sections.tsx";
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
  const { form, api, intent, id } = await readAdminForm(request, context, "delete-rate");
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
  const sections = {
    services: { id: "servicos", title: t("admin.delivery.services.title") },
    rates: { id: "tarifas", title: t("admin.delivery.rates.title") },
    points: { id: "pontos", title: t("admin.delivery.points.title") },
  };
  return (
    <AdminPage title={t("admin.delivery.title")} intro={t("admin.delivery.intro")}>
      <SectionLinks label={t("admin.delivery.sections")} sections={Object.values(sections)} />
      <Section section={sections.services} hint={t("admin.delivery.services.hint")}>
        <ul className="space-y-2">
          {services.map((s) => (
            <ServiceItem key={s.id} service={s} />
          ))}
        </ul>
        <AddNew summary={t("admin.delivery.services.new")} intent="create-service">
          <NewServiceForm />
        </AddNew>
      </Section>
      <Section section={sections.rates} hint={t("admin.delivery.rates.hint")}>
        <RateFilter {...lists} servico={servico} estado={estado} />
        {rates.length === 0 ? <p className="mt-3 text-muted">{t("admin.delivery.rates.empty")}</p> : null}
        <ul className="mt-3 space-y-2">
          {rates.map((r) => (
            <RateItem key={r.id} rate={r} {...lists} />
          ))}
        </ul>
        <AddNew summary={t("admin.delivery.rates.new")} intent="create-rate">
          <NewRateForm {...lists} />
        </AddNew>
      </Section>
      <Section section={sections.points} hint={t("admin.delivery.points.hint")}>
        {points.length === 0 ? <p className="text-muted">{t("admin.delivery.points.empty")}</p> : null}
        <ul className="space-y-2">
          {points.map((p) => (
            <PointItem key={p.id} point={p} {...lists} />
          ))}
        </ul>
        <AddNew summary={t("admin.delivery.points.new")} intent="create-point">
          <NewPointForm {...lists} />
        </AddNew>
      </Section>
    </AdminPage>
  );
}
