import type { Brand, Faq, Seller, StartData } from "#contract/api/catalog.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import type { AppLoadContext } from "#app/lib/load-context.ts";

type ApiFetch = AppLoadContext["apiFetch"];

async function getData<T>(apiFetch: ApiFetch, path: string): Promise<T> {
  const response = await apiFetch(path);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export const loadBrands = (apiFetch: ApiFetch, locale: Locale) =>
  getData<{ data: Brand[] }>(apiFetch, `/api/public/brands?lang=${apiLang(locale)}`).then((body) => body.data);

export const loadSellers = (apiFetch: ApiFetch, locale: Locale) =>
  getData<{ data: Seller[] }>(apiFetch, `/api/public/team?lang=${apiLang(locale)}`).then((body) => body.data);

/** The FAQ comes with the start data (spec §7), which the server keeps for 5 minutes. */
export async function loadFaq(apiFetch: ApiFetch, locale: Locale, currencyId: number): Promise<Faq[]> {
  const query = new URLSearchParams({ lang: apiLang(locale), moeda_id: String(currencyId), tem_estoque: "1" });
  try {
    return (await getData<StartData>(apiFetch, `/api/public/start?${query}`)).faq ?? [];
  } catch (error) {
    console.error("how-to-buy: FAQ unavailable", error);
    return [];
  }
}
