import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import { queryRows, type Database, type DbOrTx } from "../client.ts";

export type { Database };
/** Where a seed step writes: the database or a transaction on it. */
export type Executor = DbOrTx;

/** ≈500 rows per statement keeps every insert far below Postgres' 65,535-parameter limit. */
export const BATCH_ROWS = 500;

export function chunks<T>(items: readonly T[], size = BATCH_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Multi-row inserts; rows that already exist (same key) are left alone, so reruns are harmless. */
export async function insertAll<T extends PgTable>(db: Executor, table: T, rows: PgInsertValue<T>[], size = BATCH_ROWS): Promise<void> {
  for (const part of chunks(rows, size)) {
    await db.insert(table).values(part).onConflictDoNothing();
  }
}

/**
 * The bulk path for products, images and specs: one `INSERT … VALUES (…), (…)` per ≈500 rows with
 * every value a bound parameter, built with drizzle's sql template. The query builder fills a
 * DEFAULT for every omitted column of every row, which made it the bottleneck at 100,000 products.
 * All rows must have the same keys (the table's property names); `tail` adds ON CONFLICT/RETURNING.
 */
export async function insertRows<T extends PgTable, R = never>(
  db: Executor,
  table: T,
  rows: readonly Partial<T["$inferInsert"]>[],
  tail?: SQL,
): Promise<R[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(first);
  const names = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`${getTableName(table)} has no column ${k}`);
    return sql.identifier(column.name);
  });
  const tuples = rows.map((row) => {
    const values = row as Record<string, unknown>;
    return sql`(${sql.join(
      keys.map((k) => sql`${values[k] ?? null}`),
      sql`, `,
    )})`;
  });
  const query = sql`INSERT INTO ${table} (${sql.join(names, sql`, `)}) VALUES ${sql.join(tuples, sql`, `)}${tail ?? sql``}`;
  return queryRows<R>(db, query);
}
