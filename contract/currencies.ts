// The ids are the API's moeda_id values (spec §3, §9). One reading everywhere: the cart, the
// product's preco_atual and the exchange-rate table all use these numbers.

export type MoedaId = 1 | 2 | 3 | 4;
export type CurrencyCode = "BRL" | "USD" | "PYG" | "ARS";

export interface Currency {
  readonly id: MoedaId;
  readonly codigo: CurrencyCode;
  readonly simbolo: "R$" | "U$" | "G$" | "P$";
  readonly casas_decimais: 0 | 2;
}

export const MOEDA = Object.freeze({ BRL: 1, USD: 2, PYG: 3, ARS: 4 } as const);

export const CURRENCIES: Readonly<Record<MoedaId, Currency>> = Object.freeze({
  1: Object.freeze({ id: 1, codigo: "BRL", simbolo: "R$", casas_decimais: 2 }),
  2: Object.freeze({ id: 2, codigo: "USD", simbolo: "U$", casas_decimais: 2 }),
  3: Object.freeze({ id: 3, codigo: "PYG", simbolo: "G$", casas_decimais: 0 }),
  4: Object.freeze({ id: 4, codigo: "ARS", simbolo: "P$", casas_decimais: 2 }),
});

export const MOEDA_IDS: readonly MoedaId[] = Object.freeze([1, 2, 3, 4]);

export function isMoedaId(value: unknown): value is MoedaId {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

export function getCurrency(id: unknown): Currency | undefined {
  return isMoedaId(id) ? CURRENCIES[id] : undefined;
}
