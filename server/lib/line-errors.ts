import type { ApiMessageKey } from "#contract/messages.ts";
import { HttpError } from "./errors.ts";

/**
 * A 4xx naming, for every line at fault, its own message and maximum (`qtde_maxima` by product id),
 * so a cart with several lines over stock shows each line's limit.
 */
export function lineErrors(
  status: number,
  errors: Record<string, ApiMessageKey[]>,
  limits: Record<string, number>,
  itens: { produto_id: number }[],
  key?: ApiMessageKey,
): HttpError {
  const only = Object.entries(errors);
  const single = only.length === 1 && only[0]![1].length === 1;
  const fieldVars = Object.fromEntries(Object.entries(limits).map(([field, n]) => [field, { n }]));
  const qtde_maxima: Record<string, number> = {};
  for (const [field, n] of Object.entries(limits)) {
    const index = Number(field.split(".")[1]);
    const item = itens[index];
    if (item) qtde_maxima[String(item.produto_id)] = n;
  }
  return new HttpError(status, key ?? (single ? only[0]![1][0]! : "validation_failed"), {
    errors,
    fieldVars,
    vars: single ? (fieldVars[only[0]![0]] ?? {}) : {},
    data: Object.keys(qtde_maxima).length > 0 ? { qtde_maxima } : {},
  });
}
