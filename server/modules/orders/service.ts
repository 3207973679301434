import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Order } from "#contract/api/cart.ts";
import { CURRENCIES, isMoedaId } from "#contract/currencies.ts";
import type { Db } from "#db/client.ts";
import { addresses, customers, orderItems, orders, payments, pickupPoints, productImages, products, refunds } from "#db/schema/index.ts";
import { PAID_AFTER_CANCEL } from "../../payments/refunds.ts";
import { HttpError } from "../../lib/errors.ts";

type OrderRow = typeof orders.$inferSelect;

/** The place an order goes to, as its detail page and ticket show it. */
async function places(db: Db, rows: OrderRow[], storeAddress: string) {
  const pointIds = rows.flatMap((o) => (o.ponto_entrega_id ? [o.ponto_entrega_id] : []));
  const addressIds = rows.flatMap((o) => (o.ponto_entrega_id === null && o.cliente_endereco_id ? [o.cliente_endereco_id] : []));
  const [points, homes] = await Promise.all([
    pointIds.length
      ? db
          .select({ id: pickupPoints.id, nome: pickupPoints.nome, endereco: pickupPoints.endereco })
          .from(pickupPoints)
          .where(inArray(pickupPoints.id, pointIds))
      : [],
    addressIds.length ? db.select().from(addresses).where(inArray(addresses.id, addressIds)) : [],
  ]);
  return (o: OrderRow): Pick<Order, "entrega_tipo" | "entrega_local"> => {
    const point = points.find((p) => p.id === o.ponto_entrega_id);
    if (point) return { entrega_tipo: "ponto", entrega_local: `${point.nome} - ${point.endereco}` };
    const home = o.entrega_servico_id !== null ? homes.find((a) => a.id === o.cliente_endereco_id) : undefined;
    if (home) {
      const line = [`${home.logradouro}, ${home.numero}`, home.bairro, home.cidade].filter(Boolean).join(" - ");
      return { entrega_tipo: "endereco", entrega_local: line };
    }
    // Nothing is delivered: the order waits in the shop.
    return { entrega_tipo: "loja", entrega_local: storeAddress };
  };
}

/** The buyer as an order shows them; an order whose account was erased keeps no name. */
function buyerOf(row: { nome: string; sobrenome: string; documento_tipo: string; documento: string | null } | undefined): Order["comprador"] {
  if (!row) return { nome: "", documento_tipo: "", documento: null };
  return { nome: `${row.nome} ${row.sobrenome}`.trim(), documento_tipo: row.documento_tipo, documento: row.documento };
}

/** A customer's orders; another customer's order is simply not found. */
export function createOrdersService(db: Db, storeAddress: string) {
  async function present(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((o) => o.id);
    const placeOf = await places(db, rows, storeAddress);
    const buyerIds = [...new Set(rows.map((o) => o.customer_id))];
    const [lines, pays, given, buyers] = await Promise.all([
      db
        .select({
          id: orderItems.id,
          order_id: orderItems.order_id,
          produto_id: orderItems.produto_id,
          nome: orderItems.nome,
          codigo: orderItems.codigo,
          qtde: orderItems.qtde,
          valor_unitario: orderItems.valor_unitario,
          valor_subtotal: orderItems.valor_subtotal,
          slug: products.slug,
          imagem: sql<
            string | null
          >`(SELECT url FROM ${productImages} WHERE ${productImages.product_id} = ${orderItems.produto_id} ORDER BY ordem, id LIMIT 1)`,
        })
        .from(orderItems)
        .leftJoin(products, eq(products.id, orderItems.produto_id))
        .where(inArray(orderItems.order_id, ids))
        .orderBy(asc(orderItems.id)),
      db.select().from(payments).where(inArray(payments.order_id, ids)).orderBy(desc(payments.id)),
      db
        .select({ order_id: refunds.order_id, valor: refunds.valor, created_at: refunds.created_at })
        .from(refunds)
        .where(and(inArray(refunds.order_id, ids), inArray(refunds.status, ["feito", "fora_da_loja"])))
        .orderBy(asc(refunds.id)),
      db
        .select({
          id: customers.id,
          nome: customers.nome,
          sobrenome: customers.sobrenome,
          documento_tipo: customers.documento_tipo,
          documento: customers.documento,
        })
        .from(customers)
        .where(inArray(customers.id, buyerIds)),
    ]);
    return rows.map((o) => {
      const currency = CURRENCIES[isMoedaId(o.moeda_id) ? o.moeda_id : 2];
      const own = pays.filter((p) => p.order_id === o.id);
      const payable = o.status === "PAGAMENTO" ? own.find((p) => p.link && p.status !== "EXPIRADO") : undefined;
      return {
        id: o.id,
        external_id: o.external_id,
        pedido: o.pedido,
        created_at: o.created_at.toISOString(),
        valor_produtos: o.valor_produtos,
        valor_frete: o.valor_frete,
        valor_total: o.valor_total,
        moeda_id: o.moeda_id,
        moeda: { id: currency.id, simbolo: currency.simbolo, casas_decimais: currency.casas_decimais },
        status: o.status,
        codigo_retirada: o.codigo_retirada,
        entrega_descricao: o.entrega_descricao,
        ...placeOf(o),
        link_pagamento: payable?.link ?? null,
        reserva_expira_em: o.reserva_expira_em?.toISOString() ?? null,
        status_entrega: o.status_entrega,
        status_entrega_em: o.status_entrega_em?.toISOString() ?? null,
        transportadora: o.transportadora,
        codigo_rastreio: o.codigo_rastreio,
        itens: lines
          .filter((l) => l.order_id === o.id)
          .map((l) => ({
            id: l.id,
            produto_id: l.produto_id,
            qtde: l.qtde,
            valor_unitario: l.valor_unitario,
            valor_subtotal: l.valor_subtotal,
            produto: { id: l.produto_id, nome: l.nome, codigo: l.codigo, slug: l.slug, imagens: l.imagem ? [{ url: l.imagem }] : [] },
          })),
        pagamentos: own.map((p) => ({
          id: p.id,
          // Approved after the order was cancelled (decision 037): the spec's code, the money received; the
          // order's pago_apos_cancelamento tells the buyer it is to be given back.
          status: p.status === PAID_AFTER_CANCEL ? "PAGO" : p.status,
          valor_total: p.valor_total,
          provider: p.provider,
          link: p.link,
          created_at: p.created_at.toISOString(),
        })),
        estornos: given.filter((r) => r.order_id === o.id).map((r) => ({ valor: r.valor, created_at: r.created_at.toISOString() })),
        comprador: buyerOf(buyers.find((b) => b.id === o.customer_id)),
        pago_apos_cancelamento: o.status === "CANCELADO" && own.some((p) => p.status === PAID_AFTER_CANCEL),
      };
    });
  }

  async function list(customerId: number, page: number, perPage: number) {
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(eq(orders.customer_id, customerId))
        .orderBy(desc(orders.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.$count(orders, eq(orders.customer_id, customerId)),
    ]);
    return { data: await present(rows), total, current_page: page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) };
  }

  async function get(customerId: number, externalId: string): Promise<Order> {
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.external_id, externalId), eq(orders.customer_id, customerId)));
    if (rows.length === 0) throw new HttpError(404, "order_not_found");
    return (await present(rows))[0]!;
  }

  async function byId(orderId: number): Promise<Order> {
    const rows = await db.select().from(orders).where(eq(orders.id, orderId));
    return (await present(rows))[0]!;
  }

  return { list, get, byId };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
