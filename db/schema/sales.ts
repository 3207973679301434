import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { currencies, products } from "./catalog.ts";
import { addresses, customers } from "./customers.ts";
import { cities, states } from "./geo.ts";

export const shippingServices = pgTable("entrega_servicos", {
  id: serial("id").primaryKey(),
  entrega_integrador_id: integer("entrega_integrador_id"),
  descricao_pt: varchar("descricao_pt", { length: 120 }).notNull(),
  descricao_es: varchar("descricao_es", { length: 120 }).notNull(),
  /** A service that delivers to pickup points rather than to a door. */
  usa_pontos: boolean("usa_pontos").notNull().default(false),
  ativo: boolean("ativo").notNull().default(true),
});

/** A rate for a whole department (cidade_id null) or for one city, which wins over its department. */
export const shippingRates = pgTable(
  "entrega_tarifas",
  {
    id: serial("id").primaryKey(),
    servico_id: integer("servico_id")
      .notNull()
      .references(() => shippingServices.id, { onDelete: "cascade" }),
    estado_id: integer("estado_id")
      .notNull()
      .references(() => states.id),
    cidade_id: integer("cidade_id").references(() => cities.id),
    moeda_id: smallint("moeda_id")
      .notNull()
      .references(() => currencies.id),
    valor: numeric("valor", { precision: 18, scale: 2 }).notNull(),
    prazo: integer("prazo").notNull(),
  },
  (t) => [
    index("entrega_tarifas_lugar_idx").on(t.estado_id, t.cidade_id),
    // One rate per service and place: a department's own (no city) counts as one place.
    uniqueIndex("entrega_tarifas_unica_idx").on(t.servico_id, t.estado_id, sql`coalesce(${t.cidade_id}, 0)`),
  ],
);

export const pickupPoints = pgTable(
  "pontos_entrega",
  {
    id: serial("id").primaryKey(),
    servico_id: integer("servico_id").references(() => shippingServices.id),
    nome: varchar("nome", { length: 120 }).notNull(),
    endereco: varchar("endereco", { length: 250 }).notNull(),
    estado_id: integer("estado_id")
      .notNull()
      .references(() => states.id),
    cidade_id: integer("cidade_id")
      .notNull()
      .references(() => cities.id),
    horario_atendimento: varchar("horario_atendimento", { length: 160 }).notNull(),
    ativo: boolean("ativo").notNull().default(true),
  },
  (t) => [index("pontos_entrega_cidade_idx").on(t.cidade_id)],
);

