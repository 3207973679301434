import { useFetcher } from "react-router";
import type { AdminPickupPoint, AdminShippingService, DeliveryPlaces } from "#contract/api/admin/delivery.ts";
import { Check, SelectField, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { PostedValues } from "#app/components/form/posted-values.tsx";
import { useAdminFormAnswer, usePostedAnswerOf } from "#app/features/admin/form-answer.ts";
import { FormResult, useResetOnSuccess } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import { PlaceSelects } from "./place-selects.tsx";
import { serviceName } from "./service-list.tsx";
import "#app/i18n/admin-texts.ts";

/** The body a pickup point's form sends (the API checks every field again). */
export function pointBodyOf(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    nome: text("nome"),
    endereco: text("endereco"),
    estado_id: text("estado_id"),
    cidade_id: text("cidade_id"),
    horario_atendimento: text("horario_atendimento"),
    servico_id: text("servico_id"),
    ativo: form.get("ativo") === "on",
  };
}

/** What a saved point's form posts. */
const POINT_EDIT_INTENTS = ["update-point"];

function PointForm({ point, places, services }: { point?: AdminPickupPoint; places: DeliveryPlaces; services: AdminShippingService[] }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const form = useResetOnSuccess(point ? { state: "idle" } : fetcher);
  const prefix = point ? `point-${point.id}` : "new-point";
  const { result, typed } = useAdminFormAnswer(fetcher, point ? POINT_EDIT_INTENTS : "create-point", point?.id);
  const errors = fieldErrors(result);
  const es = i18n.language.startsWith("es");
  const networks = services.filter((s) => s.usa_pontos).map((s) => ({ value: s.id, label: serviceName(s, es) }));
  return (
    <fetcher.Form
      method="post"
      ref={form}
      className="grid gap-3 md:grid-cols-2"
      aria-label={point ? t("admin.delivery.points.edit", { name: point.nome }) : t("admin.delivery.points.new")}
    >
      <CsrfField />
      <input type="hidden" name="intent" value={point ? "update-point" : "create-point"} />
      {point ? <input type="hidden" name="id" value={point.id} /> : null}
      <div className="md:col-span-2">
        <FormResult result={result} />
      </div>
      {/* The fields start again from the record each time it changes (a save read back); the form, its fetcher and its message stay. */}
      <PostedValues key={point ? JSON.stringify(point) : undefined} values={typed}>
        <TextField
          id={`${prefix}-nome`}
          name="nome"
          label={t("admin.delivery.points.name")}
          defaultValue={point?.nome}
          required
          maxLength={120}
          error={errors.nome}
        />
        <TextField
          id={`${prefix}-endereco`}
          name="endereco"
          label={t("admin.delivery.points.address")}
          defaultValue={point?.endereco}
          required
          maxLength={250}
          error={errors.endereco}
        />
        <PlaceSelects prefix={prefix} places={places} estadoId={point?.estado_id} cidadeId={point?.cidade_id} errors={errors} />
        <TextField
          id={`${prefix}-horario`}
          name="horario_atendimento"
          label={t("admin.delivery.points.hours")}
          defaultValue={point?.horario_atendimento}
          required
          maxLength={160}
          error={errors.horario_atendimento}
        />
        <SelectField
          id={`${prefix}-servico`}
          name="servico_id"
          label={t("admin.delivery.points.service")}
          placeholder={t("admin.delivery.points.anyService")}
          options={networks}
          defaultValue={point?.servico_id ?? ""}
          error={errors.servico_id}
        />
        <Check name="ativo" label={t("admin.delivery.active")} defaultChecked={point?.ativo ?? true} />
        <div className="md:col-span-2">
          <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={point ? t("admin.delivery.saving") : t("admin.delivery.creating")}>
            {point ? t("admin.delivery.save") : t("admin.delivery.create")}
          </SubmitButton>
        </div>
      </PostedValues>
    </fetcher.Form>
  );
}

export const NewPointForm = (props: { places: DeliveryPlaces; services: AdminShippingService[] }) => <PointForm {...props} />;

export function PointItem({ point, places, services }: { point: AdminPickupPoint; places: DeliveryPlaces; services: AdminShippingService[] }) {
  const answered = usePostedAnswerOf(POINT_EDIT_INTENTS, point.id) !== undefined;
  const { t } = useTranslation();
  return (
    <li data-testid="admin-point">
      <details className="rounded-md border border-slate-200 p-3 open:bg-slate-50" open={answered || undefined}>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 font-semibold">
          <span className="min-w-0 break-words">{point.nome}</span>
          <span className="text-sm font-normal text-muted">
            {point.cidade} · {point.estado}
          </span>
          <Badge tone={point.ativo ? "good" : "neutral"}>{point.ativo ? t("admin.delivery.active") : t("admin.delivery.inactive")}</Badge>
        </summary>
        <div className="mt-3">
          <PointForm point={point} places={places} services={services} />
        </div>
      </details>
    </li>
  );
}
