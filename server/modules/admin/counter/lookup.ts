import { and, desc, eq, sql } from "drizzle-orm";
import { COUNTER_MAX_CANDIDATES, type CounterOrder } from "#contract/api/admin/counter.ts";
import type { FulfilmentStatus } from "#contract/fulfilment.ts";
import type { Locale } from "#contract/locale.ts";
import { PICKUP_CODE_PATTERN } from "#contract/pickup-code.ts";
import { queryRows, type DbOrTx } from "#db/client.ts";
import { customerDocuments, orders, staff } from "#db/schema/index.ts";
import { HttpError } from "../../../lib/errors.ts";
import { counterRefusal, isOpenAtCounter, type CounterState } from "./refusal.ts";

/** The columns the counter reads of an order, with the name of the member who last moved it. */
const counterColumns = {
  id: orders.id,
  pedido: orders.pedido,
  codigo_retirada: orders.codigo_retirada,
  customer_id: orders.customer_id,
  created_at: orders.created_at,
  moeda_id: orders.moeda_id,
  valor_produtos: orders.valor_produtos,
  valor_frete: orders.valor_frete,
  valor_total: orders.valor_total,
  status: orders.status,
  status_entrega: orders.status_entrega,
  status_entrega_em: orders.status_entrega_em,
  entrega_servico_id: orders.entrega_servico_id,
  entregue_por: staff.nome,
};

export type CounterRow = CounterState & { id: number; customer_id: number };

interface CounterLine {
  order_id: number;
  nome: string;
  codigo: string;
  qtde: number;
  valor_unitario: string;
  valor_subtotal: string;
}
interface CounterBuyer {
  id: number;
  nome: string;
  sobrenome: string;
  documento_tipo: string;
  documento: string | null;
  identidade: string | null;
  nacionalidade: string;
}
interface CounterDocument {
  id: number;
  customer_id: number;
  lado: string;
  mime: string;
}

/** One order as the counter reads it (its row locked when `lock`: a handover decides on it). */
export async function counterOrder(db: DbOrTx, id: number, lock = false): Promise<CounterRow | undefined> {
  const query = db.select(counterColumns).from(orders).leftJoin(staff, eq(staff.id, orders.status_entrega_por)).where(eq(orders.id, id));
  const [row] = lock ? await query.for("update", { of: orders }) : await query;
  return row;
}

export interface DocumentLink {
  lado: "frente" | "verso";
  mime: string;
  link: string;
  expira_em: string;
}

/**
 * The open pickup orders of a (normalised) code, newest first, each with its lines, its buyer and links
 * to the buyer's document images; `link` signs one image's link for the order at the counter. No open
 * order: the newest order of the code says why (refusal.ts); none at all: 404.
 */
export async function findAtCounter(
  db: DbOrTx,
  codigo: string,
  locale: Locale,
  link: (order: { id: number; customer_id: number }, doc: { id: number; lado: "frente" | "verso"; mime: string }) => DocumentLink,
): Promise<CounterOrder[]> {
  if (!PICKUP_CODE_PATTERN.test(codigo)) throw new HttpError(404, "counter_unknown_code", { vars: { codigo } });
  const rows = await db
    .select(counterColumns)
    .from(orders)
    .leftJoin(staff, eq(staff.id, orders.status_entrega_por))
    .where(eq(orders.codigo_retirada, codigo))
    .orderBy(desc(orders.id))
    .limit(50);
  if (rows.length === 0) throw new HttpError(404, "counter_unknown_code", { vars: { codigo } });
  const open = rows.filter(isOpenAtCounter).slice(0, COUNTER_MAX_CANDIDATES);
  if (open.length === 0) throw counterRefusal(rows[0]!, locale)!;

  const ids = open.map((o) => o.id);
  const customerIds = [...new Set(open.map((o) => o.customer_id))];
  // The lines, the buyers and their latest documents in one statement (the counter's answer should take a
  // few milliseconds on the embedded database, where every statement costs its own round).
  const [extra] = await queryRows<{ lines: CounterLine[]; buyers: CounterBuyer[]; documents: CounterDocument[] }>(
    db,
    sql`SELECT
          (SELECT coalesce(json_agg(json_build_object('order_id', i.order_id, 'nome', i.nome, 'codigo', i.codigo, 'qtde', i.qtde,
                    'valor_unitario', i.valor_unitario::text, 'valor_subtotal', i.valor_subtotal::text) ORDER BY i.id), '[]')
           FROM pedido_itens i WHERE i.order_id = ANY(${`{${ids.join(",")}}`}::int[])) AS lines,
          (SELECT coalesce(json_agg(json_build_object('id', c.id, 'nome', c.nome, 'sobrenome', c.sobrenome, 'documento_tipo', c.documento_tipo,
                    'documento', c.documento, 'identidade', c.identidade, 'nacionalidade', c.nacionalidade)), '[]')
           FROM clientes c WHERE c.id = ANY(${`{${customerIds.join(",")}}`}::int[])) AS buyers,
          (SELECT coalesce(json_agg(json_build_object('id', d.id, 'customer_id', d.customer_id, 'lado', d.lado, 'mime', d.mime) ORDER BY d.id DESC), '[]')
           FROM cliente_documentos d WHERE d.customer_id = ANY(${`{${customerIds.join(",")}}`}::int[])) AS documents`,
  );
  const parse = <T>(v: T[] | string): T[] => (typeof v === "string" ? (JSON.parse(v) as T[]) : v);
  const lines = parse(extra!.lines);
  const buyers = parse(extra!.buyers);
  const documents = parse(extra!.documents);

  return open.map((o) => {
    const buyer = buyers.find((b) => b.id === o.customer_id)!;
    const sides = (["frente", "verso"] as const).flatMap((lado) => {
      const doc = documents.find((d) => d.customer_id === o.customer_id && d.lado === lado);
      return doc ? [link(o, { id: doc.id, lado, mime: doc.mime })] : [];
    });
    return {
      id: o.id,
      pedido: o.pedido,
      codigo_retirada: o.codigo_retirada,
      created_at: o.created_at.toISOString(),
      moeda_id: o.moeda_id,
      valor_produtos: o.valor_produtos,
      valor_frete: o.valor_frete,
      valor_total: o.valor_total,
      status: o.status,
      status_entrega: o.status_entrega as FulfilmentStatus,
      itens: lines.filter((l) => l.order_id === o.id).map(({ order_id: _, ...line }) => line),
      cliente: {
        nome: `${buyer.nome} ${buyer.sobrenome}`.trim(),
        documento_tipo: buyer.documento_tipo,
        documento: buyer.documento,
        identidade: buyer.identidade,
        nacionalidade: buyer.nacionalidade,
      },
      documentos: sides,
    };
  });
}

/** The document a signed link names, if it is still the customer's (a replaced image is gone). */
export async function documentOf(db: DbOrTx, documentId: number, customerId: number) {
  const [doc] = await db
    .select()
    .from(customerDocuments)
    .where(and(eq(customerDocuments.id, documentId), eq(customerDocuments.customer_id, customerId)));
  return doc;
}
