import { useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { TFunction } from "#app/i18n/translator.ts";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { Address } from "#contract/api/accounts.ts";
import { AddressModal } from "#app/features/account/address-modal.tsx";
import { LoginForm } from "#app/features/account/login-form.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useCart } from "#app/features/cart/cart-context.tsx";
import { CartLines } from "#app/features/cart/cart-lines.tsx";
import { OrderSummary } from "#app/features/checkout/order-summary.tsx";
import { totalWithShipping } from "#app/features/checkout/totals.ts";
import { ShippingSection, type ShippingChoice } from "#app/features/checkout/shipping-section.tsx";
import { startCheckout } from "#app/features/checkout/start-checkout.ts";
import { readSaved, writeSaved, type SavedShipping } from "#app/features/checkout/shipping-api.ts";
import { CheckoutProgress } from "#app/features/checkout/checkout-progress.tsx";
import { NO_PAYMENT, PaymentStep, type PaymentSelection } from "#app/features/checkout/payment-step.tsx";
import { isValidCpf } from "#contract/documents.ts";
import { formatPrice } from "#contract/money.ts";
import { ApiError, serverApi } from "#app/lib/api-client.ts";
import { getCustomer } from "#app/lib/session.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/checkout.ts";

export const meta = pageMeta("checkout");

export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = await getCustomer(request, context);
  if (!customer) return { customer: null, addresses: [] as Address[] };
  // The address book as it is now; the session's copy when the call fails.
  const addresses = await serverApi(context)("GET /ecom/cliente/address").then(
    (r) => r.data,
    (error: unknown) => {
      if (error instanceof ApiError) return customer.enderecos;
      throw error;
    },
  );
  return {
    customer: { nome: customer.nome, estrangeiro: customer.estrangeiro },
    addresses: addresses.filter((a) => a.ativo !== false),
  };
}

/** Spec §8: a checkout that answers no payment link says so one way on a phone (<= 768 px), another on a desktop. */
function noLinkText(t: TFunction) {
  return window.matchMedia("(max-width: 768px)").matches ? t("cart.checkout.linkError") : t("cart.checkout.linkNotFound");
}

