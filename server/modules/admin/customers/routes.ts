import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../../../lib/errors.ts";
import { operationSchema as op } from "../../../lib/operation.ts";
import { sendPrivateFile } from "../../../lib/private-file.ts";
import { requestSite } from "../../../lib/site.ts";
import { audited } from "../audit.ts";
import { actorOf, memberOf, message, security, tags, type AdminContext } from "../context.ts";
import { createCustomerDocuments } from "./documents.ts";
import { customerDetail, customerRecord, listCustomers } from "./queries.ts";

/**
 * The e-mails staff send a customer: per address here, and per customer in the accounts service (3 in
 * 15 minutes, shared with the customer's own requests), so pressing again cannot flood an inbox.
 */
const mailLimit = { rateLimit: { max: 30, timeWindow: "15 minutes" } };

/** The customers and the review of their identity documents (owners and managers; docs/decisions/031). */
export const customerRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db, config, storage, mailer, accounts }) => {
  const documents = createCustomerDocuments({ db, storage, mailer, secret: config.appSecret });
  /** Links in e-mails lead to the store host the member is using. */
  const site = (request: FastifyRequest) => {
    const { origin, brandName } = requestSite(config, request);
    return { origin, brandName };
  };
  const found = async (id: number) => {
    const row = await customerRecord(db, id);
    if (!row) throw new HttpError(404, "customer_not_found");
    return row;
  };

  app.get("/api/admin/customers", { schema: op("GET /api/admin/customers", { tags, security }) }, (request) => listCustomers(db, request.query));

  app.get("/api/admin/customers/:id", { schema: op("GET /api/admin/customers/{id}", { tags, security }) }, async (request) => {
    const row = await found(request.params.id);
    const [detail, docs] = await Promise.all([customerDetail(db, row), documents.storedDocuments(row.id)]);
    return { data: { ...detail, documentos: documents.links(row.id, memberOf(request).id, docs) } };
  });

  app.get(
    "/api/admin/customers/:id/documents/:documentId",
    { schema: op("GET /api/admin/customers/{id}/documents/{documentId}", { tags, security }) },
    async (request, reply) => {
      const file = await documents.open(actorOf(request), request.params.id, request.params.documentId, request.query.t);
      return sendPrivateFile(reply, file);
    },
  );

  app.post(
    "/api/admin/customers/:id/documents/review",
    { schema: op("POST /api/admin/customers/{id}/documents/review", { tags, security }) },
    async (request) => {
      const data = await documents.review(actorOf(request), request.params.id, request.body, site(request));
      return { message: message(request, data.status === "verificado" ? "document_verified" : "document_rejected"), data };
    },
  );

  app.post(
    "/api/admin/customers/:id/resend-confirmation",
    { schema: op("POST /api/admin/customers/{id}/resend-confirmation", { tags, security }), config: mailLimit },
    async (request) => {
      const row = await found(request.params.id);
      if (row.email_verified_at) throw new HttpError(409, "customer_already_confirmed");
      try {
        await accounts.resendConfirmation(row.id, site(request));
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 429) throw new HttpError(429, "customer_mail_limit");
        throw err;
      }
      await audited(db, actorOf(request), { acao: "confirmacao_reenviada", entidade: "cliente", entidade_id: row.id, depois: { email: row.email } });
      return { message: message(request, "confirmation_resent", { email: row.email }) };
    },
  );

  app.post(
    "/api/admin/customers/:id/password-reset",
    { schema: op("POST /api/admin/customers/{id}/password-reset", { tags, security }), config: mailLimit },
    async (request) => {
      const row = await found(request.params.id);
      if (!(await accounts.startResetFor(row.id, site(request)))) throw new HttpError(429, "customer_mail_limit");
      await audited(db, actorOf(request), {
        acao: "senha_redefinicao_enviada",
        entidade: "cliente",
        entidade_id: row.id,
        depois: { email: row.email },
      });
      return { message: message(request, "password_reset_sent", { email: row.email }) };
    },
  );
};
