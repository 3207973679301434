import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { MOEDA } from "#contract/currencies.ts";
import { queryRows, type Db } from "#db/client.ts";

/** Orders written straight to the tables, as the dashboard's tests need them (any day, any status). */
export interface OrderSpec {
  at: Date;
  moeda: number;
  total: string;
  status: "PAGO" | "PAGAMENTO" | "ESTORNADO" | "CANCELADO";
  entrega?: string;
  lines?: [number, number][];
  /** Refunded by the gateway, in the charge's currency, leaving the payment PAGO. */
  estornado?: string;
  /** What the gateway charged when it charges in another currency (Mercado Pago in reais). */
  cobrado?: string;
}

/** An instant given as the shop's local time (Asunción keeps UTC−3). */
export const local = (text: string) => new Date(`${text}-03:00`);

/** A buyer of the test orders. */
export async function testBuyer(db: Db): Promise<number> {
  const [c] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO clientes (nome, sobrenome, email, password_hash, estrangeiro, nacionalidade, telefone, documento_tipo, documento, lang)
        VALUES ('Ana', 'Painel', ${`painel-${randomUUID().slice(0, 8)}@example.com`}, 'x', false, 'PY', '0981000000', 'Cédula', '1234567', 'es-PY') RETURNING id`,
  );
  return c!.id;
}

/** Places one order of the customer's with its payment (and lines), as the spec says; its id. */
export async function placeOrder(db: Db, customer: number, spec: OrderSpec): Promise<number> {
  const [cart] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO carrinhos (external_id, customer_id, moeda_id, status) VALUES (${randomUUID()}, ${customer}, ${spec.moeda}, 'fechado') RETURNING id`,
  );
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO pedidos (pedido, customer_id, cart_id, moeda_id, valor_produtos, valor_total, status, codigo_retirada, status_entrega, created_at)
        VALUES (nextval('pedido_numero_seq')::text, ${customer}, ${cart!.id}, ${spec.moeda}, ${spec.total}, ${spec.total}, ${spec.status}, 'ABC234',
                ${spec.entrega ?? (spec.status === "CANCELADO" ? "cancelado" : "retirado")}, ${spec.at.toISOString()}::timestamptz)
        RETURNING id`,
  );
  for (const [produto, qtde] of spec.lines ?? [])
    await db.execute(sql`INSERT INTO pedido_itens (order_id, produto_id, nome, codigo, qtde, valor_unitario, valor_subtotal)
        VALUES (${row!.id}, ${produto}, 'x', 'x', ${qtde}, '1', ${qtde})`);
  await db.execute(sql`INSERT INTO pagamentos (order_id, provider, provider_ref, status, valor_total, moeda_id, link, valor_cobrado, moeda_cobrada, valor_estornado, created_at)
      VALUES (${row!.id}, 'sandbox', ${randomUUID()}, ${spec.status === "PAGAMENTO" ? "AGUARDANDO" : spec.status === "CANCELADO" ? "EXPIRADO" : spec.status},
              ${spec.total}, ${spec.moeda}, '', ${spec.cobrado ?? null}, ${spec.cobrado ? MOEDA.BRL : null},
              ${spec.estornado ?? (spec.status === "ESTORNADO" ? spec.total : "0")}, ${spec.at.toISOString()}::timestamptz)`);
  return row!.id;
}
