import type { Faq } from "#contract/api/catalog.ts";
import { apiLang, type Locale } from "#contract/locale.ts";
import type { ApiClient } from "#app/lib/api-client.ts";

export const loadBrands = (api: ApiClient, locale: Locale) =>
  api("GET /api/public/brands", { query: { lang: apiLang(locale) } }).then((body) => body.data);

export const loadSellers = (api: ApiClient, locale: Locale) =>
  api("GET /api/public/team", { query: { lang: apiLang(locale) } }).then((body) => body.data);

/** The FAQ comes with the start data (spec §7), which the server keeps for 5 minutes. */
export async function loadFaq(api: ApiClient, locale: Locale, currencyId: number): Promise<Faq[]> {
  try {
    return (await api("GET /api/public/start", { query: { lang: apiLang(locale), moeda_id: currencyId, tem_estoque: "1" } })).faq;
  } catch (error) {
    console.error("how-to-buy: FAQ unavailable", error);
    return [];
  }
}