/** The two-step checkout (spec §2, ARCHITECTURE decision 1): cart and delivery, then payment. */
export default function CheckoutRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { customer, addresses } = loaderData;
  const { lines, cart, count, moedaId, ready, loadFailed, busy, reset, showLimits } = useCart();
  const [step, setStep] = useState<0 | 1>(0);
  const [choice, setChoice] = useState<ShippingChoice | null>(null);
  const [payment, setPayment] = useState<PaymentSelection>(NO_PAYMENT);
  const [cpfError, setCpfError] = useState<string>();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [addingAddress, setAddingAddress] = useState(false);
  const revalidator = useRevalidator();
  const toast = useToast();

  const total = cart?.valor_total ?? "0";
  const needsPoint = choice !== null && choice.option.opcionais.pontos_entrega.length > 0 && !choice.point;
  const canContinue = !!customer && !!choice && !needsPoint && lines.length > 0 && !busy;

  async function pay() {
    if (!cart || !choice || !payment.optionId) return;
    if (payment.needsCpf && !isValidCpf(payment.cpf)) {
      setCpfError(payment.cpf ? t("cart.checkout.cpfInvalid") : t("validation.required"));
      return;
    }
    setCpfError(undefined);
    setStarting(true);
    setError(null);
    const result = await startCheckout(cart.external_id, choice, { meio_pagamento: payment.optionId, cpf: payment.needsCpf ? payment.cpf : null });
    if (result.ok) {
      // Spec §4: starting checkout clears the cart, then the buyer goes to the payment link.
      reset();
      window.location.assign(result.link);
      return;
    }
    setStarting(false);
    // Each line over stock (or over the units one order may hold) shows its own maximum.
    if (!result.ok && result.reason === "failed" && result.limits) {
      showLimits(result.limits);
      setStep(0);
    }
    setError(result.reason === "no_link" ? noLinkText(t) : (result.message ?? t("cart.checkout.startError")));
  }

  if (!ready) {
    return (
      <section aria-labelledby="page-title" className="mx-auto max-w-6xl px-4 py-10">
        <h1 id="page-title" className="text-2xl font-bold md:text-3xl">
          {t("cart.checkout.title")}
        </h1>
        <p className="mt-4 text-muted">{t("cart.loading")}</p>
      </section>
    );
  }

  if (lines.length === 0) {
    return (
      <section aria-labelledby="page-title" className="mx-auto max-w-3xl px-4 py-10 text-center">
        <h1 id="page-title" className="text-2xl font-bold">
          {t("cart.checkout.title")}
        </h1>
        {loadFailed ? (
          <p role="alert" className="mt-4 font-semibold text-red-700">
            {t("cart.checkout.errorRequest")}
          </p>
        ) : null}
        <p className="mt-4 text-muted">{t("cart.empty")}</p>
        <Link to="/produtos" className="mt-6 inline-block rounded-md bg-accent px-5 py-2.5 font-bold text-ink hover:bg-accent-strong">
          {t("cart.checkout.shop")}
        </Link>
      </section>
    );
  }

  const primaryLabel = step === 0 ? t("cart.checkout.continue") : t("cart.checkout.goToPayment");
  const primaryDisabled = step === 0 ? !canContinue : !payment.optionId || starting || !canContinue;
  const primary = () => (step === 0 ? setStep(1) : void pay());
  const grandTotal = formatPrice(totalWithShipping(total, choice?.option.valor), moedaId);

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl px-4 pt-4 pb-40 md:py-8">
      <div className="flex items-center gap-3 md:hidden">
        <button
          type="button"
          onClick={() => (step === 1 ? setStep(0) : void navigate(-1))}
          className="rounded-md px-3 py-2 text-sm font-semibold ring-1 ring-slate-300"
        >
          ← {t("cart.checkout.back")}
        </button>
        <span className="text-sm text-muted" data-testid="item-count">
          {t("cart.itemCount", { count })}
        </span>
      </div>
      <h1 id="page-title" className="mt-2 text-2xl font-bold md:text-3xl">
        {t("cart.checkout.title")}
      </h1>
      <CheckoutProgress step={step} />

      {error ? (
        <div role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-900 ring-1 ring-red-200" data-testid="checkout-error">
          <p className="font-bold">{t("cart.checkout.paymentErrorTitle")}</p>
          <p>{error}</p>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 md:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          {step === 0 ? (
            <>
              <div className="rounded-lg bg-panel px-4 shadow-sm ring-1 ring-slate-200">
                <h2 className="pt-4 text-lg font-bold">{t("cart.checkout.items")}</h2>
                <CartLines />
              </div>
              {customer ? (
                <div className="rounded-lg bg-panel p-4 shadow-sm ring-1 ring-slate-200">
                  <ShippingSection
                    // A new address remounts the calculator, which then starts from it.
                    key={addresses.map((a) => a.id).join(",")}
                    cart={cart}
                    moedaId={moedaId}
                    cartKey={`${total}:${count}`}
                    foreign={customer.estrangeiro}
                    addresses={addresses}
                    onChange={setChoice}
                    addAddress={
                      customer.estrangeiro ? null : (
                        <button
                          type="button"
                          onClick={() => setAddingAddress(true)}
                          aria-haspopup="dialog"
                          className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50"
                        >
                          {t("cart.shipping.newAddress")}
                        </button>
                      )
                    }
                  />
                  <AddressModal
                    open={addingAddress}
                    foreign={customer.estrangeiro}
                    onClose={() => setAddingAddress(false)}
                    onSaved={(address, message) => {
                      setAddingAddress(false);
                      if (message) toast.success(message);
                      if (address) writeSaved({ ...(readSaved() as SavedShipping), mode: "delivery", addressId: address.id });
                      void revalidator.revalidate();
                    }}
                  />
                  {needsPoint ? <p className="mt-3 text-sm font-semibold text-amber-900">{t("cart.checkout.needsPoint")}</p> : null}
                </div>
              ) : (
                <div className="rounded-lg bg-panel p-4 shadow-sm ring-1 ring-slate-200" data-testid="checkout-login">
                  <p className="mb-4 text-lg font-bold">{t("cart.checkout.loginPrompt")}</p>
                  <LoginForm redirect="/checkout" />
                </div>
              )}
            </>
          ) : (
            <PaymentStep value={payment} onChange={setPayment} cpfError={cpfError} />
          )}
        </div>

        <aside aria-label={t("cart.checkout.summary")} className="h-fit space-y-4 rounded-lg bg-panel p-4 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-bold">{t("cart.checkout.summary")}</h2>
          <OrderSummary total={total} moedaId={moedaId} choice={choice} />
          {customer ? (
            <div className="hidden gap-2 md:flex">
              {step === 1 ? (
                <button type="button" onClick={() => setStep(0)} className="min-h-11 rounded-md px-4 font-semibold ring-1 ring-slate-300">
                  {t("cart.checkout.back")}
                </button>
              ) : null}
              <button
                type="button"
                onClick={primary}
                disabled={primaryDisabled}
                className="min-h-11 flex-1 rounded-md bg-accent px-4 font-bold text-ink hover:bg-accent-strong disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-muted"
              >
                {starting ? t("cart.checkout.starting") : primaryLabel}
              </button>
            </div>
          ) : null}
        </aside>
      </div>

      {customer ? (
        <div
          className="fixed inset-x-0 bottom-16 z-20 flex items-center gap-3 border-t border-slate-200 bg-panel p-3 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] md:hidden"
          data-testid="checkout-footer"
        >
          <span className="flex-1 text-sm">
            {t("cart.checkout.total")}: <strong className="text-base">{grandTotal}</strong>
          </span>
          <button
            type="button"
            onClick={primary}
            disabled={primaryDisabled}
            className="min-h-11 rounded-md bg-accent px-4 font-bold text-ink disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-muted"
          >
            {step === 0 ? primaryLabel : starting ? t("cart.checkout.starting") : t("cart.checkout.finish")}
          </button>
        </div>
      ) : null}
    </section>
  );
}
