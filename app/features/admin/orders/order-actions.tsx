import { Form, Link, useNavigation } from "react-router";
import type { AdminOrder } from "#contract/api/admin/orders.ts";
import { TextField } from "#app/components/form/fields.tsx";
import { PostedValues } from "#app/components/form/posted-values.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Panel } from "#app/features/admin/admin-shell.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField, useStaffSession } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

/** What counter staff may do to an order (the API refuses them anything else). */
const COUNTER_MOVES: readonly string[] = ["pronto_retirada", "retirado"];

const busy = (navigation: ReturnType<typeof useNavigation>, intent: string) =>
  navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

/** The fulfilment moves the order may make now and the member's role allows; shipping asks for carrier and tracking code. */
export function FulfilmentActions({ order, result }: { order: AdminOrder; result?: ActionResult }) {
  const { t } = useTranslation();
  const { staff } = useStaffSession();
  const navigation = useNavigation();
  const counter = staff.papel === "counter";
  const moves = order.proximos.filter((s) => !counter || COUNTER_MOVES.includes(s));
  const shown = result && (result.intent === "move" || result.intent === "ship" || result.intent === "cancel") ? result : undefined;
  const errors = shown ? fieldErrors(shown) : {};
  return (
    <Panel title={t("admin.orders.fulfilment")}>
      <PostedValues values={shown && !shown.ok ? shown.posted : undefined}>
        <div className="space-y-4">
          <FormResult result={shown} />
          {moves.length === 0 ? <p className="text-muted">{t("admin.orders.nothingNext")}</p> : null}
          {counter && order.proximos.length > 0 ? <p className="text-sm text-muted">{t("admin.orders.counterOnly")}</p> : null}
          <div className="flex flex-wrap gap-3">
            {moves
              .filter((s) => s !== "enviado")
              .map((s) => (
                <Form method="post" key={s}>
                  <CsrfField />
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="status" value={s} />
                  <SubmitButton pending={busy(navigation, "move")}>
                    {t(`admin.orders.moveTo.${s as "pronto_retirada" | "retirado" | "entregue"}`)}
                  </SubmitButton>
                </Form>
              ))}
          </div>
          {moves.includes("enviado") ? (
            <Form method="post" className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-3" aria-label={t("admin.orders.shipTitle")}>
              <CsrfField />
              <input type="hidden" name="intent" value="ship" />
              <input type="hidden" name="status" value="enviado" />
              <TextField name="transportadora" label={t("admin.orders.carrier")} required maxLength={80} error={errors.transportadora} />
              <TextField name="codigo_rastreio" label={t("admin.orders.tracking")} required maxLength={80} error={errors.codigo_rastreio} />
              <div className="flex items-end">
                <SubmitButton pending={busy(navigation, "ship")}>{t("admin.orders.moveTo.enviado")}</SubmitButton>
              </div>
            </Form>
          ) : null}
          {order.status === "PAGO" && staff.papel !== "counter" ? (
            <p className="text-sm">
              <Link to={`/admin/pedidos/${order.id}/estorno`} className="font-semibold underline underline-offset-2">
                {t("admin.orders.refundLink")}
              </Link>{" "}
              <span className="text-muted">{t("admin.orders.refundHint")}</span>
            </p>
          ) : null}
          {order.cancelavel && staff.papel !== "counter" ? (
            <Form method="post" className="space-y-3 rounded-md border border-red-200 p-3" aria-label={t("admin.orders.cancelTitle")}>
              <CsrfField />
              <input type="hidden" name="intent" value="cancel" />
              <h3 className="font-bold">{t("admin.orders.cancelTitle")}</h3>
              <p className="text-sm text-muted">{t("admin.orders.cancelText")}</p>
              <TextField name="motivo" label={t("admin.orders.cancelReason")} maxLength={500} error={errors.motivo} />
              <Button type="submit" kind="danger" disabled={busy(navigation, "cancel")}>
                {t("admin.orders.cancel")}
              </Button>
            </Form>
          ) : null}
        </div>
      </PostedValues>
    </Panel>
  );
}

/** A staff note added to the timeline. */
export function NoteForm({ result }: { result?: ActionResult }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const shown = result?.intent === "note" ? result : undefined;
  const errors = shown ? fieldErrors(shown) : {};
  return (
    <Form method="post" className="mt-4 space-y-2" aria-label={t("admin.orders.note")}>
      <CsrfField />
      <input type="hidden" name="intent" value="note" />
      <FormResult result={shown} />
      <label htmlFor="order-note" className="block text-sm font-semibold">
        {t("admin.orders.noteLabel")}
      </label>
      <textarea
        id="order-note"
        name="texto"
        rows={3}
        maxLength={2000}
        required
        defaultValue={shown && !shown.ok ? shown.posted?.texto : undefined}
        aria-invalid={errors.texto ? true : undefined}
        className="w-full rounded-md border border-slate-300 px-3 py-2"
      />
      <SubmitButton pending={busy(navigation, "note")}>{t("admin.orders.addNote")}</SubmitButton>
    </Form>
  );
}
