import { useId } from "react";
import { useTranslation } from "#app/i18n/react.tsx";

/** The payment gateways on offer; the built-in sandbox is the one behind ARCHITECTURE decision 8. */
export const PAYMENT_METHODS = ["sandbox"] as const;

/** Step 1 (spec §2): the buyer picks how to pay; 'go to payment' waits for a choice. */
export function PaymentStep({ method, onMethod }: { method: string | null; onMethod: (method: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="rounded-lg bg-panel p-4 shadow-sm ring-1 ring-slate-200">
      <legend className="sr-only">{t("cart.checkout.paymentMethod")}</legend>
      <h2 className="text-lg font-bold" aria-hidden="true">
        {t("cart.checkout.paymentMethod")}
      </h2>
      <ul className="mt-3 space-y-2">
        {PAYMENT_METHODS.map((m) => (
          <li key={m}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md p-3 ring-1 ring-slate-200 has-checked:bg-amber-50 has-checked:ring-amber-500">
              <input type="radio" name={`${id}-method`} checked={method === m} onChange={() => onMethod(m)} className="size-4 accent-amber-600" />
              <span>
                <span className="block font-semibold">{t("cart.checkout.sandbox")}</span>
                <span className="block text-sm text-muted">{t("cart.checkout.sandboxHint")}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
