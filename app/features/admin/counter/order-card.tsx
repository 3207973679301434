import { Form, useNavigation } from "react-router";
import type { CounterOrder } from "#contract/api/admin/counter.ts";
import { formatPrice } from "#contract/money.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { AdminTable, Panel } from "../admin-shell.tsx";
import { CsrfField } from "../staff-data.tsx";
import "#app/i18n/admin-texts.ts";

/** The buyer's document: type and number, and the images of its sides (a PDF opens in a tab of its own). */
function BuyerDocument({ order }: { order: CounterOrder }) {
  const { t } = useTranslation();
  const { cliente } = order;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-base">
        <dt className="text-muted">{t("admin.counter.name")}</dt>
        <dd className="font-bold" data-testid="counter-customer">
          {cliente.nome}
        </dd>
        <dt className="text-muted">{t("admin.counter.document")}</dt>
        <dd className="font-bold" data-testid="counter-document">
          {cliente.documento_tipo} {cliente.documento ?? "—"}
        </dd>
        {cliente.identidade ? (
          <>
            <dt className="text-muted">{t("admin.counter.identity")}</dt>
            <dd className="font-bold">{cliente.identidade}</dd>
          </>
        ) : null}
      </dl>
      <h3 className="font-bold">{t("admin.counter.images")}</h3>
      {order.documentos.length === 0 ? (
        <p className="text-muted">{t("admin.counter.noImages")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {order.documentos.map((doc) => {
            const side = t(`admin.counter.side.${doc.lado}`);
            return (
              <li key={doc.lado} className="rounded-md border border-slate-200 p-2">
                <p className="mb-1 text-sm font-semibold">{side}</p>
                {doc.mime === "application/pdf" ? (
                  <a href={doc.link} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
                    {t("admin.counter.openPdf", { side })}
                  </a>
                ) : (
                  <img
                    src={doc.link}
                    alt={t("admin.counter.imageAlt", { side })}
                    className="max-h-72 w-full object-contain"
                    referrerPolicy="no-referrer"
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-sm text-muted">{t("admin.counter.checkDocument")}</p>
    </div>
  );
}

/** One order at the counter: what it holds, who bought it, and the one button that hands it over. */
export function CounterOrderCard({ order }: { order: CounterOrder }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const handing = navigation.state !== "idle" && navigation.formData?.get("id") === String(order.id);
  const money = (v: string) => formatPrice(v, order.moeda_id);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" });
  return (
    <article aria-labelledby={`order-${order.id}`} className="space-y-4" data-testid="counter-order">
      <Panel>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`order-${order.id}`} className="text-xl font-bold">
            {t("admin.counter.order", { pedido: order.pedido })}
          </h2>
          <p className="flex gap-2">
            <Badge tone="good">{t("admin.counter.paid")}</Badge>
            <Badge>{t(`admin.counter.status.${order.status_entrega}`)}</Badge>
          </p>
        </div>
        <p className="text-sm text-muted">{t("admin.counter.placed", { date: date.format(new Date(order.created_at)) })}</p>
        <div className="mt-3">
          <AdminTable
            columns={[
              { label: t("admin.counter.product") },
              { label: t("admin.counter.productCode") },
              { label: t("admin.counter.qty"), numeric: true },
              { label: t("admin.counter.subtotal"), numeric: true },
            ]}
          >
            {order.itens.map((line, i) => (
              <tr key={i} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-3">{line.nome}</td>
                <td className="py-2 pr-3">{line.codigo}</td>
                <td className="py-2 pr-3 text-right font-bold">{line.qtde}</td>
                <td className="py-2 pr-3 text-right whitespace-nowrap">{money(line.valor_subtotal)}</td>
              </tr>
            ))}
          </AdminTable>
          <p className="mt-2 text-right text-lg font-bold" data-testid="counter-total">
            {t("admin.counter.total")}: {money(order.valor_total)}
          </p>
        </div>
      </Panel>
      <Panel title={t("admin.counter.customer")}>
        <BuyerDocument order={order} />
      </Panel>
      <Form method="post">
        <CsrfField />
        <input type="hidden" name="intent" value="handover" />
        <input type="hidden" name="id" value={order.id} />
        <button
          type="submit"
          disabled={handing}
          aria-describedby={`order-${order.id}`}
          className="w-full rounded-lg bg-green-700 px-6 py-5 text-2xl font-bold text-white shadow hover:bg-green-800 focus:outline-none focus:ring-4 focus:ring-green-300 disabled:opacity-60"
        >
          {handing ? t("admin.counter.handing") : t("admin.counter.handover")}
        </button>
      </Form>
    </article>
  );
}
