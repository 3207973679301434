import { PassThrough, type Readable } from "node:stream";
import { format as csvFormat } from "@fast-csv/format";
import { sql, type SQL } from "drizzle-orm";
import type { AdminOrderFilter, AdminOrderRow, AdminOrdersPage } from "#contract/api/admin/orders.ts";
import { queryRows, type Db } from "#db/client.ts";

/** The shop's days: a date filter means a day in Ciudad del Este, not in UTC. */
const SHOP_ZONE = "America/Asuncion";
/** How many customers a name search may match before their orders are read (the most recent first). */
const CUSTOMER_MATCHES = 500;

interface Row {
  id: number;
  pedido: string;
  created_at: Date | string;
  status: string;
  status_entrega: string;
  entrega_servico_id: number | null;
  moeda_id: number;
  valor_total: string;
  codigo_retirada: string;
  nome: string;
  sobrenome: string;
  email: string;
  entrega_descricao: string | null;
  /** created_at in full (microseconds), where the CSV's next page starts. */
  cursor_at: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search: an order number or a pickup code typed whole finds that order; otherwise the customers
 * whose e-mail or document is the text, or whose name holds it (a trigram index), and their orders.
 */
function searchCondition(q: string): SQL {
  const text = q.trim();
  const lower = text.toLowerCase();
  const byCustomer = sql`p.customer_id IN (
    SELECT c.id FROM clientes c
    WHERE lower(c.email) = ${lower} OR c.documento = ${text} OR c.identidade = ${text}
       OR lower(c.nome || ' ' || c.sobrenome) LIKE ${`%${escapeLike(lower)}%`}
    ORDER BY c.id DESC LIMIT ${CUSTOMER_MATCHES})`;
  return sql`(p.pedido = ${text} OR p.codigo_retirada = ${text.toUpperCase()} OR ${byCustomer})`;
}

/** The WHERE of the list's filters. */
export function filterCondition(filter: AdminOrderFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.q) parts.push(searchCondition(filter.q));
  if (filter.status) parts.push(sql`p.status = ${filter.status}`);
  if (filter.status_entrega) parts.push(sql`p.status_entrega = ${filter.status_entrega}`);
  if (filter.moeda_id) parts.push(sql`p.moeda_id = ${filter.moeda_id}`);
  if (filter.tipo === "retirada") parts.push(sql`p.entrega_servico_id IS NULL`);
  if (filter.tipo === "entrega") parts.push(sql`p.entrega_servico_id IS NOT NULL`);
  if (filter.ponto_entrega_id) parts.push(sql`p.ponto_entrega_id = ${filter.ponto_entrega_id}`);
  if (filter.de) parts.push(sql`p.created_at >= (${filter.de}::date)::timestamp AT TIME ZONE ${SHOP_ZONE}`);
  if (filter.ate) parts.push(sql`p.created_at < ((${filter.ate}::date + 1)::timestamp AT TIME ZONE ${SHOP_ZONE})`);
  return sql.join(parts, sql` AND `);
}

const COLUMNS = sql`p.id, p.pedido, p.created_at, p.status, p.status_entrega, p.entrega_servico_id, p.moeda_id, p.valor_total::text AS valor_total,
  p.codigo_retirada, c.nome, c.sobrenome, c.email, p.entrega_descricao, p.created_at::text AS cursor_at`;

function selectPage(db: Db, filter: AdminOrderFilter, limit: number, offset: number, after?: { created_at: string; id: number }) {
  const keyset = after ? sql` AND (p.created_at, p.id) < (${after.created_at}::timestamptz, ${after.id})` : sql``;
  return queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM pedidos p JOIN clientes c ON c.id = p.customer_id
        WHERE ${filterCondition(filter)}${keyset}
        ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST LIMIT ${limit} OFFSET ${offset}`,
  );
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function present(r: Row): AdminOrderRow {
  return {
    id: r.id,
    pedido: r.pedido,
    created_at: iso(r.created_at),
    status: r.status,
    status_entrega: r.status_entrega,
    tipo: r.entrega_servico_id === null ? "retirada" : "entrega",
    moeda_id: r.moeda_id,
    valor_total: r.valor_total,
    codigo_retirada: r.codigo_retirada,
    cliente: `${r.nome} ${r.sobrenome}`.trim(),
    email: r.email,
    entrega_descricao: r.entrega_descricao,
  };
}

/** One page of the list, newest first; one row more than the page is read to know whether another follows. */
export async function listOrders(db: Db, query: AdminOrderFilter & { page: number; per_page: number }): Promise<AdminOrdersPage> {
  const [rows, pontos] = await Promise.all([
    selectPage(db, query, query.per_page + 1, (query.page - 1) * query.per_page),
    queryRows<{ id: number; nome: string }>(db, sql`SELECT id, nome FROM pontos_entrega ORDER BY nome, id`),
  ]);
  return {
    data: rows.slice(0, query.per_page).map(present),
    page: query.page,
    per_page: query.per_page,
    has_more: rows.length > query.per_page,
    pontos,
  };
}

export const CSV_HEADER = [
  "pedido",
  "data",
  "cliente",
  "email",
  "status_pagamento",
  "status_entrega",
  "tipo",
  "entrega",
  "moeda",
  "valor_total",
  "codigo_retirada",
] as const;
const CSV_BATCH = 1000;
/** A cell a spreadsheet would run as a formula starts with one of these: it is written after a quote mark. */
const FORMULA = /^[=+\-@\t\r]/;
export const csvCell = (cell: string) => (FORMULA.test(cell) ? `'${cell}` : cell);

/** The filtered list as CSV (`;`, UTF-8 with BOM, every cell quoted), read in pages by the list's own order. */
export function ordersCsv(db: Db, filter: AdminOrderFilter, log: { error(obj: unknown, msg?: string): void }): Readable {
  const out = new PassThrough();
  const csv = csvFormat({ delimiter: ";", writeBOM: true, quoteColumns: true });
  csv.pipe(out);
  const run = async () => {
    csv.write([...CSV_HEADER]);
    let after: { created_at: string; id: number } | undefined;
    for (;;) {
      const rows = await selectPage(db, filter, CSV_BATCH, 0, after);
      for (const r of rows) {
        const row = present(r);
        const cells = [
          row.pedido,
          row.created_at,
          row.cliente,
          row.email,
          row.status,
          row.status_entrega,
          row.tipo,
          row.entrega_descricao ?? "",
          row.moeda_id === 3 ? "PYG" : "USD",
          row.valor_total,
          row.codigo_retirada,
        ].map(csvCell);
        if (!csv.write(cells)) await new Promise((resolve) => csv.once("drain", resolve));
      }
      if (rows.length < CSV_BATCH) break;
      const last = rows[rows.length - 1]!;
      after = { created_at: last.cursor_at, id: last.id };
    }
    csv.end();
  };
  run().catch((err: unknown) => {
    log.error({ err }, "order export failed");
    out.destroy(err as Error);
  });
  return out;
}
