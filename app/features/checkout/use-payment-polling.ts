import { useEffect, useState } from "react";
import type { OrderPayments } from "#contract/api/cart.ts";
import { api } from "#app/lib/api-client.ts";

/** Spec §9: every 5 s, at most 30 attempts. */
export const POLL_MS = 5000;
export const MAX_ATTEMPTS = 30;
const PAID = new Set(["FINALIZADO", "PAGO"]);
const FAILED = new Set(["RECUSADO", "EXPIRADO", "ESTORNADO"]);

export type PaymentsAnswer = OrderPayments;

export type PollState =
  | { kind: "waiting"; attempt: number }
  | { kind: "paid"; answer: PaymentsAnswer }
  | { kind: "cancelled" }
  | { kind: "timeout" }
  | { kind: "declined" }
  | { kind: "error" };

/** Polls `buscar-pagamentos` until the first payment is FINALIZADO or PAGO (spec §4 Checkout). */
export function usePaymentPolling(externalId: string | null, round: number): PollState {
  const [result, setResult] = useState<{ round: number; state: PollState }>({ round, state: { kind: "waiting", attempt: 0 } });
  useEffect(() => {
    if (!externalId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const setState = (state: PollState) => setResult({ round, state });
    const poll = async (attempt: number) => {
      try {
        const answer = await api("GET /ecom/venda/pedidos/{external_id}/buscar-pagamentos", { params: { external_id: externalId } });
        if (!live) return;
        const status = answer.pagamentos[0]?.status ?? "";
        // Paid after the shop cancelled the order (decision 037): no purchase to congratulate on, money to give back.
        if (answer.pago_apos_cancelamento) return setState({ kind: "cancelled" });
        if (PAID.has(status)) return setState({ kind: "paid", answer });
        if (FAILED.has(status)) return setState({ kind: "declined" });
        if (attempt >= MAX_ATTEMPTS) return setState({ kind: "timeout" });
        setState({ kind: "waiting", attempt });
        timer = setTimeout(() => void poll(attempt + 1), POLL_MS);
      } catch {
        if (live) setState({ kind: "error" });
      }
    };
    void poll(1);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [externalId, round]);
  // A new round (a manual retry) starts waiting again until its first answer.
  return result.round === round ? result.state : { kind: "waiting", attempt: 0 };
}
