import { useTranslation } from "#app/i18n/react.tsx";
import { Link } from "react-router";
import type { OrdersPage } from "#contract/api/cart.ts";
import { formatPrice } from "#contract/money.ts";
import { orderHref } from "./order-links.ts";
import { formatDate, fulfilmentLabel, fulfilmentShown, fulfilmentTone, orderStatusLabel, statusTone } from "./status.ts";

/**
 * The fulfilment beside the payment's status, once it says something the status does not already say (a
 * cancelled order is "Cancelado" once, not twice).
 */
function FulfilmentBadge({ order }: { order: OrdersPage["data"][number] }) {
  const { t } = useTranslation();
  const status = fulfilmentShown(order);
  if (!status || fulfilmentLabel(t, status) === orderStatusLabel(t, order.status)) return null;
  return <span className={`ml-1 rounded px-2 py-0.5 text-xs font-bold ${fulfilmentTone(status)}`}>{fulfilmentLabel(t, status)}</span>;
}

/** The shop cancelled the order and its payment arrived afterwards: the buyer is told it will be given back. */
function RefundDue({ order }: { order: OrdersPage["data"][number] }) {
  const { t } = useTranslation();
  if (!order.pago_apos_cancelamento) return null;
  return <span className="mt-1 block text-xs text-muted">{t("cart.orders.paidAfterCancel")}</span>;
}

/** Orders list (spec §2): number, date, total, status; each row links to the detail. */
export function OrdersList({ page, pageHref }: { page: OrdersPage | null; pageHref: (n: number) => string }) {
  const { t, i18n } = useTranslation();
  if (!page)
    return (
      <p role="alert" className="text-red-700">
        {t("cart.orders.fetchError")}
      </p>
    );
  if (page.data.length === 0) return <p className="text-muted">{t("cart.orders.none")}</p>;
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table" data-testid="orders-table">
        <thead className="border-b border-slate-200 text-muted">
          <tr>
            <th scope="col" className="py-2 pr-4">
              {t("cart.orders.number")}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t("cart.orders.date")}
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              {t("cart.orders.total")}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t("cart.orders.status")}
            </th>
            <th scope="col" className="py-2">
              <span className="sr-only">{t("cart.orders.details", { number: "" })}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {page.data.map((order) => (
            <tr key={order.external_id}>
              <td className="py-3 pr-4 font-semibold">{order.pedido}</td>
              <td className="py-3 pr-4">{formatDate(order.created_at, i18n.language)}</td>
              <td className="py-3 pr-4 text-right font-semibold">{formatPrice(order.valor_total, order.moeda_id)}</td>
              <td className="py-3 pr-4">
                <span className={`rounded px-2 py-0.5 text-xs font-bold ${statusTone(order.status)}`}>{orderStatusLabel(t, order.status)}</span>
                <FulfilmentBadge order={order} />
                <RefundDue order={order} />
              </td>
              <td className="py-3 text-right">
                <Link to={orderHref(order.external_id)} className="font-semibold underline underline-offset-2">
                  {t("cart.orders.details", { number: order.pedido })}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 md:hidden">
        {page.data.map((order) => (
          <li key={order.external_id}>
            <Link to={orderHref(order.external_id)} className="block rounded-lg bg-panel p-4 shadow-sm ring-1 ring-slate-200">
              <span className="flex items-center justify-between">
                <span className="font-bold">
                  {t("cart.orders.number")} {order.pedido}
                </span>
                <span>
                  <span className={`rounded px-2 py-0.5 text-xs font-bold ${statusTone(order.status)}`}>{orderStatusLabel(t, order.status)}</span>
                  <FulfilmentBadge order={order} />
                </span>
              </span>
              <span className="mt-1 flex justify-between text-sm text-muted">
                <span>{formatDate(order.created_at, i18n.language)}</span>
                <span className="font-semibold text-ink">{formatPrice(order.valor_total, order.moeda_id)}</span>
              </span>
              <RefundDue order={order} />
            </Link>
          </li>
        ))}
      </ul>
      {page.last_page > 1 ? (
        <nav className="mt-4 flex justify-between" aria-label={t("cart.orders.title")}>
          {page.current_page > 1 ? (
            <Link to={pageHref(page.current_page - 1)} className="font-semibold underline">
              {t("cart.orders.previous")}
            </Link>
          ) : (
            <span />
          )}
          {page.current_page < page.last_page ? (
            <Link to={pageHref(page.current_page + 1)} className="font-semibold underline">
              {t("cart.orders.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
