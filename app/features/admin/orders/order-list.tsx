import { Link } from "react-router";
import { ORDER_PAGE_SIZES, type AdminOrderRow, type AdminOrdersPage } from "#contract/api/admin/orders.ts";
import { ORDER_STATUSES } from "#contract/api/cart-constants.ts";
import { FULFILMENT_STATUSES } from "#contract/fulfilment.ts";
import { formatPrice } from "#contract/money.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { AdminTable } from "#app/features/admin/admin-shell.tsx";
import { DateFilter, FilterForm, SearchFilter, SelectFilter } from "#app/features/admin/list-filters.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { useOrderLabels } from "./labels.ts";
import "#app/i18n/admin-texts.ts";

/** The list's filters, sent as the address's query (a plain GET form: it works before scripts load). */
export const ORDER_FILTERS = ["q", "status", "status_entrega", "de", "ate", "moeda_id", "tipo", "ponto_entrega_id", "per_page"] as const;

export function OrderFilters({ query, pontos, csvHref }: { query: Record<string, string>; pontos: AdminOrdersPage["pontos"]; csvHref?: string }) {
  const { t } = useTranslation();
  const label = useOrderLabels();
  const any = t("admin.orders.any");
  return (
    <FilterForm
      submit={t("admin.orders.filter")}
      clear={t("admin.orders.clear")}
      clearTo="/admin/pedidos"
      extra={
        csvHref ? (
          <a href={csvHref} className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2" download>
            {t("admin.orders.csv")}
          </a>
        ) : null
      }
    >
      <SearchFilter label={t("admin.orders.search")} query={query} />
      <SelectFilter
        name="status"
        label={t("admin.orders.paymentStatus")}
        any={any}
        options={ORDER_STATUSES.map((s) => ({ value: s, label: label.payment(s) }))}
        query={query}
      />
      <SelectFilter
        name="status_entrega"
        label={t("admin.orders.fulfilmentStatus")}
        any={any}
        options={FULFILMENT_STATUSES.map((s) => ({ value: s, label: label.fulfilment(s) }))}
        query={query}
      />
      <DateFilter name="de" label={t("admin.orders.from")} query={query} />
      <DateFilter name="ate" label={t("admin.orders.to")} query={query} />
      <SelectFilter
        name="moeda_id"
        label={t("admin.orders.currency")}
        any={any}
        options={[
          { value: 2, label: "U$ (USD)" },
          { value: 3, label: "G$ (PYG)" },
        ]}
        query={query}
      />
      <SelectFilter
        name="tipo"
        label={t("admin.orders.kind")}
        any={any}
        options={(["retirada", "entrega"] as const).map((k) => ({ value: k, label: t(`admin.orders.kinds.${k}`) }))}
        query={query}
      />
      <SelectFilter
        name="ponto_entrega_id"
        label={t("admin.orders.point")}
        any={any}
        options={pontos.map((p) => ({ value: p.id, label: p.nome }))}
        query={query}
      />
      <SelectFilter
        name="per_page"
        label={t("admin.orders.perPage")}
        options={ORDER_PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
        query={query}
        fallback="20"
      />
    </FilterForm>
  );
}

const paymentTone = (status: string) => (status === "PAGO" ? "good" : status === "PAGAMENTO" ? "warm" : "neutral");

/** The orders of one page: number, date, customer, both statuses, kind, total. */
export function OrderTable({ orders }: { orders: AdminOrderRow[] }) {
  const { t, i18n } = useTranslation();
  const label = useOrderLabels();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" });
  const columns = (["number", "date", "customer", "payment", "fulfilment", "kind"] as const).map((c) => ({ label: t(`admin.orders.columns.${c}`) }));
  return (
    <AdminTable columns={[...columns, { label: t("admin.orders.columns.total"), numeric: true }]} testId="orders-table">
      {orders.map((o) => (
        <tr key={o.id} className="border-b border-slate-100 align-top" data-testid="order-row">
          <td className="py-2 pr-3 font-semibold">
            <Link to={`/admin/pedidos/${o.id}`} className="underline underline-offset-2" aria-label={t("admin.orders.open", { number: o.pedido })}>
              {o.pedido}
            </Link>
            <span className="block font-mono text-xs text-muted">{o.codigo_retirada}</span>
          </td>
          <td className="whitespace-nowrap py-2 pr-3">{date.format(new Date(o.created_at))}</td>
          <td className="py-2 pr-3">
            {o.cliente}
            <span className="block text-xs text-muted">{o.email}</span>
          </td>
          <td className="py-2 pr-3">
            <Badge tone={paymentTone(o.status)}>{label.payment(o.status)}</Badge>
          </td>
          <td className="py-2 pr-3">{label.fulfilment(o.status_entrega)}</td>
          <td className="py-2 pr-3">
            {t(`admin.orders.kinds.${o.tipo}`)}
            {o.entrega_descricao ? <span className="block text-xs text-muted">{o.entrega_descricao}</span> : null}
          </td>
          <td className="whitespace-nowrap py-2 pr-3 text-right font-semibold">{formatPrice(o.valor_total, o.moeda_id)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}
