import { z } from "zod";
import { FULFILMENT_STATUSES } from "../../fulfilment.ts";
import { normalisePickupCode } from "../../pickup-code.ts";
import { REGISTRATION_FILE_TYPES } from "../accounts.ts";
import { idSchema, textSchema } from "../common.ts";
import { data, file, type Operation } from "../operation-shape.ts";
import { ANY_STAFF } from "./staff.ts";

/**
 * The pickup counter (/admin/balcao): a pickup code finds the paid pickup order waiting for its buyer,
 * with the buyer's name, document and document images; one call hands it over.
 */

/** The identity document's images, as the counter may see them (the customer's latest of each side). */
export const DOCUMENT_SIDES = ["frente", "verso"] as const;
/** How long a document image's link works: long enough to look at it, too short to pass it around. */
export const COUNTER_LINK_MS = 5 * 60 * 1000;
/** The most orders one code shows at once (codes may repeat across years of orders). */
export const COUNTER_MAX_CANDIDATES = 5;

/**
 * A code as staff typed or scanned it, normalised; one no stored code could be (a letter with an accent,
 * a slash) is answered as an unknown code, which is what it is to the member.
 */
export const PickupCodeParamSchema = z.object({ codigo: textSchema().min(1).max(40).transform(normalisePickupCode) });

export const CounterOrderParamSchema = z.object({ id: idSchema });
export const CounterDocumentParamSchema = z.object({ id: idSchema, lado: z.enum(DOCUMENT_SIDES) });
/** The link's signature: names the order, the side, the document and the member it was given to. */
export const CounterDocumentQuerySchema = z.object({ t: textSchema().min(1).max(1000) });

export const CounterDocumentSchema = z.object({
  lado: z.enum(DOCUMENT_SIDES),
  mime: z.string(),
  /** A same-origin path that answers the image for the next few minutes, to this member only. */
  link: z.string(),
  expira_em: z.string(),
});

export const CounterOrderSchema = z
  .object({
    id: z.number(),
    pedido: z.string(),
    codigo_retirada: z.string(),
    created_at: z.string(),
    moeda_id: z.number(),
    valor_produtos: z.string(),
    valor_frete: z.string(),
    valor_total: z.string(),
    /** The payment status (PAGO …) and the fulfilment status (em_separacao, pronto_retirada …). */
    status: z.string(),
    status_entrega: z.enum(FULFILMENT_STATUSES),
    itens: z.array(z.object({ nome: z.string(), codigo: z.string(), qtde: z.number(), valor_unitario: z.string(), valor_subtotal: z.string() })),
    cliente: z.object({
      nome: z.string(),
      documento_tipo: z.string(),
      documento: z.string().nullable(),
      /** The identity card's number where the document is a tax number (RUC, CPF). */
      identidade: z.string().nullable(),
      nacionalidade: z.string(),
    }),
    documentos: z.array(CounterDocumentSchema),
  })
  .meta({ id: "CounterOrder" });
export type CounterOrder = z.infer<typeof CounterOrderSchema>;

/** A handover done: who and when. */
export const CounterHandoverSchema = z.object({
  id: z.number(),
  pedido: z.string(),
  status_entrega: z.enum(FULFILMENT_STATUSES),
  entregue_em: z.string(),
  entregue_por: z.string(),
});
export type CounterHandover = z.infer<typeof CounterHandoverSchema>;

export const counterOperations = {
  /**
   * The open pickup orders of a code (paid, not handed over): usually one; several when an old code came
   * round again. Refused with nothing changed: unknown code 404; not paid, handed over (when, by whom),
   * refunded, cancelled or a delivery 409.
   */
  "GET /api/admin/counter/{codigo}": { admin: ANY_STAFF, params: PickupCodeParamSchema, response: data(z.array(CounterOrderSchema)) },
  /** A document image of the order at the counter, through its signed link; each view is in the audit log. */
  "GET /api/admin/counter/{id}/documento/{lado}": {
    admin: ANY_STAFF,
    params: CounterDocumentParamSchema,
    query: CounterDocumentQuerySchema,
    ...file("The side of the buyer's identity document", REGISTRATION_FILE_TYPES),
  },
  /** Hands the order over (fulfilment `retirado`, by this member, now); a second press is refused with who and when. */
  "POST /api/admin/counter/{id}/handover": {
    admin: ANY_STAFF,
    params: CounterOrderParamSchema,
    response: z.object({ message: z.string(), data: CounterHandoverSchema }),
  },
} as const satisfies Record<string, Operation>;
