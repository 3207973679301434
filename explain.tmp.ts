import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "#db/client.ts";
const database = await openDatabase({ dataDir: "data-bench/db" });
const db = database.db;
const now = new Date();
const d = (n: number) => new Date(now.getTime() - n * 86400000).toISOString();
const ranges = sql`(o.created_at >= ${d(1.5)}::timestamptz AND o.created_at < ${now.toISOString()}::timestamptz) OR (o.created_at >= ${d(7.5)}::timestamptz AND o.created_at < ${d(6.5)}::timestamptz)`;
for (const q of [
  sql`EXPLAIN ANALYZE WITH o AS MATERIALIZED (SELECT id, created_at FROM pedidos o WHERE (${ranges}) AND o.status = 'PAGO')
        SELECT i.produto_id, sum(i.qtde) FROM pedido_itens i JOIN o ON o.id = i.order_id GROUP BY i.produto_id`,
  sql`EXPLAIN ANALYZE WITH r AS (SELECT order_id, sum(valor_estornado) AS estornado FROM pagamentos WHERE valor_estornado > 0 AND created_at >= ${d(8)}::timestamptz GROUP BY order_id)
        SELECT o.moeda_id, o.status, count(*), sum(o.valor_total), sum(r.estornado) FROM pedidos o LEFT JOIN r ON r.order_id = o.id WHERE ${ranges} GROUP BY 1, 2`,
  sql`EXPLAIN ANALYZE SELECT count(*) FILTER (WHERE qtde_disponivel <= 0)::int AS sem, count(*) FILTER (WHERE qtde_disponivel > 0)::int AS baixo FROM produtos WHERE ativo AND qtde_disponivel <= 5`,
]) {
  const rows = await queryRows<Record<string, string>>(db, q);
  console.log(rows.map((r) => Object.values(r)[0]).join("\n"), "\n---");
}
await database.close();
