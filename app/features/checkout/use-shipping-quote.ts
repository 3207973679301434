import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react.tsx";
import type { DeliveryOption } from "#contract/api/cart.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { quote, SHIPPING_RETRY_MS, type QuoteCart, type QuoteExtras } from "./shipping-api.ts";

/** Where shipping is asked for: a saved address, a city, or a pickup point (with its city). */
export type QuoteTarget = { clienteEnderecoId: number } | { cidadeId: number; pontoId?: number };

export type QuoteStatus =
  { kind: "idle" } | { kind: "loading" } | { kind: "done"; options: DeliveryOption[]; message?: string } | { kind: "error"; message: string };

/**
 * The shipping options for `target` (spec §7 calcular-frete), asked again whenever the target, the
 * cart's lines (`cartKey`) or the currency change. An answer to an older question is never shown:
 * until the current one answers, the status is loading. Without the cart's external id yet, it
 * says so (spec §8) and tries again every SHIPPING_RETRY_MS. The service last chosen goes with each
 * question (`id_servico`) but does not ask again by itself.
 */
export function useShippingQuote(
  cart: QuoteCart | null,
  moedaId: number,
  cartKey: string,
  target: QuoteTarget | null,
  extras: QuoteExtras,
): QuoteStatus {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ key: string; status: QuoteStatus } | null>(null);
  const [retry, setRetry] = useState(0);
  const externalId = cart?.external_id ?? null;
  const requestKey = target ? JSON.stringify([target, externalId, moedaId, cartKey, extras.cep, extras.paisId, retry]) : "";
  const latest = useRef({ cart, extras });
  useEffect(() => {
    latest.current = { cart, extras };
  });

  useEffect(() => {
    if (!target) return;
    if (!externalId) {
      const timer = setTimeout(() => setRetry((n) => n + 1), SHIPPING_RETRY_MS);
      return () => clearTimeout(timer);
    }
    let live = true;
    quote(latest.current.cart!, moedaId, target, latest.current.extras)
      .then((answer) => live && setResult({ key: requestKey, status: { kind: "done", options: answer.options, message: answer.message } }))
      .catch((error: unknown) => {
        if (!live) return;
        const details = error instanceof ApiError && !error.network ? error.message : "";
        setResult({ key: requestKey, status: { kind: "error", message: t("cart.shipping.error", { details }) } });
      });
    return () => {
      live = false;
    };
    // `requestKey` stands for the target, the cart and the retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey, t]);

  if (!target) return { kind: "idle" };
  if (!externalId) return { kind: "error", message: t("cart.shipping.noExternalId") };
  return result?.key === requestKey ? result.status : { kind: "loading" };
}
