import { pickupRefusal, type PickupRefusal } from "#contract/fulfilment.ts";
import type { Locale } from "#contract/locale.ts";
import { apiMessage } from "#contract/messages.ts";
import { HttpError } from "../../../lib/errors.ts";

/** What the counter reads of an order to decide whether its goods may leave the shop. */
export interface CounterState {
  pedido: string;
  status: string;
  status_entrega: string;
  entrega_servico_id: number | null;
  status_entrega_em: Date | null;
  /** The name of the member who made the last fulfilment change, when one did. */
  entregue_por: string | null;
}

const refusalOf = (o: CounterState): PickupRefusal | undefined =>
  pickupRefusal({ status: o.status, status_entrega: o.status_entrega, kind: o.entrega_servico_id === null ? "retirada" : "entrega" });

/** Open at the counter: a paid pickup order whose goods have not left yet. */
export const isOpenAtCounter = (o: CounterState) => refusalOf(o) === undefined;

/** A day and time as the counter reads it, in the shop's time zone. */
export const counterTime = (when: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" }).format(when);

/**
 * Why the counter must not hand this order over, as the 409 (or 404) the member reads; undefined when it
 * may. A refund or a cancellation wins over everything; a handed-over order says when and by whom.
 */
export function counterRefusal(o: CounterState, locale: Locale): HttpError | undefined {
  const pedido = o.pedido;
  switch (refusalOf(o)) {
    case undefined:
      return undefined;
    case "refunded":
      return new HttpError(409, "counter_refunded", { vars: { pedido } });
    case "cancelled":
      return new HttpError(409, "counter_cancelled", { vars: { pedido } });
    case "delivery":
      return new HttpError(409, "counter_delivery", { vars: { pedido } });
    case "handed_over": {
      const quem = o.entregue_por ?? apiMessage(locale, "counter_someone");
      const quando = o.status_entrega_em ? counterTime(o.status_entrega_em, locale) : "—";
      return new HttpError(409, "counter_handed_over", {
        vars: { pedido, quem, quando },
        data: { entregue_em: o.status_entrega_em?.toISOString() ?? null, entregue_por: o.entregue_por },
      });
    }
    case "not_paid":
      return new HttpError(409, "counter_not_paid", { vars: { pedido } });
    case "not_open":
      return new HttpError(409, "fulfilment_not_next");
  }
}
