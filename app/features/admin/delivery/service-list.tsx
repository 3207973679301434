import { useFetcher } from "react-router";
import type { AdminShippingService } from "#contract/api/admin/delivery.ts";
import { Check, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { PostedValues } from "#app/components/form/posted-values.tsx";
import { useAdminFormAnswer, usePostedAnswerOf } from "#app/features/admin/form-answer.ts";
import { FormResult, useResetOnSuccess } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

/** The body a service form sends (the API checks every field again). */
export function serviceBodyOf(form: FormData) {
  return {
    descricao_pt: String(form.get("descricao_pt") ?? ""),
    descricao_es: String(form.get("descricao_es") ?? ""),
    usa_pontos: form.get("usa_pontos") === "on",
    ativo: form.get("ativo") === "on",
  };
}

/** A service's name in the member's language. */
export const serviceName = (s: AdminShippingService, es: boolean) => (es ? s.descricao_es : s.descricao_pt);

/** What a saved service's form posts. */
const SERVICE_EDIT_INTENTS = ["update-service"];

function ServiceForm({ service }: { service?: AdminShippingService }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const form = useResetOnSuccess(service ? { state: "idle" } : fetcher);
  const prefix = service ? `service-${service.id}` : "new-service";
  const { result, typed } = useAdminFormAnswer(fetcher, service ? SERVICE_EDIT_INTENTS : "create-service", service?.id);
  const errors = fieldErrors(result);
  return (
    <fetcher.Form
      method="post"
      ref={form}
      className="grid gap-3 md:grid-cols-2"
      aria-label={service ? t("admin.delivery.services.edit", { name: service.descricao_pt }) : t("admin.delivery.services.new")}
    >
      <CsrfField />
      <input type="hidden" name="intent" value={service ? "update-service" : "create-service"} />
      {service ? <input type="hidden" name="id" value={service.id} /> : null}
      <div className="md:col-span-2">
        <FormResult result={result} />
      </div>
      {/* The fields start again from the record each time it changes (a save read back); the form, its fetcher and its message stay. */}
      <PostedValues key={service ? JSON.stringify(service) : undefined} values={typed}>
        <TextField
          id={`${prefix}-pt`}
          name="descricao_pt"
          label={t("admin.delivery.services.descriptionPt")}
          defaultValue={service?.descricao_pt}
          required
          maxLength={120}
          error={errors.descricao_pt}
        />
        <TextField
          id={`${prefix}-es`}
          name="descricao_es"
          label={t("admin.delivery.services.descriptionEs")}
          defaultValue={service?.descricao_es}
          required
          maxLength={120}
          error={errors.descricao_es}
        />
        <Check name="usa_pontos" label={t("admin.delivery.services.usesPoints")} defaultChecked={service?.usa_pontos ?? false} />
        <Check name="ativo" label={t("admin.delivery.active")} defaultChecked={service?.ativo ?? true} />
        <div className="md:col-span-2">
          <SubmitButton pending={fetcher.state !== "idle"} pendingLabel={service ? t("admin.delivery.saving") : t("admin.delivery.creating")}>
            {service ? t("admin.delivery.save") : t("admin.delivery.create")}
          </SubmitButton>
        </div>
      </PostedValues>
    </fetcher.Form>
  );
}

export const NewServiceForm = () => <ServiceForm />;

export function ServiceItem({ service }: { service: AdminShippingService }) {
  const answered = usePostedAnswerOf(SERVICE_EDIT_INTENTS, service.id) !== undefined;
  const { t, i18n } = useTranslation();
  return (
    <li data-testid="admin-service">
      <details className="rounded-md border border-slate-200 p-3 open:bg-slate-50" open={answered || undefined}>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 font-semibold">
          <span className="min-w-0 break-words">{serviceName(service, i18n.language.startsWith("es"))}</span>
          <Badge>{service.usa_pontos ? t("admin.delivery.services.network") : t("admin.delivery.services.door")}</Badge>
          <Badge tone={service.ativo ? "good" : "neutral"}>{service.ativo ? t("admin.delivery.active") : t("admin.delivery.inactive")}</Badge>
          <span className="text-sm font-normal text-muted">{t("admin.delivery.services.rates", { count: service.tarifas })}</span>
        </summary>
        <div className="mt-3">
          <ServiceForm service={service} />
        </div>
      </details>
    </li>
  );
}
