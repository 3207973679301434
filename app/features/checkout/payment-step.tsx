import { useEffect, useId, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { PaymentOption } from "#contract/api/cart.ts";
import { maskCpf } from "#contract/masks.ts";
import { TextField } from "#app/components/form/fields.tsx";
import { api } from "#app/lib/api-client.ts";

/** What step 1 has chosen: the way to pay (`gateway:method`), and a CPF when that way needs one the account lacks. */
export interface PaymentSelection {
  optionId: string | null;
  cpf: string;
  /** The chosen way needs a CPF and the account has none: `cpf` is sent with the order. */
  needsCpf: boolean;
}

export const NO_PAYMENT: PaymentSelection = { optionId: null, cpf: "", needsCpf: false };

type Options = { kind: "loading" } | { kind: "error" } | { kind: "done"; options: PaymentOption[]; hasCpf: boolean };

/** The ways this customer may pay (GET /ecom/pagamentos/meios): their audience's currency, the gateways that are on. */
function usePaymentOptions(): [Options, () => void] {
  const [state, setState] = useState<Options>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    api("GET /ecom/pagamentos/meios").then(
      (answer) => live && setState({ kind: "done", options: answer.data, hasCpf: answer.tem_cpf }),
      (error: unknown) => {
        console.error("payment methods", error);
        if (live) setState({ kind: "error" });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return [
    state,
    () => {
      setState({ kind: "loading" });
      setAttempt((n) => n + 1);
    },
  ];
}

/**
 * Step 1 (spec §1, §2): the buyer picks how to pay among the ways the gateways that are on offer their
 * audience (cards in up to 10 installments, PIX and boleto for Brazilians; cards, QR, wallets, payment
 * points and transfers for Paraguayans), or reads that there is none for their region. A card that needs
 * a CPF asks for one when the account has none. 'Go to payment' waits for a choice.
 */
export function PaymentStep({
  value,
  onChange,
  cpfError,
}: {
  value: PaymentSelection;
  onChange: (next: PaymentSelection) => void;
  cpfError?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [state, retry] = usePaymentOptions();

  const options = state.kind === "done" ? state.options : [];
  // Two gateways offering the same way (cards through Bancard and through Pagopar) are told apart by name.
  const shared = new Set(options.filter((o, i) => options.findIndex((other) => other.metodo === o.metodo) !== i).map((o) => o.metodo));
  const chosen = options.find((o) => o.id === value.optionId) ?? null;
  const needsCpf = (option: PaymentOption) => state.kind === "done" && option.cpf_obrigatorio && !state.hasCpf;

  function hint(option: PaymentOption): string | null {
    const parts: string[] = [];
    if (option.metodo === "sandbox") parts.push(t("cart.checkout.sandboxHint"));
    if (option.metodo === "cartao" && option.parcelas_max > 1) parts.push(t("cart.checkout.installments", { n: option.parcelas_max }));
    if (shared.has(option.metodo)) {
      parts.push(t("cart.checkout.via", { gateway: t(`cart.checkout.gateways.${option.gateway}`, { defaultValue: option.gateway }) }));
    }
    return parts.length > 0 ? parts.join(" · ") : null;
  }

  return (
    <fieldset className="rounded-lg bg-panel p-4 shadow-sm ring-1 ring-slate-200" aria-busy={state.kind === "loading" || undefined}>
      <legend className="sr-only">{t("cart.checkout.paymentMethod")}</legend>
      <h2 className="text-lg font-bold" aria-hidden="true">
        {t("cart.checkout.paymentMethod")}
      </h2>
      {state.kind === "loading" ? (
        <p role="status" className="mt-3 text-muted">
          {t("cart.checkout.methodsLoading")}
        </p>
      ) : state.kind === "error" ? (
        <div role="alert" className="mt-3 space-y-3">
          <p className="font-semibold text-red-700">{t("cart.checkout.methodsError")}</p>
          <button type="button" onClick={retry} className="min-h-11 rounded-md px-4 font-semibold ring-1 ring-slate-300 hover:bg-slate-50">
            {t("error.retry")}
          </button>
        </div>
      ) : options.length === 0 ? (
        <p
          role="alert"
          className="mt-3 rounded-md bg-amber-50 p-3 font-semibold text-amber-900 ring-1 ring-amber-200"
          data-testid="no-payment-method"
        >
          {t("cart.checkout.noPaymentMethod")}
        </p>
      ) : (
        <ul className="mt-3 space-y-2">
          {options.map((option) => {
            const text = hint(option);
            return (
              <li key={option.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md p-3 ring-1 ring-slate-200 has-checked:bg-amber-50 has-checked:ring-amber-500">
                  <input
                    type="radio"
                    name={`${id}-method`}
                    value={option.id}
                    checked={value.optionId === option.id}
                    onChange={() => onChange({ optionId: option.id, cpf: value.cpf, needsCpf: needsCpf(option) })}
                    className="size-4 accent-amber-600"
                  />
                  <span>
                    <span className="block font-semibold">{t(`cart.checkout.methods.${option.metodo}`)}</span>
                    {text ? <span className="block text-sm text-muted">{text}</span> : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {chosen && needsCpf(chosen) ? (
        <TextField
          className="mt-4"
          id={`${id}-cpf`}
          name="cpf"
          label={t("cart.checkout.cpf")}
          hint={t("cart.checkout.cpfHint")}
          required
          inputMode="numeric"
          autoComplete="off"
          placeholder="000.000.000-00"
          maxLength={14}
          value={value.cpf}
          onChange={(e) => onChange({ ...value, cpf: maskCpf(e.currentTarget.value) })}
          error={cpfError}
        />
      ) : null}
    </fieldset>
  );
}
