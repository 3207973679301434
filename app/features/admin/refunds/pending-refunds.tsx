import { Form, Link, useNavigation } from "react-router";
import type { AdminOrder } from "#contract/api/admin/orders.ts";
import { formatPrice } from "#contract/money.ts";
import { SelectField, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Panel } from "#app/features/admin/admin-shell.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField, useStaffSession } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import { MANAGERS } from "#contract/api/admin/staff.ts";
import "#app/i18n/admin-texts.ts";

const busy = (navigation: ReturnType<typeof useNavigation>, intent: string, id: number) =>
  navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData.get("estorno") === String(id);

/**
 * Refunds the gateway has not settled (decision 037), each with "check again with the gateway" and a form
 * to settle it by hand from the gateway's portal (made or not, with a note); and a payment the gateway
 * approved after the order was cancelled, which is to be refunded. Owner and manager only.
 */
export function PendingRefunds({ order, result }: { order: AdminOrder; result?: ActionResult }) {
  const { t, i18n } = useTranslation();
  const { staff } = useStaffSession();
  const navigation = useNavigation();
  if (!(MANAGERS.roles as readonly string[]).includes(staff.papel)) return null;
  const shown = result && (result.intent === "refund-check" || result.intent === "refund-settle") ? result : undefined;
  // The answer of the check or settlement that left nothing pending stays said, in the panel it came from.
  if (order.estornos_pendentes.length === 0 && !order.pago_apos_cancelamento && !shown) return null;
  const errors = shown ? fieldErrors(shown) : {};
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" });
  return (
    <Panel title={t("admin.refunds.pending.title")}>
      <div className="space-y-4" data-testid="pending-refunds">
        <FormResult result={shown} />
        {order.pago_apos_cancelamento ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm" role="note" data-testid="paid-after-cancel">
            <strong>{t("admin.refunds.pending.paidAfterCancel")}</strong> {t("admin.refunds.pending.paidAfterCancelText")}{" "}
            <Link to={`/admin/pedidos/${order.id}/estorno`} className="font-semibold underline underline-offset-2">
              {t("admin.orders.refundLink")}
            </Link>
          </p>
        ) : null}
        {order.estornos_pendentes.map((r) => (
          <div key={r.id} className="space-y-3 rounded-md border border-slate-200 p-3" data-testid="pending-refund">
            <p>
              <span className="font-semibold">{t("admin.refunds.pending.line", { value: formatPrice(r.valor, r.moeda_id) })}</span>{" "}
              <span className="text-sm text-muted">
                {when.format(new Date(r.created_at))}
                {r.autor ? ` · ${r.autor}` : ""}
              </span>
            </p>
            <p className="text-sm text-muted">{t("admin.refunds.pending.explain")}</p>
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value="refund-check" />
              <input type="hidden" name="estorno" value={r.id} />
              <SubmitButton pending={busy(navigation, "refund-check", r.id)}>{t("admin.refunds.pending.check")}</SubmitButton>
            </Form>
            <Form method="post" className="grid gap-3 sm:grid-cols-[auto_1fr_auto]" aria-label={t("admin.refunds.pending.byHand")}>
              <CsrfField />
              <input type="hidden" name="intent" value="refund-settle" />
              <input type="hidden" name="estorno" value={r.id} />
              <SelectField
                id={`resultado-${r.id}`}
                name="resultado"
                label={t("admin.refunds.pending.outcome")}
                options={[
                  { value: "feito", label: t("admin.refunds.pending.made") },
                  { value: "recusado", label: t("admin.refunds.pending.failed") },
                ]}
                error={errors.resultado}
              />
              <TextField id={`nota-${r.id}`} name="nota" label={t("admin.refunds.pending.note")} required maxLength={280} error={errors.nota} />
              <div className="flex items-end">
                <SubmitButton pending={busy(navigation, "refund-settle", r.id)}>{t("admin.refunds.pending.settle")}</SubmitButton>
              </div>
            </Form>
          </div>
        ))}
      </div>
    </Panel>
  );
}
