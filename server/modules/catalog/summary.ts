import type { ExchangeRate, ProductSummary } from "#contract/api/catalog.ts";
import { priceIn } from "#contract/money.ts";
import type { ProductRow } from "./repo.ts";

/** A product row as the API sends it, prices in the asked currency. */
export function toSummary(row: ProductRow, moedaId: number, rateList: ExchangeRate[]): ProductSummary {
  // A hidden price ("price on request") never leaves the server, in any list, page or export.
  const shown = row.mostrar_preco;
  return {
    id: row.id,
    slug: row.slug,
    nome: row.nome,
    codigo: row.codigo,
    imagens: (row.imagens ?? []).map((url) => ({ url })),
    valor_venda: shown ? row.valor_venda : null,
    moeda: { id: row.moeda_id },
    preco_atual: shown ? priceIn(row.valor_venda, row.moeda_id, moedaId, rateList) : null,
    qtde_disponivel: row.qtde_disponivel,
    tem_estoque: row.tem_estoque,
    tem_estoque_fisico: row.qtde_fisica > 0,
    mostrar_preco: row.mostrar_preco,
    especial: row.especial,
    token: "",
    marca: row.marca_id ? { id: row.marca_id, nome: row.marca_nome!, slug: row.marca_slug! } : null,
    categoria: row.categoria_id ? { id: row.categoria_id, name: row.categoria_name!, slug: row.categoria_slug! } : null,
    departamento: row.departamento_id ? { id: row.departamento_id, name: row.departamento_name!, slug: row.departamento_slug! } : null,
  };
}
