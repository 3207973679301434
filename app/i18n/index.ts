import { LOCALES } from "#contract/locale.ts";
import accountEsAR from "./catalogues/account/es-AR.ts";
import accountEsPY from "./catalogues/account/es-PY.ts";
import accountPtBR from "./catalogues/account/pt-BR.ts";
import adminEsAR from "./catalogues/admin/es-AR.ts";
import adminEsPY from "./catalogues/admin/es-PY.ts";
import adminPtBR from "./catalogues/admin/pt-BR.ts";
import esAR from "./catalogues/es-AR.ts";
import esPY from "./catalogues/es-PY.ts";
import homeEsAR from "./catalogues/home/es-AR.ts";
import homeEsPY from "./catalogues/home/es-PY.ts";
import homePtBR from "./catalogues/home/pt-BR.ts";
import ptBR from "./catalogues/pt-BR.ts";
import { holdCatalogue, inheritCatalogue, metaTexts } from "./translator.ts";

/**
 * The server's texts: every catalogue is bundled, so rendering never waits for a network load and
 * any request can be answered in any language. The browser downloads only the visitor's
 * catalogue, and its `home`, `account` and `admin` groups on the pages that show them (browser.ts). The shell's texts live
 * in <locale>.json; each feature keeps its own file under locales/<locale>/, with one top-level
 * key named after the feature. es-AR's files hold only what differs from es-PY, which it inherits
 * (decision 016).
 */
const catalogues = { "pt-BR": ptBR, "es-AR": esAR, "es-PY": esPY } as const;
const home = { "pt-BR": homePtBR, "es-AR": homeEsAR, "es-PY": homeEsPY } as const;
const account = { "pt-BR": accountPtBR, "es-AR": accountEsAR, "es-PY": accountEsPY } as const;
const admin = { "pt-BR": adminPtBR, "es-AR": adminEsAR, "es-PY": adminEsPY } as const;

// The account group shares its top-level key with the main catalogue (`account.header` is in every
// page's): merged, not spread.
const all = (locale: keyof typeof catalogues) =>
  inheritCatalogue(
    inheritCatalogue({ ...catalogues[locale], ...home[locale], ...admin[locale], ...metaTexts[locale] }, account[locale]),
    {},
  ) as typeof ptBR & typeof homePtBR & typeof adminPtBR & (typeof metaTexts)["pt-BR"] & { account: typeof ptBR.account & typeof accountPtBR.account };

/** Every text of each locale, as the server holds them. */
export const resources = { "pt-BR": all("pt-BR"), "es-AR": all("es-AR"), "es-PY": all("es-PY") } as const;

for (const locale of LOCALES) {
  holdCatalogue(locale, catalogues[locale]);
  holdCatalogue(locale, home[locale], "home");
  holdCatalogue(locale, account[locale], "account");
  holdCatalogue(locale, admin[locale], "admin");
}

export { fixedT, translatorFor } from "./translator.ts";
