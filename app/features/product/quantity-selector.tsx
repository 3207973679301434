import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { clampQuantity } from "./product-logic.ts";

/** Spec §9: the stock alert stays 3 s. */
export const STOCK_ALERT_MS = 3000;

/**
 * Quantity from 1 to `max` (min of 99 and the stock). Asking for more, by typing or with "+",
 * keeps the maximum and shows 'Estoque máximo: {n} unidades' under the field for 3 s (spec §8).
 */
export function QuantitySelector({ value, max, onChange }: { value: number; max: number; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [alert, setAlert] = useState(false);
  // What the visitor is typing, until it becomes a quantity; null shows the quantity itself.
  const [draft, setDraft] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function request(next: number) {
    const { quantity, capped } = clampQuantity(next, max);
    onChange(quantity);
    setDraft(null);
    if (capped) {
      setAlert(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setAlert(false), STOCK_ALERT_MS);
    }
  }

  const disabled = max <= 0;
  const stepButton =
    "flex size-11 items-center justify-center text-xl font-bold text-ink hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400";

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {t("product.quantity.label")}
      </label>
      <div className="inline-flex items-stretch overflow-hidden rounded-md bg-white ring-1 ring-slate-300">
        <button type="button" className={stepButton} onClick={() => request(value - 1)} disabled={disabled || value <= 1} aria-controls={id}>
          <span aria-hidden="true">−</span>
          <span className="sr-only">{t("product.quantity.decrease")}</span>
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={draft ?? String(value)}
          disabled={disabled}
          aria-describedby={`${id}-alert`}
          onChange={(event) => {
            setDraft(event.target.value);
            const typed = Number(event.target.value);
            if (event.target.value !== "" && Number.isFinite(typed)) request(typed);
          }}
          onBlur={() => draft !== null && request(Number(draft))}
          className="w-16 border-x border-slate-300 text-center text-lg font-semibold [appearance:textfield] focus:outline-none focus-visible:outline-[3px] focus-visible:-outline-offset-2 [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button type="button" className={stepButton} onClick={() => request(value + 1)} disabled={disabled} aria-controls={id}>
          <span aria-hidden="true">+</span>
          <span className="sr-only">{t("product.quantity.increase")}</span>
        </button>
      </div>
      <p id={`${id}-alert`} role="status" className="mt-1 min-h-5 text-sm font-semibold text-red-700">
        {alert ? t("product.quantity.maxStock", { n: max }) : disabled ? t("product.quantity.unavailable") : ""}
      </p>
    </div>
  );
}
