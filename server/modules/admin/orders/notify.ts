import type { FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { apiLang, isLocale } from "#contract/locale.ts";
import type { FulfilmentStatus } from "#contract/fulfilment.ts";
import { customers, orders, pickupPoints } from "#db/schema/index.ts";
import { requestSite } from "../../../lib/site.ts";
import { recordOrderEvent, type EventAuthor } from "../../orders/timeline.ts";
import { audited } from "../audit.ts";
import { actorOf, memberOf, type AdminContext } from "../context.ts";
import { fulfilmentEmail, NOTIFIED, type NotifiedStatus } from "./emails.ts";
import { countPickup, moveFulfilment, type Shipment } from "./fulfilment.ts";

type MailDeps = Pick<AdminContext, "db" | "mailer" | "config">;
/** The store's origins for each language (a Spanish-speaking customer's link goes to the Spanish host). */
export interface MailSite {
  originPt: string;
  originEs: string;
}

/** The member behind a request, as an order's timeline names them. */
export function authorOf(request: FastifyRequest): EventAuthor {
  const member = memberOf(request);
  return { staffId: member.id, name: member.nome };
}

/** The audit log's view of an order's fulfilment (never the customer's data). */
export const fulfilmentFields = (o: typeof orders.$inferSelect) => ({
  status: o.status,
  status_entrega: o.status_entrega,
  transportadora: o.transportadora,
  codigo_rastreio: o.codigo_rastreio,
});

/**
 * Tells the customer of a fulfilment change that matters to them (ready for pickup, handed over, shipped
 * with its tracking code, cancelled), in their own language, and adds the `email` line to the order's
 * timeline. Called after the change's commit: the outbox row is written then, and SMTP gets it after the
 * answer. A failure here is logged and never undoes the change.
 */
export async function notifyFulfilment(
  deps: MailDeps,
  site: MailSite,
  orderId: number,
  status: FulfilmentStatus,
  log: { error(obj: unknown, msg?: string): void },
): Promise<void> {
  if (!NOTIFIED.includes(status)) return;
  try {
    const [row] = await deps.db
      .select({
        order: orders,
        nome: customers.nome,
        email: customers.email,
        lang: customers.lang,
        ponto: pickupPoints.nome,
        ponto_endereco: pickupPoints.endereco,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customer_id))
      .leftJoin(pickupPoints, eq(pickupPoints.id, orders.ponto_entrega_id))
      .where(eq(orders.id, orderId));
    if (!row) return;
    const locale = isLocale(row.lang) ? row.lang : "pt-BR";
    const lang = apiLang(locale);
    const o = row.order;
    const quando = o.status_entrega_em?.toLocaleString(locale, { dateStyle: "short", timeStyle: "short", timeZone: "America/Asuncion" });
    const link = `${lang === "es" ? site.originEs : site.originPt}/pedido/${o.external_id}`;
    const mail = fulfilmentEmail(
      status as NotifiedStatus,
      {
        to: row.email,
        name: row.nome,
        pedido: o.pedido,
        codigo_retirada: o.codigo_retirada,
        lugar: row.ponto ? `${row.ponto} - ${row.ponto_endereco}` : deps.config.storeAddress,
        transportadora: o.transportadora,
        codigo_rastreio: o.codigo_rastreio,
        quando,
      },
      lang,
      lang === "es" ? deps.config.brandEs : deps.config.brandPt,
      link,
    );
    await deps.mailer.queue(mail);
    await recordOrderEvent(deps.db, orderId, "email", null, { assunto: mail.subject, para: mail.to, status_entrega: status });
  } catch (err) {
    log.error({ err, orderId, status }, "order e-mail failed");
  }
}

/**
 * The one way a member moves an order's fulfilment (the order screens and the pickup counter alike): the
 * locked move with its rules (fulfilment.ts), the audit record on the same transaction, then, after the
 * commit, the customer's e-mail with its timeline line. A refusal is the move's 409 and changes nothing.
 */
export async function moveAndNotify(
  ctx: AdminContext,
  request: FastifyRequest,
  orderId: number,
  to: FulfilmentStatus,
  options: { shipment?: Shipment } = {},
) {
  const actor = actorOf(request);
  const result = await ctx.db.transaction(async (tx) => {
    const moved = await moveFulfilment(ctx.db, orderId, to, authorOf(request), { shipment: options.shipment, tx });
    await audited(tx, actor, {
      acao: "status_entrega",
      entidade: "pedido",
      entidade_id: orderId,
      antes: fulfilmentFields(moved.before),
      depois: fulfilmentFields(moved.after),
    });
    return moved;
  });
  await countPickup(ctx.db, result.after);
  await notifyFulfilment(ctx, requestSite(ctx.config, request), orderId, to, request.log);
  return result;
}
