import { z } from "zod";
import { MessageSchema } from "../accounts.ts";
import { idSchema, intSchema, textSchema } from "../common.ts";
import type { Operation } from "../operation-shape.ts";
import { MANAGERS } from "./staff.ts";

/** Why money goes back: the short list the form offers (estornos.motivo). */
export const REFUND_REASONS = ["desistencia", "defeito", "produto_errado", "nao_retirado", "outro"] as const;

/**
 * Where a refund stands: pendente while the gateway is asked, feito (given back by the gateway),
 * fora_da_loja (recorded as given back outside the store), recusado (the gateway refused; nothing changed).
 */
export const REFUND_STATUSES = ["pendente", "feito", "fora_da_loja", "recusado"] as const;

/** A checkbox as a form sends it ("on"), or a JSON boolean. */
const flag = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/** An amount in the order's currency: digits with at most two decimals (point or comma), no thousands separators. */
const amountSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim().replace(",", "."))
  .pipe(z.string().regex(/^\d{1,15}(?:\.\d{1,2})?$/, { message: "invalid" }))
  .refine((v) => Number(v) > 0, { message: "invalid" });

export const RefundOrderParamSchema = z.object({ id: idSchema });
export const PendingRefundParamSchema = z.object({ id: idSchema, refundId: idSchema });

/** A member settles a pendente refund by hand, from the gateway's portal: made or not, with a note (decision 037). */
export const RefundSettleBodySchema = z.object({
  resultado: z.enum(["feito", "recusado"], { message: "invalid" }),
  nota: textSchema({ multiline: true }).min(1).max(280),
});

export const RefundBodySchema = z.object({
  /** Lines (or some of their units) given back: each line once. */
  linhas: z
    .array(z.object({ item_id: idSchema, qtde: intSchema(1, 100_000) }))
    .max(500)
    .refine((lines) => new Set(lines.map((l) => l.item_id)).size === lines.length, { message: "invalid" })
    .default([]),
  /** The shipping charge given back too. */
  frete: flag.default(false),
  /** The amount given back, when it is not the lines' and the shipping's sum (a discount for a flaw, a goodwill amount). */
  valor: z.preprocess((v) => (v === "" || v === null ? undefined : v), amountSchema.optional()),
  motivo: z.enum(REFUND_REASONS, { message: "invalid" }),
  nota: textSchema({ multiline: true }).max(500).optional(),
  /** Put the refunded lines' units back in stock. */
  devolver_estoque: flag.default(false),
  /** One key per form: the same key again (a second press) is the same refund, applied once. */
  chave: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: "invalid" }),
});

const LineSchema = z.object({ item_id: z.number(), qtde: z.number() });

export const RefundSchema = z.object({
  id: z.number(),
  valor: z.string(),
  moeda_id: z.number(),
  linhas: z.array(LineSchema),
  frete: z.boolean(),
  motivo: z.string(),
  nota: z.string().nullable(),
  devolver_estoque: z.boolean(),
  estoque_devolvido: z.array(LineSchema),
  status: z.enum(REFUND_STATUSES),
  resposta: z.string().nullable(),
  autor: z.string().nullable(),
  created_at: z.string(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** What the refund form of one order needs: its lines with what is left to refund, the cap, the refunds so far. */
export const RefundableOrderSchema = z.object({
  id: z.number(),
  pedido: z.string(),
  external_id: z.string(),
  status: z.string(),
  status_entrega: z.string(),
  moeda_id: z.number(),
  valor_total: z.string(),
  valor_frete: z.string(),
  /** What can still be given back (the order's total less every refund not refused). */
  restante: z.string(),
  /** The shipping charge was given back already. */
  frete_estornado: z.boolean(),
  /** The gateway that took the payment, or null when the order was not paid through one. */
  gateway: z.string().nullable(),
  /** Whether the order can be refunded now (paid, something left). */
  estornavel: z.boolean(),
  linhas: z.array(
    z.object({
      item_id: z.number(),
      nome: z.string(),
      codigo: z.string(),
      qtde: z.number(),
      valor_unitario: z.string(),
      qtde_estornada: z.number(),
      qtde_devolvida: z.number(),
    }),
  ),
  estornos: z.array(RefundSchema),
  /** The gateway approved a payment after a member had cancelled the order: it is to be refunded (decision 037). */
  pago_apos_cancelamento: z.boolean(),
});
export type RefundableOrder = z.infer<typeof RefundableOrderSchema>;

/** Refunds and the stock they give back. */
export const refundOperations = {
  "GET /api/admin/orders/{id}/refunds": { admin: MANAGERS, params: RefundOrderParamSchema, response: z.object({ data: RefundableOrderSchema }) },
  /** Gives money back through the order's gateway (or records it as given back outside the store), once per key. */
  "POST /api/admin/orders/{id}/refunds": {
    admin: MANAGERS,
    params: RefundOrderParamSchema,
    body: RefundBodySchema,
    response: MessageSchema.extend({ data: RefundSchema }),
  },
  /** Asks the gateway again about a pendente refund and settles it by its answer (409 where the gateway cannot be asked). */
  "POST /api/admin/orders/{id}/refunds/{refundId}/check": {
    admin: MANAGERS,
    params: PendingRefundParamSchema,
    response: MessageSchema.extend({ data: RefundSchema }),
  },
  /** Settles a pendente refund by hand (made or failed), with a note: for a gateway that cannot be asked. */
  "POST /api/admin/orders/{id}/refunds/{refundId}/settle": {
    admin: MANAGERS,
    params: PendingRefundParamSchema,
    body: RefundSettleBodySchema,
    response: MessageSchema.extend({ data: RefundSchema }),
  },
} as const satisfies Record<string, Operation>;
