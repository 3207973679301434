import { PassThrough, type Readable } from "node:stream";
import { format as csvFormat } from "@fast-csv/format";
import { sql, type SQL } from "drizzle-orm";
import { ORDER_STATUSES } from "#contract/api/cart-constants.ts";
import type { AdminOrderFilter, AdminOrderRow, AdminOrdersPage } from "#contract/api/admin/orders.ts";
import { FULFILMENT_STATUSES } from "#contract/fulfilment.ts";
import { PICKUP_CODE_PATTERN, normalisePickupCode } from "#contract/pickup-code.ts";
import { queryRows, type Db } from "#db/client.ts";
import { CUSTOMER_SEARCH } from "#db/schema/customers.ts";

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
 * whose e-mail or document is the text (a document with or without its dots and dashes), or whose name,
 * e-mail or document holds it (any accents, any case: the customers list's own trigram index), and their
 * orders. Each way in reads its own index and gives order ids; the list then reads only those orders.
 */
function searchCondition(q: string): SQL {
  const text = q.trim();
  const lower = text.toLowerCase();
  const code = normalisePickupCode(text);
  const compact = text.replace(/[^0-9A-Za-z]/g, "");
  const customer = [
    sql`lower(c.email) = ${lower}`,
    sql`c.identidade = ${text}`,
    sql`${CUSTOMER_SEARCH} LIKE '%' || lower(f_unaccent(${escapeLike(text)})) || '%' ESCAPE '\\'`,
  ];
  if (compact) customer.push(sql`regexp_replace(coalesce(c.documento, ''), '[^0-9A-Za-z]', '', 'g') = ${compact}`);
  const ways = [sql`SELECT id FROM pedidos WHERE pedido = ${text}`];
  if (PICKUP_CODE_PATTERN.test(code)) ways.push(sql`SELECT id FROM pedidos WHERE codigo_retirada = ${code}`);
  ways.push(sql`SELECT o.id FROM pedidos o WHERE o.customer_id IN (
    SELECT c.id FROM clientes c WHERE ${sql.join(customer, sql` OR `)} ORDER BY c.id DESC LIMIT ${CUSTOMER_MATCHES})`);
  return sql`p.id IN (${sql.join(ways, sql` UNION ALL `)})`;
}

/**
 * The values of `pedidos.filtro` (payment status, fulfilment status, currency, pickup or delivery) that
 * the list's filters allow, or undefined when none of the four is set. At most 168 short strings; the
 * planner knows how many orders each has (the column's statistics), so it reads a rare combination off
 * `pedidos_filtro_criado_idx` and a common one by walking the orders newest first.
 */
export function filtroValues(filter: AdminOrderFilter): string[] | undefined {
  if (!filter.status && !filter.status_entrega && !filter.moeda_id && !filter.tipo) return undefined;
  const values: string[] = [];
  for (const status of filter.status ? [filter.status] : ORDER_STATUSES)
    for (const entrega of filter.status_entrega ? [filter.status_entrega] : FULFILMENT_STATUSES)
      for (const moeda of filter.moeda_id ? [filter.moeda_id] : [2, 3])
        for (const tipo of filter.tipo ? [filter.tipo === "retirada" ? "r" : "e"] : ["r", "e"]) values.push(`${status}:${entrega}:${moeda}:${tipo}`);
  return values;
}

/** The WHERE of the list's filters. */
export function filterCondition(filter: AdminOrderFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.q) parts.push(searchCondition(filter.q));
  const filtro = filtroValues(filter);
  // One array parameter (the values are letters, digits, _ and :, nothing an array literal would quote).
  if (filtro) parts.push(sql`p.filtro = ANY(${`{${filtro.join(",")}}`}::text[])`);
  if (filter.ponto_entrega_id) parts.push(sql`p.ponto_entrega_id = ${filter.ponto_entrega_id}`);
  if (filter.de) parts.push(sql`p.created_at >= (${filter.de}::date)::timestamp AT TIME ZONE ${SHOP_ZONE}`);
  if (filter.ate) parts.push(sql`p.created_at < ((${filter.ate}::date + 1)::timestamp AT TIME ZONE ${SHOP_ZONE})`);
  return sql.join(parts, sql` AND `);
}

const COLUMNS = sql`p.id, p.pedido, p.created_at, p.status, p.status_entrega, p.entrega_servico_id, p.moeda_id, p.valor_total::text AS valor_total,
  p.codigo_retirada, c.nome, c.sobrenome, c.email, p.entrega_descricao, p.created_at::text AS cursor_at`;

/**
 * A page: the ids first (the filters and the order read off the indexes alone, the skipped rows of a deep
 * page never joined), then those orders' rows and their buyers.
 */
export function pageQuery(filter: AdminOrderFilter, limit: number, offset: number, after?: { created_at: string; id: number }): SQL {
  const keyset = after ? sql` AND (p.created_at, p.id) < (${after.created_at}::timestamptz, ${after.id})` : sql``;
  return sql`SELECT ${COLUMNS} FROM (
          SELECT p.id FROM pedidos p WHERE ${filterCondition(filter)}${keyset}
          ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST LIMIT ${limit} OFFSET ${offset}) page
        JOIN pedidos p ON p.id = page.id JOIN clientes c ON c.id = p.customer_id
        ORDER BY p.created_at DESC NULLS LAST, p.id DESC NULLS LAST`;
}

function selectPage(db: Db, filter: AdminOrderFilter, limit: number, offset: number, after?: { created_at: string; id: number }) {
  return queryRows<Row>(db, pageQuery(filter, limit, offset, after));
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
