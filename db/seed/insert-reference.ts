import { cities, countries, currencies, exchangeRates, states } from "../schema/index.ts";
import { CURRENCIES, CURRENCY, USD_RATES } from "./data/reference.ts";
import { loadGeography } from "./geo/index.ts";
import { insertAll, type Executor } from "./batch.ts";

/** Countries, states and cities from the bundled geography; existing rows are kept. */
export async function insertGeography(db: Executor): Promise<{ states: number; cities: number }> {
  const geo = loadGeography();
  await insertAll(db, countries, geo.countries);
  await insertAll(db, states, geo.states);
  await insertAll(db, cities, geo.cities);
  return { states: geo.states.length, cities: geo.cities.length };
}

export async function insertCurrencies(db: Executor): Promise<void> {
  await insertAll(db, currencies, CURRENCIES);
  await insertAll(
    db,
    exchangeRates,
    USD_RATES.map((r) => ({ source_currency_id: CURRENCY.USD, target_currency_id: r.target, tax: r.tax })),
  );
}
