import { randomInt } from "node:crypto";
import Big from "big.js";
import { and, eq, sql } from "drizzle-orm";
import { MOEDA } from "#contract/currencies.ts";
import type { ApiLang } from "#contract/locale.ts";
import type { ApiMessageKey } from "#contract/messages.ts";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { addresses, cartItems, carts, customers, orderItems, orders, payments, shippingServices } from "#db/schema/index.ts";
import type { OrderLimits } from "#config/config.ts";
import { HttpError } from "../../lib/errors.ts";
import { isValidCpf, onlyDigits } from "#contract/documents.ts";
import type { PaymentOption } from "#contract/api/cart.ts";
import { GatewayError, type PaymentMethod, type PaymentProvider } from "../../payments/provider.ts";
import type { CatalogService } from "../catalog/service.ts";
import { lineErrors } from "../../lib/line-errors.ts";
import { unitPrice } from "../catalog/pricing.ts";
import type { ShippingService } from "../shipping/service.ts";
import { lockProducts, shortages, takeStock } from "../orders/stock.ts";
import { recordOrderEvent } from "../orders/timeline.ts";
import { record } from "../../observability/metrics.ts";

export interface CheckoutInput {
  token_entrega: string;
  valor_frete: string;
  cliente_endereco_id?: number | null;
  entrega_servico_id?: number | null;
  id_ponto_entrega?: number | null;
  /** The buyer's choice on step 1, `gateway:method` (e.g. `pagopar:qr`); without it the first one offered. */
  meio_pagamento?: string | null;
  /** A CPF for a card payment that needs one, when the customer's account has none. */
  cpf?: string | null;
}

// Unambiguous characters for a code read aloud at the counter.
const PICKUP_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const pickupCode = () => Array.from({ length: 6 }, () => PICKUP_ALPHABET[randomInt(PICKUP_ALPHABET.length)]).join("");

