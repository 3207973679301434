import { z } from "zod";
import { idSchema, intSchema, textSchema } from "./common.ts";

/** Cart, shipping, checkout and order shapes (spec §3 Cart, Delivery option, Pickup point, Order; §7). */

export { MAX_QTY, ORDER_STATUSES, PAYMENT_STATUSES } from "./cart-constants.ts";

// The storefront sends numbers and flags as strings (spec §3 "values sent as strings").
const idLike = idSchema;
const flagLike = z
  .union([z.boolean(), z.literal("true"), z.literal("false"), z.literal("1"), z.literal("0"), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === "true" || v === "1" || v === 1);

export const CartItemInputSchema = z.object({
  produto_id: idLike,
  qtde: intSchema(-1_000_000, 1_000_000),
  armazem_id: idLike.optional(),
  /** Ignored: the server prices every line itself. */
  valor_unitario: z.union([textSchema().max(40), z.number()]).optional(),
  ativo: flagLike.optional().default(true),
  token: textSchema().max(64).optional(),
});

export const CartBodySchema = z.object({
  id: idLike.optional(),
  external_id: z.uuid(),
  filial_id: idLike.optional(),
  moeda_id: intSchema(1, 4),
  itens: z.array(CartItemInputSchema).max(200),
});
export type CartBody = z.output<typeof CartBodySchema>;

export const CartIdParamSchema = z.object({ id: idLike });
export const ExternalIdParamSchema = z.object({ external_id: z.uuid() });
export const CartQuerySchema = z.object({ moeda_id: intSchema(1, 4).optional() });

export const ShippingBodySchema = z.object({
  cidade_id: idLike.optional().nullable(),
  id: z.union([idLike, z.literal(""), z.null()]).optional(),
  external_id: textSchema().max(64).optional(),
  filial_id: idLike.optional(),
  moeda_id: intSchema(1, 4).optional(),
  cep: textSchema().max(10).optional().nullable(),
  pais_id: intSchema(1, 3).optional(),
  itens: z.array(CartItemInputSchema.partial({ qtde: true })).max(200).optional(),
  cidade_alternativa_id: idLike.optional().nullable(),
  id_servico: idLike.optional().nullable(),
  id_ponto_entrega: idLike.optional().nullable(),
  cliente_endereco_id: idLike.optional().nullable(),
});

export const CheckoutBodySchema = z.object({
  token_entrega: textSchema().min(1).max(2000),
  valor_frete: z.union([textSchema().max(40), z.number()]).transform(String),
  cliente_endereco_id: idLike.optional().nullable(),
  entrega_servico_id: idLike.optional().nullable(),
  id_ponto_entrega: idLike.optional().nullable(),
  cidade_alternativa: idLike.optional().nullable(),
  /** The payment method chosen on step 1 (`gateway:method`, from GET /ecom/pagamentos/meios). */
  meio_pagamento: textSchema().max(60).optional().nullable(),
  /** A CPF for a card payment that needs one, when the account has none. */
  cpf: textSchema().max(20).optional().nullable(),
});

export interface CartLine {
  id: number;
  produto_id: number;
  qtde: number;
  ativo: boolean;
  armazem_id: number;
  valor_unitario: string;
  valor_subtotal: string;
  token: string;
  produto: import("./catalog.ts").ProductSummary | null;
}

export interface Cart {
  id: number;
  external_id: string;
  filial_id: number;
  moeda_id: number;
  moeda: { id: number; simbolo: string; casas_decimais: number };
  valor_total: string;
  valor_total_formatado: string;
  cliente_endereco_id: number | null;
  itens: CartLine[];
}

export interface PickupPoint {
  id: number;
  ponto_entrega: number;
  nome: string;
  endereco: string;
  estado: string;
  estado_id: number;
  cidade: string;
  cidade_id: number;
  horario_atendimento: string;
  token_servico: string;
}

export interface DeliveryOption {
  entrega_integrador_id: number | null;
  /** null: pickup in the shop. */
  entrega_servico_id: number | null;
  descricao: string;
  prazo: number;
  valor: string;
  valor_formatado: string;
  moeda: { id: number; simbolo: string };
  token: string;
  opcionais: { pontos_entrega: PickupPoint[] };
}

export interface OrderLine {
  id: number;
  produto_id: number;
  qtde: number;
  valor_unitario: string;
  valor_subtotal: string;
  produto: { id: number; nome: string; codigo: string; slug: string | null; imagens: { url: string }[] };
}

export interface Payment {
  id: number;
  status: string;
  valor_total: string;
  provider: string;
  link: string;
  created_at: string;
}

export interface Order {
  id: number;
  external_id: string;
  pedido: string;
  created_at: string;
  valor_produtos: string;
  valor_frete: string;
  valor_total: string;
  moeda_id: number;
  moeda: { id: number; simbolo: string; casas_decimais: number };
  status: string;
  codigo_retirada: string;
  entrega_descricao: string | null;
  /** Where the order goes: picked up in the shop, at a pickup point, or delivered to an address. */
  entrega_tipo: "loja" | "ponto" | "endereco";
  /** The shop's address (configuration), the pickup point's name and address, or the delivery address. */
  entrega_local: string;
  link_pagamento: string | null;
  reserva_expira_em: string | null;
  itens: OrderLine[];
  pagamentos: Payment[];
}
