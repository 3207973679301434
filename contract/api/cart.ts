import { z } from "zod";
import { ProductSummarySchema } from "./catalog.ts";
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

/** A guest's cart handed to the other brand's host on a language switch (docs/decisions/040): sealed, short-lived. */
export const CartHandoverSchema = z.object({ token: z.string() });
export const CartHandoverBodySchema = z.object({ token: textSchema().min(1).max(400) });
export const CartHandedOverSchema = z.object({ external_id: z.string() });

export const ShippingBodySchema = z.object({
  cidade_id: idLike.optional().nullable(),
  id: z.union([idLike, z.literal(""), z.null()]).optional(),
  external_id: textSchema().max(64).optional(),
  filial_id: idLike.optional(),
  moeda_id: intSchema(1, 4).optional(),
  cep: textSchema().max(10).optional().nullable(),
  pais_id: intSchema(1, 3).optional(),
  itens: z
    .array(CartItemInputSchema.partial({ qtde: true }))
    .max(200)
    .optional(),
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

/** Ways to pay (spec §1), as step 1 lists them; "sandbox" is the test gateway's own page. */
export const PAYMENT_METHODS = ["cartao", "pix", "boleto", "qr", "carteira", "carteira_banco", "pontos", "transferencia", "sandbox"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/* Response shapes: declared on the routes (the answer is checked and documented) and inferred by the client. */

const moedaRef = z.object({ id: z.number(), simbolo: z.string(), casas_decimais: z.number() });

export const CartLineSchema = z.object({
  id: z.number(),
  produto_id: z.number(),
  qtde: z.number(),
  ativo: z.boolean(),
  armazem_id: z.number(),
  valor_unitario: z.string(),
  valor_subtotal: z.string(),
  token: z.string(),
  produto: ProductSummarySchema.nullable(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const CartSchema = z.object({
  id: z.number(),
  external_id: z.string(),
  filial_id: z.number(),
  moeda_id: z.number(),
  moeda: moedaRef,
  valor_total: z.string(),
  valor_total_formatado: z.string(),
  cliente_endereco_id: z.number().nullable(),
  itens: z.array(CartLineSchema),
});
export type Cart = z.infer<typeof CartSchema>;

export const PickupPointSchema = z.object({
  id: z.number(),
  ponto_entrega: z.number(),
  nome: z.string(),
  endereco: z.string(),
  estado: z.string(),
  estado_id: z.number(),
  cidade: z.string(),
  cidade_id: z.number(),
  horario_atendimento: z.string(),
  token_servico: z.string(),
});
export type PickupPoint = z.infer<typeof PickupPointSchema>;

export const DeliveryOptionSchema = z.object({
  entrega_integrador_id: z.number().nullable(),
  /** null: pickup in the shop. */
  entrega_servico_id: z.number().nullable(),
  descricao: z.string(),
  prazo: z.number(),
  valor: z.string(),
  valor_formatado: z.string(),
  moeda: z.object({ id: z.number(), simbolo: z.string() }),
  token: z.string(),
  opcionais: z.object({ pontos_entrega: z.array(PickupPointSchema) }),
});
export type DeliveryOption = z.infer<typeof DeliveryOptionSchema>;

/**
 * The delivery options of calcular-frete; `message` is the notice of a place without delivery (spec §8).
 * The spec's other reading of the call answers `shippingCost` and `deliveryOptions`: both are given too,
 * the cost of the service asked for (`id_servico`), else of the first option, "0" when there is none.
 */
export const ShippingQuoteSchema = z.object({
  data: z.array(DeliveryOptionSchema),
  message: z.string().optional(),
  shippingCost: z.string(),
  deliveryOptions: z.array(DeliveryOptionSchema),
});

export const OrderLineSchema = z.object({
  id: z.number(),
  produto_id: z.number(),
  qtde: z.number(),
  valor_unitario: z.string(),
  valor_subtotal: z.string(),
  produto: z.object({
    id: z.number(),
    nome: z.string(),
    codigo: z.string(),
    slug: z.string().nullable(),
    imagens: z.array(z.object({ url: z.string() })),
  }),
});

export const PaymentSchema = z.object({
  id: z.number(),
  status: z.string(),
  valor_total: z.string(),
  provider: z.string(),
  link: z.string(),
  created_at: z.string(),
});

export const OrderSchema = z.object({
  id: z.number(),
  external_id: z.string(),
  pedido: z.string(),
  created_at: z.string(),
  valor_produtos: z.string(),
  valor_frete: z.string(),
  valor_total: z.string(),
  moeda_id: z.number(),
  moeda: moedaRef,
  status: z.string(),
  codigo_retirada: z.string(),
  entrega_descricao: z.string().nullable(),
  /** Where the order goes: picked up in the shop, at a pickup point, or delivered to an address. */
  entrega_tipo: z.enum(["loja", "ponto", "endereco"]),
  /** The shop's address (configuration), the pickup point's name and address, or the delivery address. */
  entrega_local: z.string(),
  link_pagamento: z.string().nullable(),
  reserva_expira_em: z.string().nullable(),
  itens: z.array(OrderLineSchema),
  pagamentos: z.array(PaymentSchema),
  /**
   * Beside the spec's fields: the fulfilment status (contract/fulfilment.ts: em_separacao, pronto_retirada,
   * retirado, enviado, entregue, cancelado), when it last changed, and a shipped order's carrier and tracking code.
   */
  status_entrega: z.string(),
  status_entrega_em: z.string().nullable(),
  transportadora: z.string().nullable(),
  codigo_rastreio: z.string().nullable(),
  /** Money given back (refunds made, through the gateway or outside the store), oldest first. */
  estornos: z.array(z.object({ valor: z.string(), created_at: z.string() })),
  /** Who buys: the customer's name and document (a CPF or a company's CNPJ, a RUC …) as the account holds them. */
  comprador: z.object({ nome: z.string(), documento_tipo: z.string(), documento: z.string().nullable() }),
  /**
   * The shop cancelled the order and the gateway approved its payment afterwards (decision 037): the order
   * stays CANCELADO and the payment PAGO (the spec's codes), and the money is to be given back.
   */
  pago_apos_cancelamento: z.boolean(),
});
export type Order = z.infer<typeof OrderSchema>;

/** One page of a customer's orders (GET /ecom/venda/pedidos answers it in `data`). */
export const OrdersPageSchema = z.object({
  data: z.array(OrderSchema),
  total: z.number(),
  current_page: z.number(),
  per_page: z.number(),
  last_page: z.number(),
});
export type OrdersPage = z.infer<typeof OrdersPageSchema>;

/** GET /ecom/venda/pedidos/{external_id}/buscar-pagamentos. */
export const OrderPaymentsSchema = z.object({
  pedido: z.string(),
  status: z.string(),
  codigo_retirada: z.string(),
  pagamentos: z.array(PaymentSchema),
  /** As the order's own field: paid after the shop cancelled it, so not a purchase made but money to give back. */
  pago_apos_cancelamento: z.boolean(),
});
export type OrderPayments = z.infer<typeof OrderPaymentsSchema>;

/** POST /ecom/venda/carrinho/{external_id}/iniciar-checkout. */
export const CheckoutStartedSchema = z.object({ link_pagamento: z.array(z.string()), pedido: OrderSchema });

/** GET /ecom/pagamentos/meios: the ways this customer may pay, and whether their account has a CPF. */
export const PaymentOptionSchema = z.object({
  /** `gateway:method`, sent back as iniciar-checkout's `meio_pagamento`. */
  id: z.string(),
  gateway: z.string(),
  metodo: z.enum(PAYMENT_METHODS),
  /** Most installments a card takes here (spec §1: 10 for Brazilian buyers). */
  parcelas_max: z.number(),
  /** This method needs the buyer's CPF (Brazil). */
  cpf_obrigatorio: z.boolean(),
});
export type PaymentOption = z.infer<typeof PaymentOptionSchema>;
export const PaymentOptionsSchema = z.object({ data: z.array(PaymentOptionSchema), tem_cpf: z.boolean() });
