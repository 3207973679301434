import { sql } from "drizzle-orm";
import type { ExchangeRate } from "#contract/money.ts";
import { queryRows } from "../client.ts";
import type { Database, Executor } from "./batch.ts";
import { seedCustomers } from "./customers.ts";
import { placedAt, planOrder, type PlanRefs, type PlannedOrder } from "./order-plan.ts";

/**
 * `npm run seed -- --orders N`: adds N historic orders to whatever catalogue the database holds, over
 * the last two years (more of them lately), with their buyers (a few thousand Brazilians, Paraguayans and
 * Argentinians, created when missing), lines at the prices charged, payments with each gateway's
 * reference, fulfilment as far as each got, and their timelines. Historic orders take no stock: the
 * products' quantities stay as they are. Planned per order from seeded random streams (order-plan.ts),
 * written a few thousand at a time, each table in one statement that reads its rows from one JSON
 * parameter (no per-row parameters, so PGlite parses one value instead of tens of thousands).
 */

const CHUNK = 2000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

async function loadRefs(db: Executor, orders: number, now: number): Promise<PlanRefs> {
  const products = await queryRows<PlanRefs["products"][number]>(
    db,
    sql`SELECT id, codigo, nome_pt, nome_es, valor_venda::text AS valor_venda, moeda_id FROM produtos
        WHERE ativo AND mostrar_preco AND valor_venda > 0 ORDER BY id`,
  );
  const rates = (
    await queryRows<{ s: number; t: number; tax: string; casas: number }>(
      db,
      sql`SELECT c.source_currency_id AS s, c.target_currency_id AS t, c.tax::text AS tax, m.casas_decimais AS casas
          FROM cotacoes c JOIN moedas m ON m.id = c.target_currency_id`,
    )
  ).map((r): ExchangeRate => ({ source_currency: { id: r.s }, target_currency: { id: r.t, decimals: r.casas }, tax: r.tax }));
  const services = await queryRows<{ id: number; pt: string; es: string; usa_pontos: boolean }>(
    db,
    sql`SELECT id, descricao_pt AS pt, descricao_es AS es, usa_pontos FROM entrega_servicos WHERE ativo ORDER BY id`,
  );
  const points = await queryRows<{ id: number; servico_id: number | null }>(
    db,
    sql`SELECT id, servico_id FROM pontos_entrega WHERE ativo ORDER BY id`,
  );
  const network = services.find((s) => s.usa_pontos);
  const staff = await queryRows<{ id: number; nome: string }>(db, sql`SELECT id, nome FROM funcionarios WHERE ativo ORDER BY id`);
  // About one buyer for every 25 orders, between 200 and 5,000.
  const customers = await seedCustomers(db, Math.min(5000, Math.max(200, Math.ceil(orders / 25))));
  return {
    products,
    rates,
    customers,
    doorServices: services.filter((s) => !s.usa_pontos),
    pickupService: network && { ...network, points: points.filter((p) => p.servico_id === network.id).map((p) => p.id) },
    staff,
    now,
  };
}

