import { MAX_QTY } from "#contract/api/cart-constants.ts";
import type { ProductSummary } from "#contract/api/catalog.ts";
import { MOEDA } from "#contract/currencies.ts";
import { isPrice } from "#contract/money.ts";

/** Spec §9: a logged-in foreigner pays in dollars, a resident in guaranies; a guest by locale. */
export function cartCurrency(shell: { customer: { estrangeiro: boolean } | null; currencyId: number } | undefined): number {
  if (shell?.customer) return shell.customer.estrangeiro ? MOEDA.USD : MOEDA.PYG;
  return shell?.currencyId ?? MOEDA.USD;
}

/** Spec §5: at most the smaller of 99 and the stock. */
export const stockLimit = (product: Pick<ProductSummary, "qtde_disponivel"> | null | undefined) =>
  Math.max(0, Math.min(MAX_QTY, product?.qtde_disponivel ?? 0));

/** Spec §5: no stock or an invalid price cannot be added. */
export const isSellable = (product: ProductSummary) =>
  product.tem_estoque && product.qtde_disponivel > 0 && product.mostrar_preco && isPrice(product.preco_atual?.valor_venda);
