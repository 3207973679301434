import { useTranslation } from "#app/i18n/react.tsx";
import { isRouteErrorResponse, Link } from "react-router";
import { NotFound } from "#app/features/layout/not-found.tsx";
import { formatPrice } from "#contract/money.ts";
import { WrenchIcon } from "#app/components/ui/icons.tsx";
import { ORDERS_HREF, ticketHref, payHref } from "#app/features/orders/order-links.ts";
import { loadOrder } from "#app/features/orders/orders.server.ts";
import {
  formatDate,
  fulfilmentLabel,
  fulfilmentShown,
  fulfilmentTone,
  orderStatusLabel,
  shownPaymentLabel,
  statusTone,
} from "#app/features/orders/status.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/order.ts";

export const meta = pageMeta("order");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return { order: await loadOrder(request, context, params.external_id) };
}

/** Order detail (spec §2 /pedido/{external_id}). */
export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { order } = loaderData;
  const payment = order.pagamentos[0];
  const money = (value: string) => formatPrice(value, order.moeda_id);
  const fulfilment = fulfilmentShown(order);
  /** Where the order stands apart from its payment: ready, handed over (when), shipped (carrier and tracking code). */
  const fulfilmentFacts = (): [string, React.ReactNode][] => {
    if (!fulfilment) return [];
    const when = order.status_entrega_em ? formatDate(order.status_entrega_em, i18n.language) : undefined;
    const shown: [string, React.ReactNode][] = [
      [
        t("cart.orders.fulfilment"),
        <span key="f" data-testid="order-fulfilment">
          <span className={`rounded px-2 py-0.5 text-xs font-bold ${fulfilmentTone(fulfilment)}`}>{fulfilmentLabel(t, fulfilment)}</span>
          {fulfilment === "retirado" && when ? (
            <span className="ml-2 text-sm font-normal">{t("cart.orders.handedOverOn", { date: when })}</span>
          ) : null}
          {fulfilment === "pronto_retirada" ? <span className="mt-1 block text-sm font-normal">{t("cart.orders.readyText")}</span> : null}
          {(fulfilment === "enviado" || fulfilment === "entregue") && order.transportadora ? (
            <span className="mt-1 block text-sm font-normal">{t("cart.orders.shippedWith", { carrier: order.transportadora })}</span>
          ) : null}
        </span>,
      ],
    ];
    if ((fulfilment === "enviado" || fulfilment === "entregue") && order.codigo_rastreio) {
      shown.push([
        t("cart.orders.trackingCode"),
        <span key="r" className="font-mono" data-testid="order-tracking">
          {order.codigo_rastreio}
        </span>,
      ]);
    }
    return shown;
  };
  const buyer = order.comprador;
  const facts: [string, React.ReactNode][] = [
    [t("cart.orders.date"), formatDate(order.created_at, i18n.language)],
    // The buyer and the document the order is made out to (a person's CPF or a company's CNPJ, a RUC …).
    [
      t("cart.orders.buyer"),
      <span key="b" data-testid="order-buyer">
        {buyer.nome}
        {buyer.documento ? <span className="block text-sm font-normal">{`${buyer.documento_tipo} ${buyer.documento}`}</span> : null}
      </span>,
    ],
    [
      t("cart.orders.status"),
      <span key="s" className={`rounded px-2 py-0.5 text-xs font-bold ${statusTone(order.status)}`} data-testid="order-status">
        {orderStatusLabel(t, order.status)}
      </span>,
    ],
    ...fulfilmentFacts(),
    [
      t("cart.orders.paymentStatus"),
      payment ? <span data-testid="payment-status">{shownPaymentLabel(t, order, payment.status)}</span> : t("cart.orders.noPayment"),
    ],
    [t("cart.orders.paymentValue"), money(payment?.valor_total ?? order.valor_total)],
    [t("cart.orders.shippingValue"), money(order.valor_frete)],
    [t("cart.orders.delivery"), order.entrega_descricao ?? t("cart.orders.storePickup")],
    // Where the order is collected, or where it is delivered; a pickup never shows a delivery address.
    [
      order.entrega_tipo === "endereco" ? t("cart.orders.deliveryAddress") : t("cart.orders.pickupPlace"),
      <span key="p" data-testid="order-place">
        {order.entrega_local}
      </span>,
    ],
    [
      t("cart.orders.pickupCode"),
      <span key="c" className="font-mono text-lg font-bold tracking-widest" data-testid="order-pickup-code">
        {order.codigo_retirada}
      </span>,
    ],
  ];

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl px-4 py-6 md:py-10">
      <Link to={ORDERS_HREF} className="text-sm font-semibold underline underline-offset-2">
        ← {t("cart.orders.back")}
      </Link>
      <h1 id="page-title" className="mt-3 text-2xl font-bold md:text-3xl">
        {t("cart.orders.detailTitle", { number: order.pedido })}
      </h1>
      <dl className="mt-6 grid gap-x-6 gap-y-3 rounded-lg bg-panel p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-3 sm:block">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {order.pago_apos_cancelamento ? (
        <p className="mt-4 rounded-lg bg-amber-50 p-4 font-semibold text-amber-950 ring-1 ring-amber-200" data-testid="order-refund-due">
          {t("cart.orders.paidAfterCancel")}
        </p>
      ) : null}
      {order.estornos.length > 0 ? (
        <section aria-labelledby="order-refunds" className="mt-4 rounded-lg bg-panel p-4 shadow-sm ring-1 ring-slate-200" data-testid="order-refunds">
          <h2 id="order-refunds" className="font-bold">
            {t("cart.orders.refunds")}
          </h2>
          <ul className="mt-2 space-y-1">
            {order.estornos.map((r) => (
              <li key={r.created_at} className="flex justify-between gap-3">
                <span className="text-muted">{t("cart.orders.refundedOn", { date: formatDate(r.created_at, i18n.language) })}</span>
                <span className="font-semibold">{money(r.valor)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={ticketHref(order.external_id)}
          download
          className="rounded-md bg-panel px-5 py-2.5 font-bold text-ink ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {t("cart.orders.printTicket")}
        </a>
        {order.link_pagamento ? (
          <a href={payHref(order.external_id)} className="rounded-md bg-accent px-5 py-2.5 font-bold text-ink hover:bg-accent-strong">
            {t("cart.orders.payNow")}
          </a>
        ) : null}
      </div>
      <h2 className="mt-8 text-lg font-bold">{t("cart.orders.products")}</h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-lg bg-panel px-4 shadow-sm ring-1 ring-slate-200">
        {order.itens.map((line) => {
          const image = line.produto.imagens[0]?.url;
          return (
            <li key={line.id} className="flex gap-3 py-3" data-testid="order-line">
              <div className="size-16 shrink-0 overflow-hidden rounded bg-white ring-1 ring-slate-200">
                {image ? (
                  <img src={image} alt="" width={64} height={64} className="size-full object-contain" loading="lazy" />
                ) : (
                  <WrenchIcon className="m-auto mt-4 size-8 text-slate-300" />
                )}
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{line.produto.nome}</p>
                  <p className="text-xs text-muted">{t("cart.code", { code: line.produto.codigo })}</p>
                </div>
                <dl className="grid grid-cols-3 gap-3 text-sm sm:w-96">
                  <div>
                    <dt className="text-muted">{t("cart.orders.qty")}</dt>
                    <dd className="font-semibold">{line.qtde}</dd>
                  </div>
                  <div>
                    <dt className="text-muted">{t("cart.orders.unit")}</dt>
                    <dd className="font-semibold">{money(line.valor_unitario)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted">{t("cart.orders.subtotal")}</dt>
                    <dd className="font-semibold">{money(line.valor_subtotal)}</dd>
                  </div>
                </dl>
              </div>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-right text-lg">
        {t("cart.orders.total")}: <strong>{money(order.valor_total)}</strong>
      </p>
    </section>
  );
}

/**
 * Spec §8: an order that exists nowhere for this customer is the 404 page; any other failure to read it
 * (the API unreachable, a connection cut on the way) says 'Erro ao buscar os detalhes do pedido.', with
 * a way to try again and the way back to the orders.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section aria-labelledby="order-error" className="mx-auto max-w-2xl px-4 py-16 text-center md:py-24">
      <h1 id="order-error" role="alert" className="text-2xl font-bold md:text-3xl">
        {t("cart.orders.fetchError")}
      </h1>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-accent px-5 py-2.5 font-semibold text-ink hover:bg-accent-strong"
        >
          {t("error.retry")}
        </button>
        <Link to={ORDERS_HREF} className="rounded-md px-5 py-2.5 font-semibold text-ink ring-1 ring-slate-300 hover:bg-white">
          {t("cart.orders.back")}
        </Link>
      </div>
    </section>
  );
}
