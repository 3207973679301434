import type { Cart } from "#contract/api/cart.ts";
import { readStoredJson, writeStoredJson } from "#app/lib/local-store.ts";
import { toInput, type LineInput } from "#app/lib/cart-api.ts";

/**
 * A copy of the cart's active lines in localStorage, and whether they were a signed-in customer's.
 * When the session runs out the customer's cart is theirs alone on the server, so after a reload
 * this copy is what becomes their guest cart: nothing they put in the cart is lost.
 */
const KEY = "cartBackup";

export interface CartBackup {
  customer: boolean;
  lines: LineInput[];
}

export const activeInputs = (cart: Cart | null): LineInput[] => (cart?.itens ?? []).filter((l) => l.ativo && l.qtde > 0).map(toInput);

/** Private mode: no copy, the cart lives for this page only. */
export function writeBackup(cart: Cart | null, customer: boolean) {
  writeStoredJson(KEY, cart ? ({ customer, lines: activeInputs(cart) } satisfies CartBackup) : null);
}

export function readBackup(): CartBackup | null {
  const parsed = readStoredJson(KEY) as Partial<CartBackup> | null;
  if (!parsed || typeof parsed !== "object" || typeof parsed.customer !== "boolean" || !Array.isArray(parsed.lines)) return null;
  const lines = parsed.lines.filter(
    (l): l is LineInput => typeof l === "object" && l !== null && Number.isInteger(l.produto_id) && Number.isInteger(l.qtde) && l.qtde > 0,
  );
  return {
    customer: parsed.customer,
    lines: lines.map((l) => ({ produto_id: l.produto_id, qtde: l.qtde, ativo: true, token: String(l.token ?? "") })),
  };
}
