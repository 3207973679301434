import { z } from "zod";
import { RefundSchema } from "./refunds.ts";
import { ORDER_STATUSES } from "../cart-constants.ts";
import { FULFILMENT_STATUSES } from "../../fulfilment.ts";
import { idSchema, intSchema, textSchema } from "../common.ts";
import { data, file, type Operation } from "../operation-shape.ts";
import { MessageSchema } from "../accounts.ts";
import { ANY_STAFF, MANAGERS } from "./staff.ts";

/** The order list's page sizes, and how deep it pages (keyset is not needed at 100 pages of 100). */
export const ORDER_PAGE_SIZES = [20, 50, 100] as const;
export const ORDER_PAGE_MAX = 500;
/** A staff note on an order's timeline. */
export const ORDER_NOTE_MAX = 2000;

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const day = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "invalid" })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { message: "invalid" })
    .optional(),
);

/** The list's filters (the CSV takes the same ones). */
export const AdminOrderFilterSchema = z.object({
  /** An order number, a pickup code, or the customer's name, e-mail or document number. */
  q: z.preprocess(blankToUndefined, textSchema().max(100).optional()),
  /** The payment status (pedidos.status). */
  status: z.preprocess(blankToUndefined, z.enum(ORDER_STATUSES).optional()),
  status_entrega: z.preprocess(blankToUndefined, z.enum(FULFILMENT_STATUSES).optional()),
  /** Placed on or after this day, and on or before that one (the shop's days, America/Asuncion). */
  de: day,
  ate: day,
  moeda_id: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .pipe(z.union([z.literal(2), z.literal(3)]))
      .optional(),
  ),
  /** Picked up (no shipping service) or delivered. */
  tipo: z.preprocess(blankToUndefined, z.enum(["retirada", "entrega"]).optional()),
  ponto_entrega_id: z.preprocess(blankToUndefined, idSchema.optional()),
});
export type AdminOrderFilter = z.infer<typeof AdminOrderFilterSchema>;

export const AdminOrdersQuerySchema = AdminOrderFilterSchema.extend({
  page: z.preprocess(blankToUndefined, intSchema(1, ORDER_PAGE_MAX).default(1)),
  per_page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .pipe(z.union(ORDER_PAGE_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<20>, z.ZodLiteral<50>, z.ZodLiteral<100>]))
      .default(20),
  ),
});
export type AdminOrdersQuery = z.input<typeof AdminOrdersQuerySchema>;

