import Big from "big.js";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { RefundableOrder, RefundBodySchema } from "#contract/api/admin/refunds.ts";
import { apiLang, isLocale } from "#contract/locale.ts";
import { formatPrice } from "#contract/money.ts";
import type { Db } from "#db/client.ts";
import { customers, orderItems, orders, payments, refunds } from "#db/schema/index.ts";
import { HttpError } from "../../../lib/errors.ts";
import type { Mailer } from "../../../lib/mailer.ts";
import type { SiteInfo } from "#contract/site.ts";
import type { PaymentService } from "../../../payments/service.ts";
import { PAID_AFTER_CANCEL, type RefundRow, type SettleBy } from "../../../payments/refunds.ts";
import { audited, type Actor } from "../audit.ts";
import { refundEmail } from "./emails.ts";
import { refundAnswer } from "./answer.ts";

export { refundAnswer };

/** The back office's refunds: the form's order (lines, what is left, refunds so far) and the refund itself. */
export function createAdminRefunds(deps: { db: Db; payments: PaymentService; mailer: Mailer; changed: () => Promise<void> }) {
  const { db, mailer, changed } = deps;
  const paymentService = deps.payments;

  async function refundable(orderId: number): Promise<RefundableOrder> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new HttpError(404, "not_found");
    const [lines, past, [paid]] = await Promise.all([
      db.select().from(orderItems).where(eq(orderItems.order_id, orderId)).orderBy(asc(orderItems.id)),
      db.select().from(refunds).where(eq(refunds.order_id, orderId)).orderBy(desc(refunds.id)),
      db
        .select({ provider: payments.provider, status: payments.status })
        .from(payments)
        .where(and(eq(payments.order_id, orderId), inArray(payments.status, ["PAGO", "ESTORNADO", PAID_AFTER_CANCEL]))),
    ]);
    const paidAfterCancel = order.status === "CANCELADO" && paid?.status === PAID_AFTER_CANCEL;
    const counted = past.filter((r) => r.status !== "recusado");
    const left = counted.reduce((sum, r) => sum.minus(r.valor), new Big(order.valor_total));
    return {
      id: order.id,
      pedido: order.pedido,
      external_id: order.external_id,
      status: order.status,
      status_entrega: order.status_entrega,
      moeda_id: order.moeda_id,
      valor_total: order.valor_total,
      valor_frete: order.valor_frete,
      restante: left.toFixed(2),
      frete_estornado: counted.some((r) => r.frete),
      gateway: paid?.provider ?? null,
      estornavel: (order.status === "PAGO" || paidAfterCancel) && left.gt(0),
      pago_apos_cancelamento: paidAfterCancel,
      linhas: lines.map((l) => ({
        item_id: l.id,
        nome: l.nome,
        codigo: l.codigo,
        qtde: l.qtde,
        valor_unitario: l.valor_unitario,
        qtde_estornada: l.qtde_estornada,
        qtde_devolvida: l.qtde_devolvida,
      })),
      estornos: past.map(refundAnswer),
    };
  }

  /**
   * One refund of the order, once per key: through the payments' refund (claim, gateway, settle), with its
   * audit record on the settling transaction; the customer's e-mail once it is made, and the storefront's
   * caches dropped when units went back in stock.
   */
  async function refund(
    actor: Actor,
    author: { staffId: number; name: string },
    orderId: number,
    body: z.output<typeof RefundBodySchema>,
    site: SiteInfo,
  ) {
    if (body.linhas.length === 0 && !body.frete && body.valor === undefined) throw new HttpError(422, "refund_empty");
    const answer = await paymentService.refund({
      orderId,
      key: body.chave,
      lines: body.linhas,
      shipping: body.frete,
      amount: body.valor,
      reason: body.motivo,
      note: body.nota,
      restock: body.devolver_estoque,
      author,
      onSettled: (tx, row) => audited(tx, actor, { acao: "estornar", entidade: "pedido", entidade_id: orderId, depois: refundAnswer(row) }),
    });
    const row = answer.refund;
    if (row.status === "recusado") throw new HttpError(422, "refund_refused", { vars: { motivo: row.resposta ?? "" } });
    if (!answer.replay) {
      // Waiting on the gateway: the claim and the gateway's word are written, so the request is recorded now.
      if (row.status === "pendente")
        await audited(db, actor, { acao: "estornar", entidade: "pedido", entidade_id: orderId, depois: refundAnswer(row) });
      else await afterMade(orderId, row, site);
    }
    return row;
  }

  /** A refund made: the storefront's caches when units went back in stock, and the customer's e-mail. */
  async function afterMade(orderId: number, row: RefundRow, site: SiteInfo) {
    if (row.status !== "feito" && row.status !== "fora_da_loja") return;
    if (row.estoque_devolvido.length > 0) await changed();
    await notify(orderId, row, site);
  }

  /** How a member's settlement of a pendente refund is recorded: on the settling transaction, made or refused. */
  const settledBy = (actor: Actor, author: { staffId: number; name: string }, orderId: number, acao: string, nota?: string): SettleBy => ({
    author,
    onSettled: (tx, row) =>
      audited(tx, actor, { acao, entidade: "pedido", entidade_id: orderId, depois: { ...refundAnswer(row), ...(nota ? { nota } : {}) } }),
    onRefused: (tx, row) =>
      audited(tx, actor, { acao, entidade: "pedido", entidade_id: orderId, depois: { ...refundAnswer(row), ...(nota ? { nota } : {}) } }),
  });

  /** "Check again with the gateway": settled by its answer, or still pendente (recorded all the same). */
  async function recheck(actor: Actor, author: { staffId: number; name: string }, orderId: number, refundId: number, site: SiteInfo) {
    const settled = await paymentService.recheckRefund(orderId, refundId, settledBy(actor, author, orderId, "conferir_estorno"));
    const row = settled.refund;
    if (!settled.settled && row.status === "pendente")
      await audited(db, actor, { acao: "conferir_estorno", entidade: "pedido", entidade_id: orderId, depois: refundAnswer(row) });
    if (settled.settled) await afterMade(orderId, row, site);
    return row;
  }

  /** Settled by hand, from the gateway's portal, with the member's note. */
  async function settleByHand(
    actor: Actor,
    author: { staffId: number; name: string },
    orderId: number,
    refundId: number,
    body: { resultado: "feito" | "recusado"; nota: string },
    site: SiteInfo,
  ) {
    const settled = await paymentService.settleRefundByHand(
      orderId,
      refundId,
      body.resultado === "feito",
      body.nota,
      settledBy(actor, author, orderId, "liquidar_estorno", body.nota),
    );
    await afterMade(orderId, settled.refund, site);
    return settled.refund;
  }

  async function notify(orderId: number, row: RefundRow, site: SiteInfo) {
    const [who] = await db
      .select({ email: customers.email, nome: customers.nome, lang: customers.lang, pedido: orders.pedido, external_id: orders.external_id })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customer_id))
      .where(eq(orders.id, orderId));
    if (!who) return;
    const lang = apiLang(isLocale(who.lang) ? who.lang : "pt-BR");
    const origin = lang === "es" ? site.originEs : site.originPt;
    await mailer.queue(
      refundEmail(who.email, who.nome, lang, site.brandName, {
        order: who.pedido,
        amount: formatPrice(row.valor, row.moeda_id),
        outside: row.status === "fora_da_loja",
        link: `${origin}/pedido/${who.external_id}`,
      }),
    );
  }

  return { refundable, refund, recheck, settleByHand, afterMade };
}
