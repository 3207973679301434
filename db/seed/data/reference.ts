import { CURRENCIES as CONTRACT_CURRENCIES, MOEDA_IDS } from "../../../contract/currencies.ts";

/** The API's moeda_id values (spec §3, §9), as the contract defines them. */
export const CURRENCY = Object.freeze({ BRL: 1, USD: 2, PYG: 3, ARS: 4 } as const);

/** Rows of `moedas`, straight from the contract so the two can never disagree. */
export const CURRENCIES = MOEDA_IDS.map((id) => {
  const c = CONTRACT_CURRENCIES[id];
  return { id: c.id, codigo: c.codigo, simbolo: c.simbolo, casas_decimais: c.casas_decimais };
});

/** How many guaraníes one US dollar buys in the demo (also used to price the few PYG products). */
export const USD_TO_PYG = "7350";

/** Exchange rates from USD, as the shop's cashier would set them on the day (spec §9). */
export const USD_RATES: readonly { target: number; tax: string }[] = [
  { target: CURRENCY.BRL, tax: "5.42" },
  { target: CURRENCY.PYG, tax: USD_TO_PYG },
  { target: CURRENCY.ARS, tax: "1185" },
];
