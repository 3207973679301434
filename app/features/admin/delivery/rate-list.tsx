import { Form, useFetcher } from "react-router";
import { MAX_DAYS, RATE_CURRENCIES, type AdminShippingRate, type AdminShippingService, type DeliveryPlaces } from "#contract/api/admin/delivery.ts";
import { formatPrice } from "#contract/money.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { PostedValues } from "#app/components/form/posted-values.tsx";
import { useAdminFormAnswer, usePostedAnswerOf } from "#app/features/admin/form-answer.ts";
import { FormResult, useResetOnSuccess } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import { PlaceSelects } from "./place-selects.tsx";
import { serviceName } from "./service-list.tsx";
import "#app/i18n/admin-texts.ts";

/** The body a rate's form sends (the API checks every field again). */
export function rateBodyOf(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "");
  return {
    servico_id: text("servico_id"),
    estado_id: text("estado_id"),
    cidade_id: text("cidade_id"),
    moeda_id: text("moeda_id"),
    valor: text("valor"),
    prazo: text("prazo"),
  };
}

interface Lists {
  places: DeliveryPlaces;
  services: AdminShippingService[];
}

/** What a saved rate's form posts. */
const RATE_EDIT_INTENTS = ["update-rate", "delete-rate"];

function RateForm({ rate, places, services, place }: Lists & { rate?: AdminShippingRate; place?: string }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const form = useResetOnSuccess(rate ? { state: "idle" } : fetcher);
  const prefix = rate ? `rate-${rate.id}` : "new-rate";
  const { result, typed } = useAdminFormAnswer(fetcher, rate ? RATE_EDIT_INTENTS : "create-rate", rate?.id);
  const errors = fieldErrors(result);
  const es = i18n.language.startsWith("es");
  return (
    <fetcher.Form
      method="post"
      ref={form}
      className="grid gap-3 md:grid-cols-2"
      aria-label={rate ? t("admin.delivery.rates.edit", { place }) : t("admin.delivery.rates.new")}
    >
      <CsrfField />
      <input type="hidden" name="intent" value={rate ? "update-rate" : "create-rate"} />
      {rate ? <input type="hidden" name="id" value={rate.id} /> : null}
      <div className="md:col-span-2">
        <FormResult result={result} />
      </div>
      {/* The fields start again from the record each time it changes (a save read back); the form, its fetcher and its message stay. */}
      <PostedValues key={rate ? JSON.stringify(rate) : undefined} values={typed}>
        <SelectField
          id={`${prefix}-servico`}
          name="servico_id"
          label={t("admin.delivery.rates.service")}
          options={services.map((s) => ({ value: s.id, label: serviceName(s, es) }))}
          defaultValue={rate?.servico_id}
          required
          error={errors.servico_id}
          className="md:col-span-2"
        />
        <PlaceSelects prefix={prefix} places={places} estadoId={rate?.estado_id} cidadeId={rate?.cidade_id} cityOptional errors={errors} />
        <SelectField
          id={`${prefix}-moeda`}
          name="moeda_id"
          label={t("admin.delivery.rates.currency")}
          options={RATE_CURRENCIES.map((c) => ({ value: c, label: t(`admin.delivery.rates.currencies.${c}`) }))}
          defaultValue={rate?.moeda_id ?? 3}
          error={errors.moeda_id}
        />
        <TextField
          id={`${prefix}-valor`}
          name="valor"
          label={t("admin.delivery.rates.value")}
          defaultValue={rate?.valor}
          required
          inputMode="decimal"
          maxLength={20}
          error={errors.valor}
        />
        <TextField
          id={`${prefix}-prazo`}
          name="prazo"
          type="number"
          min={0}
          max={MAX_DAYS}
          step={1}
          label={t("admin.delivery.rates.days")}
          defaultValue={rate?.prazo}
          required
          error={errors.prazo}
        />
        <div className="flex flex-wrap items-end gap-2">
          <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={rate ? t("admin.delivery.saving") : t("admin.delivery.creating")}>
            {rate ? t("admin.delivery.save") : t("admin.delivery.create")}
          </SubmitButton>
          {rate ? (
            <Button
              type="submit"
              name="remove"
              value="1"
              formNoValidate
              kind="danger"
              onClick={(event) => {
                if (!window.confirm(t("admin.delivery.rates.confirmDelete", { place }))) event.preventDefault();
              }}
            >
              {t("admin.delivery.delete")}
            </Button>
          ) : null}
        </div>
      </PostedValues>
    </fetcher.Form>
  );
}

export const NewRateForm = (props: Lists) => <RateForm {...props} />;

export function RateItem({ rate, places, services }: Lists & { rate: AdminShippingRate }) {
  const answered = usePostedAnswerOf(RATE_EDIT_INTENTS, rate.id) !== undefined;
  const { t, i18n } = useTranslation();
  const service = services.find((s) => s.id === rate.servico_id);
  const place = `${rate.cidade ?? t("admin.delivery.wholeDepartment")} · ${rate.estado}`;
  return (
    <li data-testid="admin-rate">
      <details className="rounded-md border border-slate-200 p-3 open:bg-slate-50" open={answered || undefined}>
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold">{place}</span>
          <span className="text-sm text-muted">{service ? serviceName(service, i18n.language.startsWith("es")) : ""}</span>
          <span className="font-semibold tabular-nums">{formatPrice(rate.valor, rate.moeda_id)}</span>
          <span className="text-sm">{t("admin.delivery.rates.daysShort", { count: rate.prazo })}</span>
        </summary>
        <div className="mt-3">
          <RateForm rate={rate} place={place} places={places} services={services} />
        </div>
      </details>
    </li>
  );
}

/** The rates' filter: a plain GET form, so it works before the page's scripts too. */
export function RateFilter({ places, services, servico, estado }: Lists & { servico: string; estado: string }) {
  const { t, i18n } = useTranslation();
  const es = i18n.language.startsWith("es");
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t("admin.delivery.rates.filter")} preventScrollReset>
      <SelectField
        id="filter-servico"
        name="servico"
        label={t("admin.delivery.rates.service")}
        placeholder={t("admin.delivery.rates.allServices")}
        options={services.map((s) => ({ value: s.id, label: serviceName(s, es) }))}
        defaultValue={servico}
        className="min-w-56"
      />
      <SelectField
        id="filter-estado"
        name="departamento"
        label={t("admin.delivery.department")}
        placeholder={t("admin.delivery.rates.allDepartments")}
        options={places.map((p) => ({ value: p.id, label: p.nome }))}
        defaultValue={estado}
        className="min-w-56"
      />
      <Button type="submit" kind="primary">
        {t("admin.delivery.rates.filter")}
      </Button>
    </Form>
  );
}
