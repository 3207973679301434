import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "#db/client.ts";

export interface StockLine {
  produto_id: number;
  qtde: number;
}

export interface LockedProduct {
  id: number;
  qtde_disponivel: number;
  valor_venda: string;
  moeda_id: number;
  nome_pt: string;
  nome_es: string;
  codigo: string;
  ativo: boolean;
}

/**
 * Locks the products' rows in id order (so two checkouts never wait on each other in a cycle)
 * and answers them; the caller decides, then takes or returns stock inside the same transaction.
 */
export async function lockProducts(tx: Tx, ids: number[]): Promise<Map<number, LockedProduct>> {
  if (ids.length === 0) return new Map();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await queryRows<LockedProduct>(
    tx,
    sql`SELECT id, qtde_disponivel, valor_venda, moeda_id, nome_pt, nome_es, codigo, ativo FROM produtos
        WHERE id IN (${sql.join(
          sorted.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY id FOR UPDATE`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Lines the locked stock cannot cover, with what is left of each. */
export function shortages(lines: StockLine[], locked: Map<number, LockedProduct>) {
  return lines
    .map((l, index) => ({ index, line: l, available: locked.get(l.produto_id)?.ativo ? locked.get(l.produto_id)!.qtde_disponivel : 0 }))
    .filter((s) => s.line.qtde > s.available);
}

export async function takeStock(tx: Tx, lines: StockLine[]) {
  for (const l of [...lines].sort((a, b) => a.produto_id - b.produto_id)) {
    await tx.execute(sql`UPDATE produtos SET qtde_disponivel = qtde_disponivel - ${l.qtde}, updated_at = now() WHERE id = ${l.produto_id}`);
  }
}

export async function returnStock(tx: Tx, lines: StockLine[]) {
  for (const l of [...lines].sort((a, b) => a.produto_id - b.produto_id)) {
    await tx.execute(sql`UPDATE produtos SET qtde_disponivel = qtde_disponivel + ${l.qtde}, updated_at = now() WHERE id = ${l.produto_id}`);
  }
}

export type { Tx };
