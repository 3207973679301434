import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { Link, useRouteLoaderData } from "react-router";
import { CheckCircleIcon, ErrorIcon } from "#app/components/ui/icons.tsx";
import { MAX_ATTEMPTS, usePaymentPolling } from "#app/features/checkout/use-payment-polling.ts";
import type { ShellData } from "#app/lib/shell-data.ts";
import { ORDERS_HREF, ticketHref } from "#app/features/orders/order-links.ts";
import { requireCustomer } from "#app/lib/session.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/checkout-payment.ts";

export const meta = pageMeta("checkoutPayment");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCustomer(request, context);
  const pedido = new URL(request.url).searchParams.get("pedido");
  return { pedido: pedido && UUID.test(pedido) ? pedido : null };
}

/** Payment status (spec §2): waits and polls, then congratulations with the pickup code, or an error. */
export default function CheckoutPaymentRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useRouteLoaderData<ShellData>("root")?.site;
  const { pedido } = loaderData;
  const [round, setRound] = useState(0);
  const state = usePaymentPolling(pedido, round);

  const failure = !pedido
    ? t("cart.payment.missingPaymentId")
    : state.kind === "timeout"
      ? t("cart.payment.timeout")
      : state.kind === "declined" || state.kind === "error"
        ? t("cart.payment.error")
        : null;

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-2xl px-4 py-10">
      <h1 id="page-title" className="text-2xl font-bold md:text-3xl">
        {t("cart.payment.title")}
      </h1>
      <div aria-live="polite" className="mt-6">
        {failure ? (
          <div role="alert" className="rounded-lg bg-red-50 p-6 text-red-900 ring-1 ring-red-200" data-testid="payment-error">
            <p className="flex items-center gap-2 text-lg font-bold">
              <ErrorIcon className="size-6" />
              {failure}
            </p>
            {state.kind === "timeout" ? <p className="mt-2">{t("cart.payment.notIdentified")}</p> : null}
            {site ? <p className="mt-3 text-sm">{t("cart.payment.contact", { phone: site.phone, email: site.email })}</p> : null}
            {pedido ? (
              <button
                type="button"
                onClick={() => setRound((n) => n + 1)}
                className="mt-4 rounded-md bg-panel px-4 py-2 font-semibold text-ink ring-1 ring-slate-300"
              >
                {t("cart.payment.retry")}
              </button>
            ) : null}
          </div>
        ) : state.kind === "cancelled" ? (
          <div role="alert" className="rounded-lg bg-amber-50 p-6 text-amber-950 ring-1 ring-amber-200" data-testid="payment-cancelled">
            <p className="text-lg font-bold">{t("cart.orders.paidAfterCancel")}</p>
            {site ? <p className="mt-3 text-sm">{t("cart.payment.contact", { phone: site.phone, email: site.email })}</p> : null}
            <Link to={ORDERS_HREF} className="mt-4 inline-block rounded-md bg-panel px-4 py-2 font-semibold text-ink ring-1 ring-slate-300">
              {t("cart.payment.viewOrders")}
            </Link>
          </div>
        ) : state.kind === "paid" ? (
          <div className="rounded-lg bg-emerald-50 p-6 text-emerald-950 ring-1 ring-emerald-200" data-testid="payment-success">
            <p className="flex items-center gap-2 text-xl font-bold">
              <CheckCircleIcon className="size-7" />
              {t("cart.payment.successTitle")}
            </p>
            <p className="mt-2">{t("cart.payment.order", { number: state.answer.pedido })}</p>
            <p className="mt-4 text-sm font-semibold uppercase tracking-wide">{t("cart.payment.pickupCode")}</p>
            <p className="font-mono text-3xl font-bold tracking-widest" data-testid="pickup-code">
              {state.answer.codigo_retirada}
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to={ORDERS_HREF} className="rounded-md bg-accent px-5 py-2.5 font-bold text-ink hover:bg-accent-strong">
                {t("cart.payment.viewOrders")}
              </Link>
              <a href={ticketHref(pedido!)} className="rounded-md bg-panel px-5 py-2.5 font-bold text-ink ring-1 ring-slate-300" download>
                {t("cart.payment.print")}
              </a>
            </div>
          </div>
        ) : (
          <div className="flex items-center gap-3 rounded-lg bg-panel p-6 ring-1 ring-slate-200" data-testid="payment-waiting">
            <span
              className="size-6 animate-spin rounded-full border-4 border-slate-200 border-t-accent motion-reduce:animate-none"
              aria-hidden="true"
            />
            <span>
              {t("cart.payment.waiting")}
              {state.kind === "waiting" && state.attempt > 0 ? (
                <span className="block text-sm text-muted">{t("cart.payment.attempt", { n: state.attempt, max: MAX_ATTEMPTS })}</span>
              ) : null}
            </span>
          </div>
        )}
      </div>
    </section>
  );
}
