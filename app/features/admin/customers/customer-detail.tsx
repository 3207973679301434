import { Form, Link } from "react-router";
import { REJECTION_REASONS } from "#contract/api/accounts.ts";
import { REVIEW_NOTE_MAX, type CustomerDetail } from "#contract/api/admin/customers.ts";
import { SelectField } from "#app/components/form/fields.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { AdminTable, Panel } from "#app/features/admin/admin-shell.tsx";
import { FormResult } from "#app/features/admin/form-result.tsx";
import { CsrfField } from "#app/features/admin/staff-data.tsx";
import { isLocale } from "#contract/locale.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { fieldErrors, type ActionResult } from "#app/lib/action-result.ts";
import { fulfilmentLabel, statusLabel } from "#app/features/admin/records/labels.ts";
import { ReviewBadge } from "./customer-list.tsx";
import "#app/i18n/admin-texts.ts";

const useDates = () => {
  const { i18n } = useTranslation();
  const zone = { timeZone: "America/Asuncion" } as const;
  return {
    day: new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", ...zone }),
    time: new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", ...zone }),
    money: (amount: string, currency: string) => {
      try {
        return new Intl.NumberFormat(i18n.language, { style: "currency", currency }).format(Number(amount));
      } catch {
        return `${currency} ${amount}`;
      }
    },
  };
};

