import { useTranslation } from "#app/i18n/react.tsx";

/** The checkout's progress bar (spec §2): step 0 cart and delivery, step 1 payment. */
export function CheckoutProgress({ step }: { step: 0 | 1 }) {
  const { t } = useTranslation();
  const steps = [t("cart.checkout.stepCart"), t("cart.checkout.stepPayment")];
  return (
    <div className="mt-4">
      <p className="sr-only">{t("cart.checkout.progress", { step: step + 1, total: steps.length })}</p>
      <div className="h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className={`h-full rounded-full bg-accent transition-all ${step === 0 ? "w-1/2" : "w-full"}`} />
      </div>
      <ol className="mt-2 flex justify-between text-sm">
        {steps.map((label, i) => (
          <li key={label} aria-current={i === step ? "step" : undefined} className={i <= step ? "font-bold text-ink" : "text-muted"}>
            {i + 1}. {label}
          </li>
        ))}
      </ol>
    </div>
  );
}