export function createCheckoutService(deps: {
  db: Db;
  catalog: CatalogService;
  shipping: ShippingService;
  /** The gateways that are on, in the order they are offered. */
  providers: Map<string, PaymentProvider>;
  reservationMinutes: number;
  limits: OrderLimits;
  /** The server's own public address, where gateways post their notifications. */
  publicUrl: string;
  log?: { warn(obj: object, msg: string): void };
}) {
  const { db, catalog, shipping, providers } = deps;

  /** The ways to pay an order in this currency, from the gateways that are on (spec §1). */
  function paymentOptions(moedaId: number): PaymentOption[] {
    return [...providers.values()].flatMap((provider) =>
      provider.methods(moedaId).map((metodo) => ({
        id: `${provider.name}:${metodo}`,
        gateway: provider.name,
        metodo,
        parcelas_max: metodo === "cartao" && moedaId === MOEDA.USD ? 10 : 1,
        cpf_obrigatorio: provider.needsCpf?.(metodo) ?? false,
      })),
    );
  }

  /** What step 1 offers this customer: the methods of their order's currency, and whether their account has a CPF. */
  async function options(customerId: number) {
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
    const moedaId = customer!.estrangeiro ? MOEDA.USD : MOEDA.PYG;
    return { data: paymentOptions(moedaId), tem_cpf: hasCpf(customer!) };
  }
  const fail = (status: number, key: ApiMessageKey, field?: string): never => {
    throw new HttpError(status, key, field ? { errors: { [field]: [key] } } : {});
  };

  /**
   * The order's payment link, created on first use; a retry after a gateway failure lands here too.
   * `origin` is the shopper's store host, where the gateway sends them back.
   */
  async function linkFor(orderId: number, origin: string, cpf?: string): Promise<string> {
    const [payment] = await db.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(payments.id).limit(1);
    const provider = providers.get(payment!.provider);
    // A declined charge whose page cannot be paid again (Bancard) gives way to a new one.
    const again = payment!.status === "RECUSADO" && provider?.newChargeAfterDecline === true && payment!.link !== "";
    if (payment!.link && !again) return payment!.link;
    if (!provider) fail(422, "no_payment_method");
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const [customer] = await db.select().from(customers).where(eq(customers.id, order!.customer_id));
    // A gateway that charges in another currency (Mercado Pago: reais) is asked for the order's total converted.
    const chargeMoeda = provider!.chargeCurrency?.(order!.moeda_id) ?? order!.moeda_id;
    const amount =
      chargeMoeda === order!.moeda_id
        ? order!.valor_total
        : new Big(unitPrice(order!.valor_total, order!.moeda_id, chargeMoeda, await catalog.rates())).toFixed(chargeMoeda === MOEDA.PYG ? 0 : 2);
    let created: { ref: string; link: string };
    try {
      created = await provider!.createPayment({
        paymentId: payment!.id,
        reference: order!.external_id,
        amount,
        moedaId: chargeMoeda,
        description: `Pedido ${order!.pedido}`,
        method: (payment!.metodo ?? provider!.methods(order!.moeda_id)[0] ?? "cartao") as PaymentMethod,
        returnUrl: `${origin}/checkout/payment?pedido=${order!.external_id}`,
        notifyUrl: `${deps.publicUrl}/ecom/pagamentos/webhook/${provider!.name}`,
        expiresAt: order!.reserva_expira_em ?? undefined,
        buyer: {
          name: `${customer!.nome} ${customer!.sobrenome}`.trim(),
          email: customer!.email,
          document: cpf ?? customer!.documento,
          documentType: cpf ? "CPF" : customer!.documento_tipo,
          phone: customer!.telefone || null,
        },
        previousRef: again ? payment!.provider_ref : undefined,
      });
    } catch (err) {
      // The gateway is down or refused: the buyer gets the payment error, the order keeps its stock
      // until the reservation runs out, and asking again (pay now) retries the gateway.
      if (err instanceof GatewayError) {
        deps.log?.warn({ err, orderId }, "payment gateway failed to create a payment");
        throw new HttpError(502, "payment_error");
      }
      throw err;
    }
    // Two calls racing here both reach the gateway; only the first link is kept, the other is voided,
    // so the buyer is never shown two payments for one order.
    const [kept] = await db
      .update(payments)
      .set({
        provider_ref: created.ref,
        link: created.link,
        valor_cobrado: chargeMoeda === order!.moeda_id ? null : amount,
        moeda_cobrada: chargeMoeda === order!.moeda_id ? null : chargeMoeda,
        ...(again ? { status: "AGUARDANDO" } : {}),
        updated_at: new Date(),
      })
      .where(
        and(
          eq(payments.id, payment!.id),
          again ? and(eq(payments.provider_ref, payment!.provider_ref), eq(payments.status, "RECUSADO")) : eq(payments.link, ""),
        ),
      )
      .returning({ id: payments.id });
    if (kept) return created.link;
    await provider!.expire?.(created.ref, payment!.id).catch(() => undefined);
    const [winner] = await db.select({ link: payments.link }).from(payments).where(eq(payments.id, payment!.id));
    return winner!.link;
  }

  /**
   * Refuses a new unpaid order past the caps on open unpaid orders (per customer, per client
   * address), so a few orders cannot hold the shop's stock. The customer's row and an advisory lock
   * on the address make two checkouts at once count each other.
   */
  async function holdLimits(tx: Tx, customerId: number, clientIp: string) {
    const open = sql`status = 'PAGAMENTO' AND estoque_liberado_em IS NULL AND reserva_expira_em > now()`;
    await queryRows(tx, sql`SELECT id FROM clientes WHERE id = ${customerId} FOR UPDATE`);
    const [mine] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM pedidos WHERE customer_id = ${customerId} AND ${open}`);
    if (Number(mine!.n) >= deps.limits.perCustomer) {
      throw new HttpError(409, "too_many_open_orders", { vars: { n: Number(mine!.n) } });
    }
    if (!clientIp) return;
    await queryRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext(${`order-ip:${clientIp}`}))`);
    const [fromHere] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM pedidos WHERE cliente_ip = ${clientIp} AND ${open}`);
    if (Number(fromHere!.n) >= deps.limits.perAddress) throw new HttpError(409, "too_many_open_orders_address");
  }

  async function start(externalId: string, customerId: number, input: CheckoutInput, origin: string, lang: ApiLang, clientIp = "") {
    const [cart] = await db.select().from(carts).where(eq(carts.external_id, externalId));
    if (!cart || (cart.customer_id !== null && cart.customer_id !== customerId)) fail(404, "cart_not_found");
    // Idempotent: a second call for the same cart finds the order the first one made.
    const [existing] = await db.select().from(orders).where(eq(orders.cart_id, cart!.id));
    if (existing) {
      if (existing.customer_id !== customerId) fail(404, "cart_not_found");
      return { orderId: existing.id, link: await linkFor(existing.id, origin, input.cpf ?? undefined) };
    }
    if (cart!.status !== "aberto") fail(404, "cart_not_found");

    const claim = shipping.verify(input.token_entrega);
    const valorFrete = safeBig(input.valor_frete);
    if (!claim || claim.cart !== cart!.id || claim.servico !== (input.entrega_servico_id ?? null) || !valorFrete || !valorFrete.eq(claim.valor)) {
      fail(422, "delivery_invalid", "token_entrega");
    }
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
    if (customer!.estrangeiro && claim!.servico !== null) fail(422, "foreign_store_pickup_only", "entrega_servico_id");
    // Spec §9: the order is in the customer's currency (dollars for a foreign customer, guaraníes
    // otherwise), whatever currency the cart had as a guest's; every amount is priced anew in it.
    const moedaId: number = customer!.estrangeiro ? MOEDA.USD : MOEDA.PYG;
    const offered = paymentOptions(moedaId);
    if (offered.length === 0) fail(422, "no_payment_method");
    const choice = input.meio_pagamento ? offered.find((o) => o.id === input.meio_pagamento) : offered[0];
    if (!choice) fail(422, "payment_method_invalid", "meio_pagamento");
    let cpf: string | undefined;
    if (choice!.cpf_obrigatorio && !hasCpf(customer!)) {
      cpf = onlyDigits(input.cpf ?? "");
      if (!cpf) fail(422, "cpf_required", "cpf");
      if (!isValidCpf(cpf)) fail(422, "invalid_cpf", "cpf");
    }

    let enderecoId: number | null = null;
    let pontoId: number | null = null;
    let descricao: string | null = null;
    if (claim!.servico !== null) {
      const [service] = await db.select().from(shippingServices).where(eq(shippingServices.id, claim!.servico));
      descricao = lang === "es" ? service!.descricao_es : service!.descricao_pt;
      if (service!.usa_pontos) {
        pontoId = claim!.ponto;
        if (!pontoId || (input.id_ponto_entrega && input.id_ponto_entrega !== pontoId)) fail(422, "pickup_point_required", "id_ponto_entrega");
      } else {
        const [address] = input.cliente_endereco_id
          ? await db
              .select()
              .from(addresses)
              .where(and(eq(addresses.id, input.cliente_endereco_id), eq(addresses.customer_id, customerId), eq(addresses.ativo, true)))
          : [];
        if (!address || address.cidade_id !== claim!.cidade) fail(422, "address_required", "cliente_endereco_id");
        enderecoId = address!.id;
      }
    }

    const rates = await catalog.rates();
    // The quoted shipping cost, signed in the currency it was quoted in, converted like the lines.
    const decimals = moedaId === MOEDA.PYG ? 0 : 2;
    const frete = new Big(claim!.moeda === moedaId ? claim!.valor : unitPrice(claim!.valor, claim!.moeda, moedaId, rates));
    const orderId = await db.transaction(async (tx) => {
      // The cart row is the gate: two checkouts of one cart queue here and the second finds it closed.
      const [locked] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM carrinhos WHERE id = ${cart!.id} FOR UPDATE`);
      if (locked!.status !== "aberto") return undefined;
      // Every line as the cart lists them (by id, removed ones too), so an error's `itens.{i}` is the cart's line i.
      const all = await tx
        .select({ produto_id: cartItems.produto_id, qtde: cartItems.qtde, ativo: cartItems.ativo })
        .from(cartItems)
        .where(eq(cartItems.cart_id, cart!.id))
        .orderBy(cartItems.id);
      const lines = all.filter((l) => l.ativo && l.qtde > 0).map(({ produto_id, qtde }) => ({ produto_id, qtde }));
      if (lines.length === 0) fail(422, "cart_empty");
      await holdLimits(tx, customerId, clientIp);
      const tooMany = all.flatMap((l, i) => (l.ativo && l.qtde > deps.limits.unitsPerProduct ? [i] : []));
      if (tooMany.length > 0) {
        const limits = Object.fromEntries(tooMany.map((i) => [`itens.${i}.qtde`, deps.limits.unitsPerProduct]));
        throw lineErrors(422, Object.fromEntries(tooMany.map((i) => [`itens.${i}.qtde`, ["units_per_order_max" as const]])), limits, all);
      }
      const stock = await lockProducts(
        tx,
        lines.map((l) => l.produto_id),
      );
      const short = shortages(lines, stock);
      if (short.length > 0) {
        // Each line over stock names its own maximum (what is left of that product).
        const field = (s: (typeof short)[number]) => `itens.${all.findIndex((l) => l.produto_id === s.line.produto_id)}.qtde`;
        throw lineErrors(
          409,
          Object.fromEntries(short.map((s) => [field(s), ["stock_max" as const]])),
          Object.fromEntries(short.map((s) => [field(s), Math.max(0, s.available)])),
          all,
          "stock_insufficient",
        );
      }
      let subtotal = new Big(0);
      const priced = lines.map((l) => {
        const p = stock.get(l.produto_id)!;
        const unit = unitPrice(p.valor_venda, p.moeda_id, moedaId, rates);
        const sub = new Big(unit).times(l.qtde);
        subtotal = subtotal.plus(sub);
        return { ...l, unit, sub, p };
      });
      await takeStock(tx, lines);
      const [{ numero }] = (await queryRows<{ numero: string }>(tx, sql`SELECT nextval('pedido_numero_seq')::text AS numero`)) as [
        { numero: string },
      ];
      const [order] = await tx
        .insert(orders)
        .values({
          pedido: numero,
          customer_id: customerId,
          cart_id: cart!.id,
          moeda_id: moedaId,
          valor_produtos: subtotal.toFixed(decimals),
          valor_frete: frete.toFixed(decimals),
          valor_total: subtotal.plus(frete).toFixed(decimals),
          status: "PAGAMENTO",
          codigo_retirada: pickupCode(),
          entrega_servico_id: claim!.servico,
          ponto_entrega_id: pontoId,
          cliente_endereco_id: enderecoId,
          entrega_descricao: descricao,
          reserva_expira_em: new Date(Date.now() + deps.reservationMinutes * 60_000),
          cliente_ip: clientIp.slice(0, 45) || null,
        })
        .returning({ id: orders.id, total: orders.valor_total });
      await tx.insert(orderItems).values(
        priced.map((l) => ({
          order_id: order!.id,
          produto_id: l.produto_id,
          nome: lang === "es" ? l.p.nome_es : l.p.nome_pt,
          codigo: l.p.codigo,
          qtde: l.qtde,
          valor_unitario: l.unit,
          valor_subtotal: l.sub.toFixed(decimals),
        })),
      );
      await tx.insert(payments).values({
        order_id: order!.id,
        provider: choice!.gateway,
        metodo: choice!.metodo,
        provider_ref: `pending-${order!.id}`,
        valor_total: order!.total,
        moeda_id: moedaId,
        link: "",
      });
      // The timeline's first line: placed by the customer, waiting for its payment.
      await recordOrderEvent(tx, order!.id, "status_pagamento", null, { de: null, para: "PAGAMENTO" });
      await tx
        .update(carts)
        .set({ status: "fechado", customer_id: customerId, moeda_id: moedaId, valor_total: subtotal.toFixed(2), updated_at: new Date() })
        .where(eq(carts.id, cart!.id));
      return order!.id;
    });
    if (orderId === undefined) return start(externalId, customerId, input, origin, lang, clientIp);
    record.order("placed", moedaId, choice!.gateway);
    return { orderId, link: await linkFor(orderId, origin, cpf) };
  }

  /**
   * "Pay now" of an order that waits for its payment: the gateway's page, or a new charge where the
   * gateway takes each attempt after a decline as one (Bancard). Null when the order is not the
   * customer's or waits for nothing.
   */
  async function payLink(customerId: number, externalId: string, origin: string): Promise<string | null> {
    const [order] = await db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.external_id, externalId), eq(orders.customer_id, customerId)));
    if (!order || order.status !== "PAGAMENTO") return null;
    return linkFor(order.id, origin);
  }

  return { start, options, payLink };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** The customer's account holds a valid CPF (a Brazilian card payment needs one). */
function hasCpf(customer: { documento_tipo: string; documento: string | null }) {
  return customer.documento_tipo === "CPF" && isValidCpf(customer.documento ?? "");
}

function safeBig(value: string): Big | undefined {
  try {
    const b = new Big(value.trim());
    return b.lt(0) ? undefined : b;
  } catch {
    return undefined;
  }
}
