import type { Faq } from "#contract/api/catalog.ts";
import { PAGE_TEXT_DEFAULTS, pageTextKeys, type PageTexts, type TextPage } from "#contract/page-texts.ts";
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

/**
 * The how-to-buy or about page's texts in the visitor's language, as staff left them (docs/decisions/033).
 * While the API cannot answer, the page shows its default texts rather than failing.
 */
export async function loadPageTexts(api: ApiClient, locale: Locale, page: TextPage): Promise<Partial<PageTexts>> {
  const lang = apiLang(locale);
  try {
    return (await api("GET /api/public/page-texts", { query: { lang, page } })).data as Partial<PageTexts>;
  } catch (error) {
    console.error(`${page}: texts unavailable`, error);
    return Object.fromEntries(pageTextKeys(page).map((key) => [key, PAGE_TEXT_DEFAULTS[key][lang]]));
  }
}
