import type { Refund } from "#contract/api/admin/refunds.ts";
import type { RefundRow } from "../../../payments/refunds.ts";

export type RefundRowLike = Pick<
  RefundRow,
  | "id"
  | "valor"
  | "moeda_id"
  | "linhas"
  | "frete"
  | "motivo"
  | "nota"
  | "devolver_estoque"
  | "estoque_devolvido"
  | "status"
  | "resposta"
  | "autor"
  | "created_at"
>;

export const refundAnswer = (row: RefundRowLike): Refund => ({
  id: row.id,
  valor: row.valor,
  moeda_id: row.moeda_id,
  linhas: row.linhas,
  frete: row.frete,
  motivo: row.motivo,
  nota: row.nota,
  devolver_estoque: row.devolver_estoque,
  estoque_devolvido: row.estoque_devolvido,
  status: row.status as Refund["status"],
  resposta: row.resposta,
  autor: row.autor,
  created_at: row.created_at.toISOString(),
});