export const AdminOrderRowSchema = z.object({
  id: z.number(),
  pedido: z.string(),
  created_at: z.string(),
  status: z.string(),
  status_entrega: z.string(),
  tipo: z.enum(["retirada", "entrega"]),
  moeda_id: z.number(),
  valor_total: z.string(),
  codigo_retirada: z.string(),
  cliente: z.string(),
  email: z.string(),
  entrega_descricao: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

export const AdminOrdersPageSchema = z.object({
  data: z.array(AdminOrderRowSchema),
  page: z.number(),
  per_page: z.number(),
  has_more: z.boolean(),
  /** The pickup points, for the list's filter. */
  pontos: z.array(z.object({ id: z.number(), nome: z.string() })),
});
export type AdminOrdersPage = z.infer<typeof AdminOrdersPageSchema>;

export const AdminOrderEventSchema = z.object({
  id: z.number(),
  tipo: z.string(),
  autor: z.string().nullable(),
  dados: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export const AdminOrderSchema = z
  .object({
    id: z.number(),
    external_id: z.string(),
    pedido: z.string(),
    created_at: z.string(),
    status: z.string(),
    status_entrega: z.enum(FULFILMENT_STATUSES),
    status_entrega_em: z.string().nullable(),
    status_entrega_por: z.string().nullable(),
    transportadora: z.string().nullable(),
    codigo_rastreio: z.string().nullable(),
    tipo: z.enum(["retirada", "entrega"]),
    codigo_retirada: z.string(),
    reserva_expira_em: z.string().nullable(),
    moeda_id: z.number(),
    valor_produtos: z.string(),
    valor_frete: z.string(),
    valor_total: z.string(),
    /** The shipping service's name as the order keeps it (null for a pickup at the shop). */
    entrega_descricao: z.string().nullable(),
    /** A delivery's address; never given for a pickup order. */
    endereco: z.string().nullable(),
    ponto_entrega: z.object({ id: z.number(), nome: z.string(), endereco: z.string() }).nullable(),
    itens: z.array(
      z.object({
        id: z.number(),
        produto_id: z.number(),
        nome: z.string(),
        codigo: z.string(),
        qtde: z.number(),
        valor_unitario: z.string(),
        valor_subtotal: z.string(),
      }),
    ),
    pagamentos: z.array(
      z.object({
        id: z.number(),
        provider: z.string(),
        provider_ref: z.string(),
        metodo: z.string().nullable(),
        status: z.string(),
        valor_total: z.string(),
        moeda_id: z.number(),
        valor_cobrado: z.string().nullable(),
        moeda_cobrada: z.number().nullable(),
        valor_estornado: z.string(),
        pago_em: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    cliente: z.object({
      id: z.number(),
      nome: z.string(),
      email: z.string(),
      telefone: z.string(),
      lang: z.string(),
      documento_tipo: z.string(),
      documento: z.string().nullable(),
      identidade: z.string().nullable(),
      /** How many identity-document images the customer sent. */
      documentos: z.number(),
      /** Their review by staff: pendente, verificado or rejeitado (decision 031). */
      documento_status: z.string(),
    }),
    /** The fulfilment moves the order may make now (contract/fulfilment.ts). */
    proximos: z.array(z.enum(FULFILMENT_STATUSES)),
    /** Whether it may be cancelled here: unpaid and open. */
    cancelavel: z.boolean(),
    /** Refunds the gateway has not settled yet (decision 037): each may be checked again, or settled by hand. */
    estornos_pendentes: z.array(RefundSchema),
    /** The gateway approved a payment after a member cancelled the order: the money is to be refunded (decision 037). */
    pago_apos_cancelamento: z.boolean(),
    timeline: z.array(AdminOrderEventSchema),
  })
  .meta({ id: "AdminOrder" });
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const OrderIdParamSchema = z.object({ id: idSchema });
export const OrderNoteBodySchema = z.object({ texto: textSchema({ multiline: true }).min(1).max(ORDER_NOTE_MAX) });
const shipmentText = (max: number) => z.preprocess(blankToUndefined, textSchema().min(1).max(max).optional());
export const FulfilmentBodySchema = z
  .object({
    status: z.enum(FULFILMENT_STATUSES),
    transportadora: shipmentText(80),
    codigo_rastreio: shipmentText(80),
  })
  .superRefine((b, ctx) => {
    if (b.status !== "enviado") return;
    if (!b.transportadora) ctx.addIssue({ code: "custom", path: ["transportadora"], message: "required" });
    if (!b.codigo_rastreio) ctx.addIssue({ code: "custom", path: ["codigo_rastreio"], message: "required" });
  });
export type FulfilmentBody = z.input<typeof FulfilmentBodySchema>;
export const OrderCancelBodySchema = z.object({ motivo: z.preprocess(blankToUndefined, textSchema().max(500).optional()) }).default({});

const withOrder = MessageSchema.extend({ data: AdminOrderSchema });

/** The order list, detail, timeline, notes, fulfilment and cancellation. */
export const ordersOperations = {
  /** Newest first; filters and search as the list's form sends them. */
  "GET /api/admin/orders": { admin: ANY_STAFF, query: AdminOrdersQuerySchema, response: AdminOrdersPageSchema },
  /** The filtered list as a CSV file, streamed. */
  "GET /api/admin/orders.csv": { admin: MANAGERS, query: AdminOrderFilterSchema, ...file("The filtered order list", ["text/csv"]) },
  "GET /api/admin/orders/{id}": { admin: ANY_STAFF, params: OrderIdParamSchema, response: data(AdminOrderSchema) },
  "POST /api/admin/orders/{id}/notes": { admin: ANY_STAFF, params: OrderIdParamSchema, body: OrderNoteBodySchema, status: 201, response: withOrder },
  /** Counter staff may only mark an order ready for pickup or handed over. */
  "POST /api/admin/orders/{id}/fulfilment": { admin: ANY_STAFF, params: OrderIdParamSchema, body: FulfilmentBodySchema, response: withOrder },
  /** An unpaid order only: a paid one is refunded instead. */
  "POST /api/admin/orders/{id}/cancel": { admin: MANAGERS, params: OrderIdParamSchema, body: OrderCancelBodySchema, response: withOrder },
} as const satisfies Record<string, Operation>;