/** The customer's own data, their addresses and how they use the store. */
export function CustomerData({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const { day, time } = useDates();
  const rows: [string, string][] = [
    [t("admin.customers.email"), customer.email],
    [
      t("admin.customers.emailState"),
      customer.email_confirmado_em
        ? `${t("admin.customers.confirmed")} · ${time.format(new Date(customer.email_confirmado_em))}`
        : t("admin.customers.notConfirmed"),
    ],
    [t("admin.customers.phone"), customer.telefone],
    [t("admin.customers.nationality"), t(`admin.customers.nationalities.${customer.nacionalidade}`, { defaultValue: customer.nacionalidade })],
    [t("admin.customers.documentType"), customer.documento_tipo],
    [t("admin.customers.documentNumber"), customer.documento ?? "—"],
    [t("admin.customers.identity"), customer.identidade ?? "—"],
    ...(customer.razao_social ? [[t("admin.customers.company"), customer.razao_social] as [string, string]] : []),
    [t("admin.customers.language"), isLocale(customer.lang) ? t(`admin.languages.${customer.lang}`) : customer.lang],
    [t("admin.customers.since"), day.format(new Date(customer.created_at))],
    [t("admin.customers.lastLogin"), customer.ultimo_login ? time.format(new Date(customer.ultimo_login)) : t("admin.customers.never")],
    [t("admin.customers.favourites"), String(customer.favoritos)],
  ];
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Panel title={t("admin.customers.data")}>
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]" data-testid="customer-data">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="font-semibold break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel title={t("admin.customers.addresses")}>
        {customer.enderecos.length === 0 ? <p className="text-muted">{t("admin.customers.noAddresses")}</p> : null}
        <ul className="space-y-3">
          {customer.enderecos.map((a) => (
            <li key={a.id} className="text-sm">
              <p className="font-semibold">
                {a.nome} {a.principal ? <span className="text-xs text-muted">· {t("admin.customers.main")}</span> : null}
              </p>
              <p>{a.linha}</p>
              <p>
                {[a.cidade, a.estado, t(`admin.customers.nationalities.${a.pais_sigla}`, { defaultValue: a.pais }), a.cep]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}

/** The customer's orders, newest first, each linking to the order's page. */
export function CustomerOrders({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const { time, money } = useDates();
  const columns = (["number", "date", "total", "payment", "fulfilment"] as const).map((c) => ({
    label: t(`admin.customers.orderColumns.${c}`),
    numeric: c === "total",
  }));
  return (
    <Panel title={t("admin.customers.orders")}>
      {customer.pedidos.length === 0 ? (
        <p className="text-muted">{t("admin.customers.noOrders")}</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted">
            {t("admin.customers.ordersCount", { count: customer.pedidos_total, shown: customer.pedidos.length })}
          </p>
          <AdminTable columns={columns} testId="customer-orders">
            {customer.pedidos.map((o) => (
              <tr key={o.id} className="border-b border-slate-100">
                <td className="py-2 pr-3">
                  <Link to={`/admin/pedidos/${o.id}`} className="font-semibold underline">
                    {o.pedido}
                  </Link>
                </td>
                <td className="whitespace-nowrap py-2 pr-3">{time.format(new Date(o.created_at))}</td>
                <td className="whitespace-nowrap py-2 pr-3 text-right">{money(o.valor_total, o.moeda)}</td>
                <td className="py-2 pr-3">{statusLabel(t, o.status)}</td>
                <td className="py-2 pr-3">{fulfilmentLabel(t, o.status_entrega)}</td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
    </Panel>
  );
}

/**
 * The identity document: each side through its short-lived link (an image shown, a PDF as a link), the
 * review's state, and the review form (a reason from the list, a note required for "other").
 */
export function CustomerDocuments({ customer, result }: { customer: CustomerDetail; result: ActionResult<unknown> | undefined }) {
  const { t } = useTranslation();
  const { time } = useDates();
  const name = `${customer.nome} ${customer.sobrenome}`;
  const review = customer.revisao;
  const errors = result?.intent === "review" ? fieldErrors(result) : {};
  return (
    <Panel title={t("admin.customers.documents")}>
      <p className="mb-3 text-sm text-muted">{t("admin.customers.documentsNote")}</p>
      <div className="mb-4 space-y-1 text-sm" data-testid="document-review">
        <p>
          {t("admin.customers.reviewState")}: <ReviewBadge state={review.status} />
        </p>
        {review.revisado_por && review.revisado_em ? (
          <p>{t("admin.customers.reviewedBy", { name: review.revisado_por, date: time.format(new Date(review.revisado_em)) })}</p>
        ) : null}
        {review.motivo ? <p>{t("admin.customers.reviewReason", { reason: t(`admin.customers.reasons.${review.motivo}`) })}</p> : null}
        {review.nota ? <p>{t("admin.customers.reviewNote", { note: review.nota })}</p> : null}
      </div>
      {customer.documentos.length === 0 ? (
        <p className="text-muted">{t("admin.customers.noDocuments")}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {customer.documentos.map((d) => {
            const side = t(`admin.customers.sides.${d.lado}`);
            return (
              <li key={d.id} className="rounded-md border border-slate-200 p-3" data-testid={`document-${d.lado}`}>
                <p className="font-semibold">{side}</p>
                <p className="mb-2 text-xs text-muted">{t("admin.customers.sentAt", { date: time.format(new Date(d.enviado_em)) })}</p>
                {d.mime === "application/pdf" ? (
                  <a href={d.url} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
                    {t("admin.customers.openPdf", { side })}
                  </a>
                ) : (
                  <a href={d.url} target="_blank" rel="noopener noreferrer" title={t("admin.customers.openImage")}>
                    <img
                      src={d.url}
                      alt={t("admin.customers.imageAlt", { side, name })}
                      className="max-h-80 w-auto rounded border border-slate-200"
                    />
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {customer.documentos.length > 0 ? (
        <Form method="post" className="mt-5 space-y-3 border-t border-slate-200 pt-4" aria-labelledby="review-title">
          <h3 id="review-title" className="font-bold">
            {t("admin.customers.review")}
          </h3>
          <CsrfField />
          <input type="hidden" name="intent" value="review" />
          {result?.intent === "review" ? <FormResult result={result} /> : null}
          <fieldset>
            <legend className="text-sm font-semibold">{t("admin.customers.decision")}</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {(["verificado", "rejeitado"] as const).map((estado) => (
                <label key={estado} className="flex min-h-11 items-center gap-2">
                  <input type="radio" name="estado" value={estado} required className="size-5" />
                  {t(estado === "verificado" ? "admin.customers.verify" : "admin.customers.reject")}
                </label>
              ))}
            </div>
          </fieldset>
          <SelectField
            name="motivo"
            label={t("admin.customers.reason")}
            placeholder={t("admin.customers.chooseReason")}
            options={REJECTION_REASONS.map((r) => ({ value: r, label: t(`admin.customers.reasons.${r}`) }))}
            defaultValue=""
            error={errors.motivo}
          />
          <div>
            <label htmlFor="review-nota" className="block text-sm font-semibold">
              {t("admin.customers.note")}
            </label>
            <textarea
              id="review-nota"
              name="nota"
              rows={3}
              maxLength={REVIEW_NOTE_MAX}
              aria-describedby={`review-nota-hint${errors.nota ? " review-nota-error" : ""}`}
              aria-invalid={errors.nota ? true : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-amber-500 focus:outline-none focus:ring-2 focus:ring-amber-400"
            />
            <p id="review-nota-hint" className="mt-1 text-xs text-muted">
              {t("admin.customers.noteHint")}
            </p>
            {errors.nota ? (
              <p id="review-nota-error" className="mt-1 text-sm font-medium text-red-700">
                {errors.nota}
              </p>
            ) : null}
          </div>
          <Button type="submit" kind="primary">
            {t("admin.customers.saveReview")}
          </Button>
        </Form>
      ) : null}
    </Panel>
  );
}

/** The e-mails staff may send the customer: the confirmation again (while unconfirmed) and a password reset. */
export function CustomerMails({ customer, result }: { customer: CustomerDetail; result: ActionResult<unknown> | undefined }) {
  const { t } = useTranslation();
  const mine = result?.intent === "resend" || result?.intent === "reset";
  return (
    <Panel title={t("admin.customers.mails")}>
      <p className="mb-3 text-sm text-muted">{t("admin.customers.mailsNote")}</p>
      {mine ? (
        <div className="mb-3">
          <FormResult result={result} />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {customer.email_confirmado_em ? null : (
          <Form method="post">
            <CsrfField />
            <Button type="submit" name="intent" value="resend">
              {t("admin.customers.resend")}
            </Button>
          </Form>
        )}
        <Form method="post">
          <CsrfField />
          <Button type="submit" name="intent" value="reset">
            {t("admin.customers.reset")}
          </Button>
        </Form>
      </div>
    </Panel>
  );
}
