import type { FastifyReply, FastifyRequest } from "fastify";
import { COUNTER_LINK_MS } from "#contract/api/admin/counter.ts";
import { HttpError } from "../../../lib/errors.ts";
import { derivedKey } from "../../../lib/sealed.ts";
import { readSigned, signValue } from "../../../lib/signed.ts";
import { audited } from "../audit.ts";
import { actorOf, memberOf, type AdminContext } from "../context.ts";
import { counterOrder, documentOf, type DocumentLink } from "./lookup.ts";
import { isOpenAtCounter } from "./refusal.ts";

/** What a document image's link names: order, customer, document, side and the member it was given to. */
interface LinkClaims {
  o: number;
  c: number;
  d: number;
  l: "frente" | "verso";
  m: number;
}

/**
 * The counter's links to a buyer's document images (docs/decisions/029): signed under a key of their own,
 * valid a few minutes, for the member who looked the order up, and only while the order is at the counter.
 */
export function createCounterDocuments({ db, config, storage }: Pick<AdminContext, "db" | "config" | "storage">) {
  const key = derivedKey(config.appSecret, "counter-document-link").toString("base64url");

  function link(
    memberId: number,
    order: { id: number; customer_id: number },
    doc: { id: number; lado: "frente" | "verso"; mime: string },
  ): DocumentLink {
    const claims: LinkClaims = { o: order.id, c: order.customer_id, d: doc.id, l: doc.lado, m: memberId };
    const token = signValue(claims, key, COUNTER_LINK_MS);
    return {
      lado: doc.lado,
      mime: doc.mime,
      link: `/api/admin/counter/${order.id}/documento/${doc.lado}?t=${encodeURIComponent(token)}`,
      expira_em: new Date(Date.now() + COUNTER_LINK_MS).toISOString(),
    };
  }

  /**
   * Answers the image a link names, after checking it: signed here, not expired, for this order, side and
   * member; the order still open at the counter and still the document's customer's. The view is written
   * to the audit log before the bytes leave; the answer is never stored by a browser or a proxy.
   */
  async function serve(request: FastifyRequest, reply: FastifyReply, params: { id: number; lado: "frente" | "verso" }, token: string) {
    const claims = readSigned<LinkClaims>(token, key);
    const member = memberOf(request);
    if (!claims || claims.o !== params.id || claims.l !== params.lado || claims.m !== member.id) throw new HttpError(403, "counter_link_expired");
    const order = await counterOrder(db, params.id);
    if (!order || order.customer_id !== claims.c || !isOpenAtCounter(order)) throw new HttpError(404, "not_found");
    const doc = await documentOf(db, claims.d, claims.c);
    if (!doc || doc.lado !== params.lado) throw new HttpError(404, "not_found");
    await audited(db, actorOf(request), {
      acao: "documento_visto",
      entidade: "cliente",
      entidade_id: claims.c,
      depois: { pedido: order.pedido, pedido_id: order.id, lado: doc.lado, documento_id: doc.id, onde: "balcao" },
    });
    const bytes = await storage.read(doc.storage_key);
    return reply
      .header("content-type", doc.mime)
      .header("cache-control", "private, no-store")
      .header("content-disposition", "inline")
      .header("x-content-type-options", "nosniff")
      .send(bytes);
  }

  return { link, serve };
}
