import type { ReactNode } from "react";
import { Link } from "react-router";
import { MANAGERS } from "#contract/api/admin/staff.ts";
import type { AdminOrder } from "#contract/api/admin/orders.ts";
import { formatPrice } from "#contract/money.ts";
import { AdminTable, Panel } from "#app/features/admin/admin-shell.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { describeOrderEvent } from "#app/features/admin/records/describe-change.ts";
import { useStaffSession } from "#app/features/admin/staff-data.tsx";
import { useOrderLabels } from "./labels.ts";
import "#app/i18n/admin-texts.ts";

/** A date and time as the shop reads them (Ciudad del Este). */
export function useWhen() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : "—");
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The order's state, where it goes, and who it is for. */
export function OrderSummary({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const label = useOrderLabels();
  const when = useWhen();
  const items: [string, ReactNode][] = [
    [t("admin.orders.placedAt"), when(order.created_at)],
    [t("admin.orders.paymentStatus"), <span data-testid="order-payment-status">{label.payment(order.status)}</span>],
    [
      t("admin.orders.fulfilmentStatus"),
      <span data-testid="order-fulfilment-status">
        {label.fulfilment(order.status_entrega)}
        {order.status_entrega_por ? (
          <span className="block text-sm font-normal text-muted">
            {t("admin.orders.by", { when: when(order.status_entrega_em), who: order.status_entrega_por })}
          </span>
        ) : null}
      </span>,
    ],
    [t("admin.orders.pickupCode"), <span className="font-mono text-lg tracking-widest">{order.codigo_retirada}</span>],
  ];
  if (order.reserva_expira_em && order.status === "PAGAMENTO") items.push([t("admin.orders.reservation"), when(order.reserva_expira_em)]);
  if (order.transportadora) items.push([t("admin.orders.carrier"), order.transportadora]);
  if (order.codigo_rastreio) items.push([t("admin.orders.tracking"), <span className="font-mono">{order.codigo_rastreio}</span>]);
  const place: [string, ReactNode][] =
    order.tipo === "retirada"
      ? [[t("admin.orders.place"), t("admin.orders.shopPickup")]]
      : [
          [t("admin.orders.service"), order.entrega_descricao ?? "—"],
          ...(order.ponto_entrega
            ? ([[t("admin.orders.pickupPoint"), `${order.ponto_entrega.nome} - ${order.ponto_entrega.endereco}`]] as [string, ReactNode][])
            : []),
          ...(order.endereco
            ? ([[t("admin.orders.address"), <span data-testid="order-address">{order.endereco}</span>]] as [string, ReactNode][])
            : []),
        ];
  const c = order.cliente;
  const { staff } = useStaffSession();
  const managers = (MANAGERS.roles as readonly string[]).includes(staff.papel);
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Panel title={t("admin.orders.summary")}>
        <Facts items={[...items, ...place]} />
      </Panel>
      <Panel title={t("admin.orders.customer")}>
        <Facts
          items={[
            [t("admin.orders.customer"), c.nome],
            [t("admin.orders.email"), c.email],
            [t("admin.orders.phone"), c.telefone],
            [t("admin.orders.language"), c.lang],
            [t("admin.orders.document"), `${c.documento_tipo} ${c.documento ?? ""}`.trim()],
            ...(c.identidade ? ([[t("admin.orders.identity"), c.identidade]] as [string, ReactNode][]) : []),
            [t("admin.orders.documentImages"), t("admin.orders.documentImagesCount", { count: c.documentos })],
            [
              t("admin.customers.documentState"),
              <span data-testid="order-document-state">
                {t(`admin.customers.states.${c.documento_status as "pendente" | "verificado" | "rejeitado"}`, {
                  defaultValue: c.documento_status,
                })}
              </span>,
            ],
          ]}
        />
        {managers ? (
          <Link to={`/admin/clientes/${c.id}`} className="mt-3 inline-block text-sm font-semibold underline underline-offset-2">
            {t("admin.orders.customerPage")}
          </Link>
        ) : null}
      </Panel>
    </div>
  );
}

