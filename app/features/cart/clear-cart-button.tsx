import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import { useCart } from "./cart-context.tsx";

export const CLEAR_CONFIRM_MS = 3000;

/** Spec §4: the first click asks for confirmation, which reverts by itself after 3 s. */
export function ClearCartButton() {
  const { t } = useTranslation();
  const { clear, lines } = useCart();
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), CLEAR_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [confirming]);

  if (lines.length === 0) return null;
  return (
    <button
      type="button"
      onClick={() => {
        if (confirming) {
          setConfirming(false);
          clear();
        } else {
          setConfirming(true);
        }
      }}
      className={`rounded-md px-3 py-2 text-sm font-semibold ring-1 ${
        confirming ? "bg-red-700 text-white ring-red-700" : "text-red-700 ring-red-300 hover:bg-red-50"
      }`}
    >
      {confirming ? t("cart.clearConfirm") : t("cart.clear")}
    </button>
  );
}