export const carts = pgTable(
  "carrinhos",
  {
    id: serial("id").primaryKey(),
    external_id: uuid("external_id").notNull().unique(),
    customer_id: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    filial_id: smallint("filial_id").notNull().default(1),
    moeda_id: smallint("moeda_id")
      .notNull()
      .references(() => currencies.id),
    cliente_endereco_id: integer("cliente_endereco_id").references(() => addresses.id),
    valor_total: numeric("valor_total", { precision: 18, scale: 2 }).notNull().default("0"),
    /** 'aberto' while shopping, 'fechado' once its order exists. */
    status: varchar("status", { length: 12 }).notNull().default("aberto"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("carrinhos_customer_idx").on(t.customer_id)],
);

export const cartItems = pgTable(
  "carrinho_itens",
  {
    id: serial("id").primaryKey(),
    cart_id: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    produto_id: integer("produto_id")
      .notNull()
      .references(() => products.id),
    armazem_id: smallint("armazem_id").notNull().default(1),
    qtde: integer("qtde").notNull(),
    valor_unitario: numeric("valor_unitario", { precision: 18, scale: 2 }).notNull(),
    ativo: boolean("ativo").notNull().default(true),
    token: varchar("token", { length: 64 }).notNull().default(""),
  },
  (t) => [uniqueIndex("carrinho_itens_produto_idx").on(t.cart_id, t.produto_id)],
);

export const orders = pgTable(
  "pedidos",
  {
    id: serial("id").primaryKey(),
    external_id: uuid("external_id").notNull().defaultRandom().unique(),
    pedido: varchar("pedido", { length: 20 }).notNull().unique(),
    customer_id: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    /** One order per cart: a second checkout of the same cart finds this row. */
    cart_id: integer("cart_id")
      .notNull()
      .unique()
      .references(() => carts.id),
    moeda_id: smallint("moeda_id")
      .notNull()
      .references(() => currencies.id),
    valor_produtos: numeric("valor_produtos", { precision: 18, scale: 2 }).notNull(),
    valor_frete: numeric("valor_frete", { precision: 18, scale: 2 }).notNull().default("0"),
    valor_total: numeric("valor_total", { precision: 18, scale: 2 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("PAGAMENTO"),
    codigo_retirada: varchar("codigo_retirada", { length: 12 }).notNull(),
    entrega_servico_id: integer("entrega_servico_id").references(() => shippingServices.id),
    ponto_entrega_id: integer("ponto_entrega_id").references(() => pickupPoints.id),
    cliente_endereco_id: integer("cliente_endereco_id").references(() => addresses.id),
    entrega_descricao: varchar("entrega_descricao", { length: 200 }),
    /** Until then the stock stays reserved for an unpaid order. */
    reserva_expira_em: timestamp("reserva_expira_em", { withTimezone: true }),
    estoque_liberado_em: timestamp("estoque_liberado_em", { withTimezone: true }),
    /** The client address the order was placed from: open unpaid orders per address are capped. */
    cliente_ip: varchar("cliente_ip", { length: 45 }),
    /**
     * The fulfilment status, apart from the payment's `status` (contract/orders/fulfilment.ts): em_separacao,
     * then pronto_retirada and retirado (pickup) or enviado and entregue (delivery); cancelado.
     */
    status_entrega: varchar("status_entrega", { length: 20 }).notNull().default("em_separacao"),
    /** The last fulfilment change: when and by which member (a handed-over order says who handed it over). */
    status_entrega_em: timestamp("status_entrega_em", { withTimezone: true }),
    status_entrega_por: integer("status_entrega_por"),
    /** A shipped delivery's carrier and tracking code. */
    transportadora: varchar("transportadora", { length: 80 }),
    codigo_rastreio: varchar("codigo_rastreio", { length: 80 }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The order list's four filters of few values in one (payment status, fulfilment status, currency,
     * pickup `r` or delivery `e`), as `PAGO:retirado:2:r`: any combination of them is a handful of these,
     * found in date order through one index (docs/decisions/036, server/modules/admin/orders/list.ts).
     */
    filtro: text("filtro")
      .notNull()
      .generatedAlwaysAs(
        sql`status || ':' || status_entrega || ':' || moeda_id || ':' || CASE WHEN entrega_servico_id IS NULL THEN 'r' ELSE 'e' END`,
      ),
  },
  (t) => [
    index("pedidos_customer_idx").on(t.customer_id, t.id),
    index("pedidos_status_idx").on(t.status, t.reserva_expira_em),
    index("pedidos_cliente_ip_idx").on(t.cliente_ip, t.status),
    index("pedidos_codigo_retirada_idx").on(t.codigo_retirada),
    // The back office's order list, newest first (docs/decisions/028, 036): the whole list, a date range
    // and the filters that match most orders walk the first; a combination that matches few reads its
    // orders off the second (the migration keeps full statistics of `filtro`, so the planner knows how
    // many each combination has); a pickup point (few orders each) the third. The dashboard's spans and
    // daily sales read orders by when they were placed through the first (034).
    index("pedidos_criado_idx").on(t.created_at.desc(), t.id.desc()),
    index("pedidos_filtro_criado_idx").on(t.filtro, t.created_at.desc(), t.id.desc()),
    index("pedidos_ponto_criado_idx").on(t.ponto_entrega_id, t.created_at.desc(), t.id.desc()),
    // Paid orders still to prepare, hand over or deliver: a few among many handed-over ones.
    index("pedidos_a_entregar_idx")
      .on(t.status_entrega)
      .where(sql`${t.status} = 'PAGO' AND ${t.status_entrega} IN ('em_separacao', 'pronto_retirada', 'enviado')`),
  ],
);

/**
 * An order's timeline (the back office's order detail): every status change, payment, refund, e-mail and
 * staff note, with who (a member, or null for the store itself, a gateway or the customer) and when.
 * `tipo`: status_pagamento, status_entrega, pagamento, estorno, email, nota, cancelamento;
 * `dados` holds what the line shows (old and new status, amounts, the carrier, the note's text …).
 */
export const orderEvents = pgTable(
  "pedido_eventos",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    tipo: varchar("tipo", { length: 30 }).notNull(),
    funcionario_id: integer("funcionario_id"),
    /** The member's name when it happened (the line stays readable if the member is removed); null for the store. */
    autor: varchar("autor", { length: 200 }),
    dados: jsonb("dados").notNull().default({}),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pedido_eventos_order_idx").on(t.order_id, t.id)],
);

export const orderItems = pgTable(
  "pedido_itens",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    produto_id: integer("produto_id")
      .notNull()
      .references(() => products.id),
    nome: varchar("nome", { length: 200 }).notNull(),
    codigo: varchar("codigo", { length: 40 }).notNull(),
    qtde: integer("qtde").notNull(),
    valor_unitario: numeric("valor_unitario", { precision: 18, scale: 2 }).notNull(),
    valor_subtotal: numeric("valor_subtotal", { precision: 18, scale: 2 }).notNull(),
    /** Units of this line refunded so far (claimed by a refund in progress or done; never more than qtde). */
    qtde_estornada: integer("qtde_estornada").notNull().default(0),
    /** Units of this line a refund put back in stock: each unit returns once (server/payments/refunds.ts). */
    qtde_devolvida: integer("qtde_devolvida").notNull().default(0),
  },
  (t) => [index("pedido_itens_order_idx").on(t.order_id)],
);

/** Status: AGUARDANDO, PAGO, FINALIZADO, RECUSADO, EXPIRADO. */
export const payments = pgTable(
  "pagamentos",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: varchar("provider", { length: 30 }).notNull(),
    provider_ref: varchar("provider_ref", { length: 120 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("AGUARDANDO"),
    valor_total: numeric("valor_total", { precision: 18, scale: 2 }).notNull(),
    moeda_id: smallint("moeda_id")
      .notNull()
      .references(() => currencies.id),
    link: text("link").notNull(),
    /** The method the buyer chose (cartao, pix, boleto, qr …); null for orders placed before the choice existed. */
    metodo: varchar("metodo", { length: 30 }),
    /** What the gateway charges when it charges in another currency than the order's (Mercado Pago: reais). */
    valor_cobrado: numeric("valor_cobrado", { precision: 18, scale: 2 }),
    moeda_cobrada: smallint("moeda_cobrada"),
    /** Refunded so far through the gateway (a partial refund leaves the payment PAGO). */
    valor_estornado: numeric("valor_estornado", { precision: 18, scale: 2 }).notNull().default("0"),
    /** Why a gateway's approval was not trusted (amount or currency not the order's): flagged, never paid. */
    divergencia: varchar("divergencia", { length: 200 }),
    /** Last time the reconciliation job read this payment from its gateway (claims it across processes). */
    conferido_em: timestamp("conferido_em", { withTimezone: true }),
    pago_em: timestamp("pago_em", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pagamentos_provider_order_idx").on(t.provider, t.order_id),
    uniqueIndex("pagamentos_provider_ref_idx").on(t.provider, t.provider_ref),
    index("pagamentos_pendentes_idx").on(t.status, t.created_at),
    // The dashboard's partial refunds of the paid orders it reads (docs/decisions/044).
    index("pagamentos_estornos_pedido_idx")
      .on(t.order_id)
      .where(sql`${t.valor_estornado} > 0`),
  ],
);

/**
 * Refunds of an order (docs/decisions/030): claimed here (status pendente, under the order's lock and a
 * unique idempotency key) before the gateway is asked, then settled: feito (the gateway gave the money
 * back), fora_da_loja (recorded as given back outside the store: the gateway cannot, or the order was not
 * paid through one), recusado (the gateway refused: nothing else changed). `valor` is in the order's
 * currency; `valor_gateway` in the currency the gateway charged (Mercado Pago: reais).
 */
export const refunds = pgTable(
  "estornos",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    pagamento_id: integer("pagamento_id").references(() => payments.id),
    valor: numeric("valor", { precision: 18, scale: 2 }).notNull(),
    moeda_id: smallint("moeda_id").notNull(),
    valor_gateway: numeric("valor_gateway", { precision: 18, scale: 2 }),
    moeda_gateway: smallint("moeda_gateway"),
    /** The order's lines refunded: [{ item_id, qtde }]. */
    linhas: jsonb("linhas").$type<{ item_id: number; qtde: number }[]>().notNull().default([]),
    /** The shipping charge refunded with it. */
    frete: boolean("frete").notNull().default(false),
    /** desistencia, defeito, produto_errado, nao_retirado, outro (contract/api/admin/refunds.ts). */
    motivo: varchar("motivo", { length: 20 }).notNull(),
    nota: varchar("nota", { length: 500 }),
    devolver_estoque: boolean("devolver_estoque").notNull().default(false),
    /** Units put back in stock when it was settled: [{ item_id, qtde }] (fewer than asked if some had returned already). */
    estoque_devolvido: jsonb("estoque_devolvido").$type<{ item_id: number; qtde: number }[]>().notNull().default([]),
    status: varchar("status", { length: 20 }).notNull().default("pendente"),
    /** The gateway's answer, or why it was recorded outside the store. */
    resposta: varchar("resposta", { length: 300 }),
    funcionario_id: integer("funcionario_id"),
    autor: varchar("autor", { length: 200 }),
    /** The form's idempotency key: the same key again is the same refund. */
    chave: varchar("chave", { length: 64 }).notNull().unique(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("estornos_order_idx").on(t.order_id, t.id),
    // The few refunds still waiting on their gateway, by when they were last asked (the reconciliation's).
    index("estornos_pendentes_idx")
      .on(t.updated_at)
      .where(sql`${t.status} = 'pendente'`),
  ],
);

/** Every gateway notification once: a replay finds its row and changes nothing. */
export const paymentEvents = pgTable(
  "pagamento_eventos",
  {
    id: serial("id").primaryKey(),
    provider: varchar("provider", { length: 30 }).notNull(),
    event_id: varchar("event_id", { length: 120 }).notNull(),
    payload: jsonb("payload").notNull(),
    received_at: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("pagamento_eventos_idx").on(t.provider, t.event_id)],
);

export const outboxEmails = pgTable("emails_saida", {
  id: serial("id").primaryKey(),
  para: varchar("para", { length: 200 }).notNull(),
  assunto: varchar("assunto", { length: 250 }).notNull(),
  html: text("html").notNull(),
  texto: text("texto").notNull(),
  enviado_em: timestamp("enviado_em", { withTimezone: true }),
  erro: text("erro"),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in sandbox gateway's own book of payments: it stands where an external gateway's
 * records would, so the store learns a result only through the signed notification.
 */
export const sandboxGatewayPayments = pgTable("gateway_sandbox", {
  ref: varchar("ref", { length: 64 }).primaryKey(),
  valor: numeric("valor", { precision: 18, scale: 2 }).notNull(),
  moeda_id: smallint("moeda_id").notNull(),
  descricao: varchar("descricao", { length: 200 }).notNull(),
  status: varchar("status", { length: 20 }).notNull().default("pending"),
  /** Given back so far (the sandbox refunds up to what it charged, as a real gateway does). */
  valor_estornado: numeric("valor_estornado", { precision: 18, scale: 2 }).notNull().default("0"),
  /** Each refund it made, by the store's refund key: the same key again is the same refund (as Mercado Pago's idempotency key). */
  estornos: jsonb("estornos").$type<Record<string, string>>().notNull().default({}),
  notify_url: text("notify_url").notNull(),
  return_url: text("return_url").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/**
 * Which closed hours' sales changed (docs/decisions/044): a row per hour (hours since 1970) an order, its
 * lines or a refund of it changed in a later hour than the order's own, written by triggers in the
 * writing transaction with that transaction's id, or a row without an hour when a statement changed more
 * than 200 hours (the orders seed, a cleared table). A dashboard that keeps a closed hour's figures,
 * worked out under a snapshot, works the hour out again when a row of it was written by a transaction its
 * snapshot did not see. Insert only: nothing here is ever locked by a checkout or a payment. Rows older
 * than a day are pruned.
 */
export const dashboardChanges = pgTable(
  "painel_alteracoes",
  {
    hora: bigint("hora", { mode: "number" }),
    xid: xid8("xid")
      .notNull()
      .default(sql`pg_current_xact_id()`),
    criado_em: timestamp("criado_em", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index("painel_alteracoes_xid_idx").on(t.xid), index("painel_alteracoes_criado_idx").on(t.criado_em)],
);