async function writeChunk(db: Executor, planned: PlannedOrder[]) {
  const carts = planned.map((p) => ({
    external_id: p.cart.external_id,
    customer_id: p.order.customer_id,
    moeda_id: p.order.moeda_id,
    valor_total: p.order.valor_produtos,
    created_at: iso(p.order.created_at),
  }));
  const cartIds = await queryRows<{ id: number; external_id: string }>(
    db,
    sql`INSERT INTO carrinhos (external_id, customer_id, moeda_id, valor_total, status, created_at, updated_at)
        SELECT external_id, customer_id, moeda_id, valor_total, 'fechado', created_at, created_at
        FROM json_to_recordset(${JSON.stringify(carts)}::json) AS r(external_id uuid, customer_id int, moeda_id smallint, valor_total numeric, created_at timestamptz)
        ORDER BY created_at
        RETURNING id, external_id`,
  );
  const cartOf = new Map(cartIds.map((c) => [c.external_id, c.id]));
  const orders = planned.map((p) => ({
    ...p.order,
    cart_id: cartOf.get(p.cart.external_id)!,
    created_at: iso(p.order.created_at),
    updated_at: iso(p.order.updated_at),
    reserva_expira_em: iso(p.order.reserva_expira_em),
    estoque_liberado_em: iso(p.order.estoque_liberado_em),
    status_entrega_em: iso(p.order.status_entrega_em),
  }));
  // Order numbers from the checkout's own sequence, in the order the orders were placed.
  const orderIds = await queryRows<{ id: number; cart_id: number }>(
    db,
    sql`INSERT INTO pedidos (external_id, pedido, customer_id, cart_id, moeda_id, valor_produtos, valor_frete, valor_total, status, codigo_retirada,
          entrega_servico_id, ponto_entrega_id, cliente_endereco_id, entrega_descricao, reserva_expira_em, estoque_liberado_em, cliente_ip,
          status_entrega, status_entrega_em, status_entrega_por, transportadora, codigo_rastreio, created_at, updated_at)
        SELECT external_id, nextval('pedido_numero_seq')::text, customer_id, cart_id, moeda_id, valor_produtos, valor_frete, valor_total, status, codigo_retirada,
          entrega_servico_id, ponto_entrega_id, cliente_endereco_id, entrega_descricao, reserva_expira_em, estoque_liberado_em, cliente_ip,
          status_entrega, status_entrega_em, status_entrega_por, transportadora, codigo_rastreio, created_at, updated_at
        FROM (SELECT * FROM json_to_recordset(${JSON.stringify(orders)}::json) AS r(external_id uuid, customer_id int, cart_id int, moeda_id smallint,
          valor_produtos numeric, valor_frete numeric, valor_total numeric, status text, codigo_retirada text, entrega_servico_id int, ponto_entrega_id int,
          cliente_endereco_id int, entrega_descricao text, reserva_expira_em timestamptz, estoque_liberado_em timestamptz, cliente_ip text,
          status_entrega text, status_entrega_em timestamptz, status_entrega_por int, transportadora text, codigo_rastreio text,
          created_at timestamptz, updated_at timestamptz) ORDER BY created_at) s
        RETURNING id, cart_id`,
  );
  const orderOfCart = new Map(orderIds.map((o) => [o.cart_id, o.id]));
  const idOf = (p: PlannedOrder) => orderOfCart.get(cartOf.get(p.cart.external_id)!)!;

  const lines = planned.flatMap((p) => p.lines.map((l) => ({ ...l, order_id: idOf(p) })));
  await db.execute(sql`INSERT INTO pedido_itens (order_id, produto_id, nome, codigo, qtde, valor_unitario, valor_subtotal)
      SELECT order_id, produto_id, nome, codigo, qtde, valor_unitario, valor_subtotal
      FROM json_to_recordset(${JSON.stringify(lines)}::json) AS r(order_id int, produto_id int, nome text, codigo text, qtde int, valor_unitario numeric, valor_subtotal numeric)`);

  const pays = planned.map((p) => ({ ...p.payment, order_id: idOf(p), pago_em: iso(p.payment.pago_em), created_at: iso(p.payment.created_at) }));
  const payIds = await queryRows<{ id: number; order_id: number }>(
    db,
    sql`INSERT INTO pagamentos (order_id, provider, provider_ref, status, valor_total, moeda_id, link, metodo, valor_cobrado, moeda_cobrada, valor_estornado, pago_em, created_at, updated_at)
        SELECT order_id, provider, provider_ref, status, valor_total, moeda_id, '', metodo, valor_cobrado, moeda_cobrada, valor_estornado, pago_em, created_at, coalesce(pago_em, created_at)
        FROM json_to_recordset(${JSON.stringify(pays)}::json) AS r(order_id int, provider text, provider_ref text, status text, valor_total numeric, moeda_id smallint,
          metodo text, valor_cobrado numeric, moeda_cobrada smallint, valor_estornado numeric, pago_em timestamptz, created_at timestamptz)
        ON CONFLICT DO NOTHING
        RETURNING id, order_id`,
  );
  const payOf = new Map(payIds.map((p) => [p.order_id, p.id]));

  const events = planned.flatMap((p) => {
    const orderId = idOf(p);
    return p.events.map((e) => ({
      order_id: orderId,
      tipo: e.tipo,
      funcionario_id: e.funcionario_id,
      autor: e.autor,
      dados: e.tipo === "pagamento" ? { pagamento_id: payOf.get(orderId) ?? null, ...e.dados } : e.dados,
      created_at: iso(e.at),
    }));
  });
  if (events.length)
    await db.execute(sql`INSERT INTO pedido_eventos (order_id, tipo, funcionario_id, autor, dados, created_at)
        SELECT order_id, tipo, funcionario_id, autor, dados, created_at
        FROM json_to_recordset(${JSON.stringify(events)}::json) AS r(order_id int, tipo text, funcionario_id int, autor text, dados jsonb, created_at timestamptz)
        ORDER BY created_at`);
}

/** Adds `count` historic orders; returns how many were added. */
export async function seedOrders(
  database: Database,
  count: number,
  opts: { onProgress?: (done: number, total: number) => void; now?: Date } = {},
): Promise<number> {
  const { db } = database;
  const now = (opts.now ?? new Date()).getTime();
  const refs = await loadRefs(db, count, now);
  if (refs.products.length === 0) throw new Error("the catalogue has no priced product to sell: seed products first");
  // Order n continues after every order already there, so a second run adds new ones.
  const [{ from }] = (await queryRows<{ from: number }>(db, sql`SELECT coalesce(max(id), 0)::int AS "from" FROM pedidos`)) as [{ from: number }];
  // Placed in date order: numbers and ids grow with time, as the checkout's would have.
  const ns = Array.from({ length: count }, (_, i) => from + i + 1);
  const at = new Map(ns.map((n) => [n, placedAt(n, now)]));
  ns.sort((a, b) => at.get(a)! - at.get(b)!);
  opts.onProgress?.(0, count);
  for (let i = 0; i < ns.length; i += CHUNK) {
    const planned = ns.slice(i, i + CHUNK).map((n) => planOrder(n, refs));
    await db.transaction((tx) => writeChunk(tx, planned));
    opts.onProgress?.(Math.min(count, i + CHUNK), count);
  }
  // Fresh statistics and visibility map, so the back office's queries plan on what is there now.
  for (const table of ["clientes", "cliente_enderecos", "carrinhos", "pedidos", "pedido_itens", "pagamentos", "pedido_eventos"])
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  return count;
}
