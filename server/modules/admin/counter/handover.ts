import type { CounterHandover } from "#contract/api/admin/counter.ts";
import type { Locale } from "#contract/locale.ts";
import { HttpError } from "../../../lib/errors.ts";
import { countPickup, moveFulfilment } from "../orders/fulfilment.ts";
import { audited, type Actor } from "../audit.ts";
import type { AdminContext } from "../context.ts";
import { counterOrder } from "./lookup.ts";
import { counterRefusal } from "./refusal.ts";

/**
 * Hands a pickup order over at the counter: on one transaction holding the order's row, the counter's own
 * refusals first (so a second press says who handed it over and when), then the fulfilment move to
 * `retirado` by this member with its timeline line, and the audit record.
 */
export async function handOver(
  { db }: Pick<AdminContext, "db">,
  actor: Actor & { name: string },
  orderId: number,
  locale: Locale,
): Promise<CounterHandover> {
  const handed = await db.transaction(async (tx) => {
    const order = await counterOrder(tx, orderId, true);
    if (!order) throw new HttpError(404, "not_found");
    const refusal = counterRefusal(order, locale);
    if (refusal) throw refusal;
    const { before, after } = await moveFulfilment(db, orderId, "retirado", { staffId: actor.staffId, name: actor.name }, { tx });
    await audited(tx, actor, {
      acao: "pedido_retirado",
      entidade: "pedido",
      entidade_id: orderId,
      antes: { pedido: before.pedido, status_entrega: before.status_entrega },
      depois: {
        pedido: after.pedido,
        status_entrega: after.status_entrega,
        status_entrega_em: after.status_entrega_em,
        status_entrega_por: actor.staffId,
      },
    });
    return after;
  });
  await countPickup(db, handed);
  return {
    id: handed.id,
    pedido: handed.pedido,
    status_entrega: "retirado",
    entregue_em: handed.status_entrega_em!.toISOString(),
    entregue_por: actor.name,
  };
}
