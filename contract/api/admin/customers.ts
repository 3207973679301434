import { z } from "zod";
import { DOCUMENT_STATES, NATIONALITIES, REJECTION_REASONS } from "../accounts.ts";
import { idSchema, intSchema, textSchema } from "../common.ts";
import { data, file, type Operation } from "../operation-shape.ts";
import { MANAGERS } from "./staff.ts";

/**
 * The back office's customers (issue 31): the list and search, a customer's record, and the review of
 * their identity document (front and back), which owners and managers alone see. Counter staff see a
 * buyer's document only for the order in front of them (the counter's own operation).
 */

export const CUSTOMERS_PAGE_SIZE = 25;
export const REVIEW_NOTE_MAX = 500;
/** How long a link to a document's image opens it: long enough to load the page, short enough not to be passed around. */
export const DOCUMENT_LINK_MS = 5 * 60 * 1000;
/** The media types a stored document may have (registration's and the profile's). */
export const DOCUMENT_MEDIA_TYPES = ["image/png", "image/jpeg", "image/gif", "application/pdf"] as const;

/** `estrangeiro`: the Brazilian flow (sim) or the Spanish one (nao). */
export const CustomersQuerySchema = z.object({
  q: textSchema().max(200).optional(),
  nacionalidade: z.enum(NATIONALITIES).optional(),
  estrangeiro: z.enum(["sim", "nao"]).optional(),
  documento_status: z.enum(DOCUMENT_STATES).optional(),
  page: intSchema(1, 100_000).default(1),
});
export type CustomersQuery = z.input<typeof CustomersQuerySchema>;

export const CustomerRowSchema = z
  .object({
    id: z.number(),
    nome: z.string(),
    email: z.string(),
    email_confirmado: z.boolean(),
    nacionalidade: z.string(),
    estrangeiro: z.boolean(),
    documento_tipo: z.string(),
    documento: z.string().nullable(),
    documento_status: z.enum(DOCUMENT_STATES),
    created_at: z.string(),
  })
  .meta({ id: "AdminCustomerRow" });
export type CustomerRow = z.infer<typeof CustomerRowSchema>;

export const CustomersPageSchema = z.object({
  data: z.array(CustomerRowSchema),
  page: z.number(),
  per_page: z.number(),
  has_more: z.boolean(),
});

/** One side of the document, with a link (minutes long) that opens its image or PDF. */
export const CustomerDocumentSchema = z.object({
  id: z.number(),
  lado: z.enum(["frente", "verso"]),
  mime: z.string(),
  tamanho: z.number(),
  enviado_em: z.string(),
  url: z.string(),
  expira_em: z.string(),
});

export const DocumentReviewSchema = z.object({
  status: z.enum(DOCUMENT_STATES),
  motivo: z.enum(REJECTION_REASONS).nullable(),
  nota: z.string().nullable(),
  revisado_por: z.string().nullable(),
  revisado_em: z.string().nullable(),
});
export type DocumentReview = z.infer<typeof DocumentReviewSchema>;

export const CustomerOrderSchema = z.object({
  id: z.number(),
  pedido: z.string(),
  created_at: z.string(),
  moeda: z.string(),
  valor_total: z.string(),
  status: z.string(),
  status_entrega: z.string(),
});

export const CustomerDetailSchema = z
  .object({
    id: z.number(),
    uuid: z.string(),
    nome: z.string(),
    sobrenome: z.string(),
    email: z.string(),
    email_confirmado_em: z.string().nullable(),
    telefone: z.string(),
    nacionalidade: z.string(),
    estrangeiro: z.boolean(),
    documento_tipo: z.string(),
    documento: z.string().nullable(),
    identidade: z.string().nullable(),
    razao_social: z.string().nullable(),
    lang: z.string(),
    created_at: z.string(),
    ultimo_login: z.string().nullable(),
    favoritos: z.number(),
    enderecos: z.array(
      z.object({
        id: z.number(),
        nome: z.string(),
        linha: z.string(),
        cidade: z.string().nullable(),
        estado: z.string().nullable(),
        pais: z.string(),
        /** The country's two letters (BR, PY), for a screen that names it in its reader's language. */
        pais_sigla: z.string(),
        cep: z.string().nullable(),
        principal: z.boolean(),
      }),
    ),
    pedidos: z.array(CustomerOrderSchema),
    pedidos_total: z.number(),
    documentos: z.array(CustomerDocumentSchema),
    revisao: DocumentReviewSchema,
  })
  .meta({ id: "AdminCustomer" });
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

export const CustomerIdParamSchema = z.object({ id: idSchema });
export const CustomerDocumentParamSchema = z.object({ id: idSchema, documentId: idSchema });
/** The link's signature (made by the detail's answer for the member who asked). */
export const DocumentLinkQuerySchema = z.object({ t: textSchema().min(1).max(400) });

/** A review: verified, or rejected with a reason (and a note, required for "outro"). */
export const DocumentReviewBodySchema = z
  .object({
    estado: z.enum(["verificado", "rejeitado"]),
    motivo: z.preprocess((v) => (v === "" ? undefined : v), z.enum(REJECTION_REASONS).optional()),
    nota: textSchema({ multiline: true }).max(REVIEW_NOTE_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.estado === "rejeitado" && !v.motivo) ctx.addIssue({ code: "custom", path: ["motivo"], message: "required" });
    if (v.estado === "rejeitado" && v.motivo === "outro" && !v.nota) ctx.addIssue({ code: "custom", path: ["nota"], message: "required" });
  });
export type DocumentReviewBody = z.input<typeof DocumentReviewBodySchema>;

const Answer = z.object({ message: z.string() });

/** Customers and their identity documents. */
export const customerOperations = {
  "GET /api/admin/customers": { admin: MANAGERS, query: CustomersQuerySchema, response: CustomersPageSchema },
  "GET /api/admin/customers/{id}": { admin: MANAGERS, params: CustomerIdParamSchema, response: data(CustomerDetailSchema) },
  /** A side of the identity document through the signed link of the detail: every opening is in the audit log. */
  "GET /api/admin/customers/{id}/documents/{documentId}": {
    admin: MANAGERS,
    params: CustomerDocumentParamSchema,
    query: DocumentLinkQuerySchema,
    ...file("The document's image or PDF (inline, never cached)", DOCUMENT_MEDIA_TYPES),
  },
  "POST /api/admin/customers/{id}/documents/review": {
    admin: MANAGERS,
    params: CustomerIdParamSchema,
    body: DocumentReviewBodySchema,
    response: Answer.extend({ data: DocumentReviewSchema }),
  },
  /** The confirmation e-mail again, while the customer has not confirmed. */
  "POST /api/admin/customers/{id}/resend-confirmation": { admin: MANAGERS, params: CustomerIdParamSchema, response: Answer },
  /** The customer's own password-reset e-mail: the customer chooses the new password, nobody else sees it. */
  "POST /api/admin/customers/{id}/password-reset": { admin: MANAGERS, params: CustomerIdParamSchema, response: Answer },
} as const satisfies Record<string, Operation>;
