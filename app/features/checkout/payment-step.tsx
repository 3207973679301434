import { useEffect, useId, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { api } from "#app/features/cart/cart-api.ts";
import { isValidCpf } from "#contract/documents.ts";

/** One way to pay, as GET /ecom/pagamentos/meios lists it (`id` is `gateway:method`). */
export interface PaymentOption {
  id: string;
  gateway: "sandbox" | "bancard" | "pagopar" | "mercadopago";
  metodo: "cartao" | "pix" | "boleto" | "qr" | "carteira" | "carteira_banco" | "pontos" | "transferencia" | "sandbox";
  parcelas_max: number;
  cpf_obrigatorio: boolean;
}

export type PaymentOptions =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; options: PaymentOption[]; hasCpf: boolean };

/** The methods the signed-in customer may pay with (their audience and currency, the gateways that are on). */
export function usePaymentOptions(enabled: boolean): [PaymentOptions, () => void] {
  const [options, setOptions] = useState<PaymentOptions>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api<{ data: PaymentOption[]; tem_cpf: boolean }>("/ecom/pagamentos/meios")
      .then((res) => live && setOptions({ state: "ready", options: res.data, hasCpf: res.tem_cpf }))
      .catch(() => live && setOptions({ state: "failed" }));
    return () => {
      live = false;
    };
  }, [enabled, attempt]);
  return [
    options,
    () => {
      setOptions({ state: "loading" });
      setAttempt((n) => n + 1);
    },
  ];
}

/** What step 1 sends with iniciar-checkout: the method, and a CPF when the method needs one the account lacks. */
export interface PaymentChoice {
  method: string;
  cpf: string | null;
}

/** The choice is complete: a method, and a valid CPF where one is asked for. */
export function choiceReady(options: PaymentOptions, method: string | null, cpf: string): PaymentChoice | null {
  if (options.state !== "ready" || !method) return null;
  const option = options.options.find((o) => o.id === method);
  if (!option) return null;
  if (!needsCpf(options, option)) return { method, cpf: null };
  return isValidCpf(cpf) ? { method, cpf: cpf.replace(/\D/g, "") } : null;
}

const needsCpf = (options: PaymentOptions, option: PaymentOption) => options.state === "ready" && option.cpf_obrigatorio && !options.hasCpf;

/** Step 1 (spec §2): the buyer picks how to pay; 'go to payment' waits for a choice. */
export function PaymentStep({
  options,
  retry,
  method,
  onMethod,
  cpf,
  onCpf,
}: {
  options: PaymentOptions;
  retry: () => void;
  method: string | null;
  onMethod: (method: string) => void;
  cpf: string;
  onCpf: (cpf: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const selected = options.state === "ready" ? options.options.find((o) => o.id === method) : undefined;
  const cpfWrong = cpf.replace(/\D/g, "").length >= 11 && !isValidCpf(cpf);
  return (
    <fieldset className="rounded-lg bg-panel p-4 shadow-sm ring-1 ring-slate-200" data-testid="payment-methods">
      <legend className="sr-only">{t("cart.checkout.paymentMethod")}</legend>
      <h2 className="text-lg font-bold" aria-hidden="true">
        {t("cart.checkout.paymentMethod")}
      </h2>
      {options.state === "loading" ? <p className="mt-3 text-muted">{t("cart.checkout.methodsLoading")}</p> : null}
      {options.state === "failed" ? (
        <div role="alert" className="mt-3">
          <p className="font-semibold text-red-700">{t("cart.checkout.methodsError")}</p>
          <button type="button" onClick={retry} className="mt-2 min-h-11 rounded-md px-4 font-semibold ring-1 ring-slate-300">
            {t("cart.payment.retry")}
          </button>
        </div>
      ) : null}
      {options.state === "ready" && options.options.length === 0 ? (
        <p role="alert" className="mt-3 font-semibold text-amber-900" data-testid="no-payment-method">
          {t("cart.checkout.noPaymentMethod")}
        </p>
      ) : null}
      {options.state === "ready" && options.options.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {options.options.map((o) => (
            <li key={o.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md p-3 ring-1 ring-slate-200 has-checked:bg-amber-50 has-checked:ring-amber-500">
                <input
                  type="radio"
                  name={`${id}-method`}
                  value={o.id}
                  checked={method === o.id}
                  onChange={() => onMethod(o.id)}
                  className="size-4 accent-amber-600"
                />
                <span>
                  <span className="block font-semibold">{t(`cart.checkout.methods.${o.metodo}`)}</span>
                  <span className="block text-sm text-muted">
                    {o.gateway === "sandbox"
                      ? t("cart.checkout.sandboxHint")
                      : [t("cart.checkout.via", { gateway: t(`cart.checkout.gateways.${o.gateway}`) }), o.parcelas_max > 1 ? t("cart.checkout.installments", { n: o.parcelas_max }) : null]
                          .filter(Boolean)
                          .join(" · ")}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      {selected && needsCpf(options, selected) ? (
        <div className="mt-4">
          <label htmlFor={`${id}-cpf`} className="block font-semibold">
            {t("cart.checkout.cpf")}
          </label>
          <input
            id={`${id}-cpf`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={14}
            value={cpf}
            onChange={(e) => onCpf(e.target.value)}
            aria-describedby={`${id}-cpf-hint`}
            aria-invalid={cpfWrong || undefined}
            className="mt-1 min-h-11 w-full rounded-md px-3 ring-1 ring-slate-300"
          />
          <p id={`${id}-cpf-hint`} className={`mt-1 text-sm ${cpfWrong ? "font-semibold text-red-700" : "text-muted"}`}>
            {cpfWrong ? t("cart.checkout.cpfInvalid") : t("cart.checkout.cpfHint")}
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}
