import { Form, useNavigation } from "react-router";
import { REFUND_REASONS, type RefundableOrder } from "#contract/api/admin/refunds.ts";
import { formatPrice } from "#contract/money.ts";
import { Check, SelectField, TextArea, TextField } from "#app/components/form/fields.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { AdminTable } from "#app/features/admin/admin-shell.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { ActionResult } from "#app/lib/action-result.ts";
import "#app/i18n/admin-texts.ts";

/**
 * The refund of one order: a quantity per line, the shipping, or an amount; the reason, a note and the
 * choice to put the units back in stock. `chave` is the page's idempotency key: pressing twice sends the
 * same key, and the refund is made once.
 */
export function RefundForm({ order, chave, answer }: { order: RefundableOrder; chave: string; answer: ActionResult | undefined }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const money = (value: string) => formatPrice(value, order.moeda_id);
  const errorOf = (name: string) => (answer && !answer.ok ? answer.errors[name]?.[0] : undefined);
  if (!order.estornavel) {
    return (
      <>
        <FormResult result={answer} />
        <p className="text-muted" data-testid="refund-closed">
          {t("admin.refunds.closed")}
        </p>
      </>
    );
  }
  return (
    <Form method="post" className="space-y-4" key={chave}>
      <CsrfField />
      <input type="hidden" name="chave" value={chave} />
      <FormResult result={answer} />
      <AdminTable
        columns={[
          { label: t("admin.refunds.item") },
          { label: t("admin.refunds.price"), numeric: true },
          { label: t("admin.refunds.bought"), numeric: true },
          { label: t("admin.refunds.refunded"), numeric: true },
          { label: t("admin.refunds.quantityShort"), numeric: true },
        ]}
      >
        {order.linhas.map((line) => {
          const left = line.qtde - line.qtde_estornada;
          return (
            <tr key={line.item_id} className="border-b border-slate-100" data-testid="refund-line">
              <td className="py-1.5 pr-3">
                <span className="font-semibold">{line.nome}</span> <span className="font-mono text-xs text-muted">{line.codigo}</span>
              </td>
              <td className="py-1.5 pr-3 text-right">{money(line.valor_unitario)}</td>
              <td className="py-1.5 pr-3 text-right">{line.qtde}</td>
              <td className="py-1.5 pr-3 text-right">{line.qtde_estornada}</td>
              <td className="py-1.5 pr-3 text-right">
                <label className="sr-only" htmlFor={`qtde-${line.item_id}`}>
                  {t("admin.refunds.quantity", { name: line.nome })}
                </label>
                <input
                  id={`qtde-${line.item_id}`}
                  name={`qtde_${line.item_id}`}
                  type="number"
                  min={0}
                  max={left}
                  defaultValue={0}
                  disabled={left === 0}
                  className="w-20 rounded-md border border-slate-300 px-2 py-1 text-right"
                />
              </td>
            </tr>
          );
        })}
      </AdminTable>
      {Number(order.valor_frete) > 0 && !order.frete_estornado ? (
        <Check name="frete" label={t("admin.refunds.shipping", { value: money(order.valor_frete) })} defaultChecked={false} />
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          name="valor"
          label={t("admin.refunds.amount")}
          inputMode="decimal"
          hint={t("admin.refunds.amountHint", { max: money(order.restante) })}
          error={errorOf("valor")}
        />
        <SelectField
          name="motivo"
          label={t("admin.refunds.reason")}
          options={REFUND_REASONS.map((r) => ({ value: r, label: t(`admin.refunds.reasons.${r}`) }))}
          error={errorOf("motivo")}
        />
      </div>
      <TextArea name="nota" label={t("admin.refunds.note")} defaultValue="" error={errorOf("nota")} />
      <Check name="devolver_estoque" label={t("admin.refunds.restock")} defaultChecked />
      <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("admin.refunds.submitting")}>
        {t("admin.refunds.submit")}
      </SubmitButton>
    </Form>
  );
}

/** The order's refunds so far, newest first. */
export function RefundList({ order }: { order: RefundableOrder }) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" });
  if (order.estornos.length === 0) return <p className="text-muted">{t("admin.refunds.none")}</p>;
  const names = new Map(order.linhas.map((l) => [l.item_id, l.nome]));
  return (
    <AdminTable
      columns={[
        { label: t("admin.refunds.when") },
        { label: t("admin.refunds.value"), numeric: true },
        { label: t("admin.refunds.reason") },
        { label: t("admin.refunds.status") },
        { label: t("admin.refunds.restocked") },
        { label: t("admin.refunds.who") },
      ]}
    >
      {order.estornos.map((r) => (
        <tr key={r.id} className="border-b border-slate-100" data-testid="refund-row">
          <td className="py-1.5 pr-3">{date.format(new Date(r.created_at))}</td>
          <td className="py-1.5 pr-3 text-right">{formatPrice(r.valor, r.moeda_id)}</td>
          <td className="py-1.5 pr-3">
            {(REFUND_REASONS as readonly string[]).includes(r.motivo)
              ? t(`admin.refunds.reasons.${r.motivo as (typeof REFUND_REASONS)[number]}`)
              : r.motivo}
            {r.nota ? <span className="block text-xs text-muted">{r.nota}</span> : null}
          </td>
          <td className="py-1.5 pr-3">{t(`admin.refunds.statuses.${r.status}`)}</td>
          <td className="py-1.5 pr-3">{r.estoque_devolvido.map((l) => `${l.qtde} × ${names.get(l.item_id) ?? l.item_id}`).join(", ")}</td>
          <td className="py-1.5 pr-3">{r.autor}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
