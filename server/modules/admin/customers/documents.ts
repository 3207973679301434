import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { DOCUMENT_LINK_MS, type DocumentReviewBodySchema } from "#contract/api/admin/customers.ts";
import type { Db } from "#db/client.ts";
import { customerDocuments, customers } from "#db/schema/customers.ts";
import { HttpError } from "../../../lib/errors.ts";
import type { Mailer } from "../../../lib/mailer.ts";
import { derivedKey } from "../../../lib/sealed.ts";
import { readSigned, signValue } from "../../../lib/signed.ts";
import type { Storage } from "../../../lib/storage.ts";
import { audited, type Actor } from "../audit.ts";
import { documentReviewEmail } from "./emails.ts";
import { customerRecord, reviewOf, storedDocuments, type StoredDocument } from "./queries.ts";

type ReviewBody = z.output<typeof DocumentReviewBodySchema>;

/** What a document link names: the customer, the document row, and the member it was made for. */
interface LinkClaims {
  c: number;
  d: number;
  s: number;
}

/** Where the e-mail's button leads (the customer's personal data, where the review's state shows). */
interface MailSite {
  origin: string;
  brandName: string;
}

/**
 * The identity documents in the back office: links that open a side for a few minutes (for the member
 * they were made for), each opening written to the audit log, and the review with its e-mail.
 */
export function createCustomerDocuments({ db, storage, mailer, secret }: { db: Db; storage: Storage; mailer: Mailer; secret: string }) {
  // A key of its own: a link signed for documents is no other signed value of the store, and the reverse.
  const key = derivedKey(secret, "admin-documento-link").toString("base64url");

  /** The current sides with their links, made for `staffId` and valid DOCUMENT_LINK_MS. */
  function links(customerId: number, staffId: number, docs: StoredDocument[]) {
    const expires = new Date(Date.now() + DOCUMENT_LINK_MS).toISOString();
    return docs.map((d) => ({
      id: d.id,
      lado: d.lado,
      mime: d.mime,
      tamanho: d.tamanho,
      enviado_em: new Date(d.created_at).toISOString(),
      url: `/api/admin/customers/${customerId}/documents/${d.id}?${new URLSearchParams({
        t: signValue({ c: customerId, d: d.id, s: staffId } satisfies LinkClaims, key, DOCUMENT_LINK_MS),
      })}`,
      expira_em: expires,
    }));
  }

  /**
   * A side through its link: refused (403) when the link is altered, expired, another member's or of
   * another document, 404 when the customer has replaced that side since. The view is in the audit log
   * before a byte is sent.
   */
  async function open(actor: Actor, customerId: number, documentId: number, token: string) {
    const claims = readSigned<LinkClaims>(token, key);
    if (!claims || claims.c !== customerId || claims.d !== documentId || claims.s !== actor.staffId) {
      throw new HttpError(403, "document_link_invalid");
    }
    const [doc] = await db
      .select()
      .from(customerDocuments)
      .where(and(eq(customerDocuments.id, documentId), eq(customerDocuments.customer_id, customerId)))
      .limit(1);
    if (!doc) throw new HttpError(404, "document_not_found");
    const data = await storage.read(doc.storage_key);
    await audited(db, actor, {
      acao: "documento_visto",
      entidade: "cliente",
      entidade_id: customerId,
      depois: { documento_id: doc.id, lado: doc.lado, mime: doc.mime },
    });
    return { mime: doc.mime, data };
  }

  /** Marks the document verified or rejected; audited in the same transaction; the customer's e-mail follows. */
  async function review(actor: Actor, customerId: number, body: ReviewBody, site: MailSite) {
    const motivo = body.estado === "rejeitado" ? (body.motivo ?? null) : null;
    const nota = body.nota ? body.nota : null;
    const customer = await db.transaction(async (tx) => {
      // Locked: two reviews at once are recorded one after the other, each with the state it replaced.
      const [before] = await tx
        .select({
          id: customers.id,
          email: customers.email,
          nome: customers.nome,
          lang: customers.lang,
          status: customers.documento_status,
          motivo: customers.documento_motivo,
          nota: customers.documento_nota,
        })
        .from(customers)
        .where(eq(customers.id, customerId))
        .for("update");
      if (!before) throw new HttpError(404, "customer_not_found");
      const [{ sides } = { sides: 0 }] = await tx
        .select({ sides: sql<number>`count(*)::int` })
        .from(customerDocuments)
        .where(eq(customerDocuments.customer_id, customerId));
      if (sides === 0) throw new HttpError(409, "customer_no_documents");
      await tx
        .update(customers)
        .set({
          documento_status: body.estado,
          documento_motivo: motivo,
          documento_nota: nota,
          documento_revisado_por: actor.staffId,
          documento_revisado_em: new Date(),
        })
        .where(eq(customers.id, customerId));
      await audited(tx, actor, {
        acao: "documento_revisado",
        entidade: "cliente",
        entidade_id: customerId,
        antes: { documento_status: before.status, motivo: before.motivo, nota: before.nota },
        depois: { documento_status: body.estado, motivo, nota },
      });
      return before;
    });
    // After the commit: the e-mail never tells of a review that rolled back.
    await mailer.queue(
      documentReviewEmail(
        customer,
        { estado: body.estado, motivo: motivo ?? undefined, nota: nota ?? undefined },
        site.brandName,
        `${site.origin}/perfil/dados-pessoais`,
      ),
    );
    const row = await customerRecord(db, customerId);
    return reviewOf(row!);
  }

  return { links, open, review, storedDocuments: (customerId: number) => storedDocuments(db, customerId) };
}
