import { Form, useNavigation } from "react-router";
import { RATE_TARGETS, type Rates } from "#contract/api/admin/rates.ts";
import { TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { AdminTable } from "#app/features/admin/admin-shell.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

const SYMBOLS: Record<number, string> = { 1: "R$", 2: "U$", 3: "G$", 4: "P$" };

const useDate = () => {
  const { i18n } = useTranslation();
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" });
};

/** Today's three rates, saved at once; a large move comes back with a box to confirm it. */
export function RatesForm({ rates, answer }: { rates: Rates["data"]; answer: ActionResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const date = useDate();
  // The API names a refused rate by its place in the list it was sent (rates.<i>.tax).
  const errorOf = (i: number) => (answer && !answer.ok ? answer.errors[`rates.${i}.tax`]?.[0] : undefined);
  const needsConfirmation = answer && !answer.ok && Object.keys(answer.errors).some((k) => k.startsWith("rates."));
  return (
    <Form method="post" className="space-y-4" key={rates.map((r) => r.updated_at).join()}>
      <CsrfField />
      <FormResult result={answer} />
      <div className="grid gap-4 md:grid-cols-3">
        {RATE_TARGETS.map((id, i) => {
          const rate = rates.find((r) => r.target_currency_id === id);
          return (
            <TextField
              key={id}
              name={`tax_${id}`}
              label={t("admin.rates.per", { symbol: SYMBOLS[id] ?? String(id) })}
              inputMode="decimal"
              defaultValue={rate?.tax ?? ""}
              required
              hint={rate ? t("admin.rates.updated", { date: date.format(new Date(rate.updated_at)) }) : t("admin.rates.hint")}
              error={errorOf(i)}
            />
          );
        })}
      </div>
      <p className="text-sm text-muted">{t("admin.rates.hint")}</p>
      {needsConfirmation ? (
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" name="confirmar" className="size-5" />
          {t("admin.rates.confirm")}
        </label>
      ) : null}
      <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("admin.rates.saving")}>
        {t("admin.rates.save")}
      </SubmitButton>
    </Form>
  );
}

/** Every rate entered, newest first, with who entered it. */
export function RateHistory({ history }: { history: Rates["history"] }) {
  const { t } = useTranslation();
  const date = useDate();
  return (
    <>
      {history.length === 0 ? (
        <p className="text-muted">{t("admin.rates.empty")}</p>
      ) : (
        <AdminTable
          columns={[
            { label: t("admin.rates.when") },
            { label: t("admin.rates.currency") },
            { label: t("admin.rates.rate"), numeric: true },
            { label: t("admin.rates.who") },
          ]}
        >
          {history.map((h, i) => (
            <tr key={`${h.created_at}-${h.target_currency_id}-${i}`} className="border-b border-slate-100" data-testid="rate-history-row">
              <td className="py-1.5 pr-3">{date.format(new Date(h.created_at))}</td>
              <td className="py-1.5 pr-3">{t("admin.rates.per", { symbol: SYMBOLS[h.target_currency_id] ?? String(h.target_currency_id) })}</td>
              <td className="py-1.5 pr-3 text-right font-mono">{h.tax}</td>
              <td className="py-1.5 pr-3">{h.autor}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