/** The lines as charged, the totals in the order's currency, and the payments with their gateways' references. */
export function OrderMoney({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const label = useOrderLabels();
  const when = useWhen();
  const money = (v: string, moeda = order.moeda_id) => formatPrice(v, moeda);
  return (
    <>
      <Panel title={t("admin.orders.lines")}>
        <AdminTable
          columns={[
            { label: t("admin.orders.product") },
            { label: t("admin.orders.code") },
            { label: t("admin.orders.qty"), numeric: true },
            { label: t("admin.orders.unit"), numeric: true },
            { label: t("admin.orders.subtotal"), numeric: true },
          ]}
        >
          {order.itens.map((l) => (
            <tr key={l.id} className="border-b border-slate-100">
              <td className="py-2 pr-3">{l.nome}</td>
              <td className="py-2 pr-3 font-mono text-xs">{l.codigo}</td>
              <td className="py-2 pr-3 text-right">{l.qtde}</td>
              <td className="py-2 pr-3 text-right">{money(l.valor_unitario)}</td>
              <td className="py-2 pr-3 text-right">{money(l.valor_subtotal)}</td>
            </tr>
          ))}
        </AdminTable>
        <dl className="mt-3 ml-auto grid max-w-xs grid-cols-2 gap-1 text-right">
          <dt className="text-muted">{t("admin.orders.products")}</dt>
          <dd>{money(order.valor_produtos)}</dd>
          <dt className="text-muted">{t("admin.orders.shipping")}</dt>
          <dd>{money(order.valor_frete)}</dd>
          <dt className="font-bold">{t("admin.orders.total")}</dt>
          <dd className="font-bold">{money(order.valor_total)}</dd>
        </dl>
      </Panel>
      <Panel title={t("admin.orders.payments")}>
        {order.pagamentos.length === 0 ? (
          <p className="text-muted">{t("admin.orders.noPayments")}</p>
        ) : (
          <AdminTable
            columns={[
              { label: t("admin.orders.gateway") },
              { label: t("admin.orders.reference") },
              { label: t("admin.orders.paymentStatus") },
              { label: t("admin.orders.amount"), numeric: true },
              { label: t("admin.orders.refunded"), numeric: true },
              { label: t("admin.orders.paidAt") },
            ]}
          >
            {order.pagamentos.map((p) => (
              <tr key={p.id} className="border-b border-slate-100" data-testid="order-payment">
                <td className="py-2 pr-3">
                  {p.provider}
                  {p.metodo ? <span className="block text-xs text-muted">{p.metodo}</span> : null}
                </td>
                <td className="py-2 pr-3 font-mono text-xs break-all">{p.provider_ref}</td>
                <td className="py-2 pr-3">{label.payment(p.status)}</td>
                <td className="py-2 pr-3 text-right">
                  {money(p.valor_total, p.moeda_id)}
                  {p.valor_cobrado && p.moeda_cobrada ? (
                    <span className="block text-xs text-muted">
                      {t("admin.orders.charged")} {money(p.valor_cobrado, p.moeda_cobrada)}
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pr-3 text-right">{money(p.valor_estornado, p.moeda_cobrada ?? p.moeda_id)}</td>
                <td className="py-2 pr-3">{when(p.pago_em)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>
    </>
  );
}

/** The order's timeline, oldest first: what happened (in the member's words, decision 035), who did it, when. */
export function OrderTimeline({ order, children }: { order: AdminOrder; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const when = useWhen();
  const formatter = { t, locale: i18n.language };
  return (
    <Panel title={t("admin.orders.timeline")}>
      <ol className="space-y-3" data-testid="order-timeline">
        {order.timeline.map((e) => (
          <li key={e.id} className="border-l-2 border-slate-300 pl-3" data-testid="timeline-line">
            <p className="whitespace-pre-line">{describeOrderEvent(formatter, e)}</p>
            <p className="text-xs text-muted">
              {when(e.created_at)} · {e.autor ?? t("admin.orders.system")}
            </p>
          </li>
        ))}
      </ol>
      {children}
    </Panel>
  );
}
