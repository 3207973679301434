import esARPages from "../../app/i18n/catalogues/account/es-AR.ts";
import esARMain from "../../app/i18n/catalogues/es-AR.ts";
import esMain from "../../app/i18n/locales/es-PY/account.json" with { type: "json" };
import esPages from "../../app/i18n/locales/es-PY/account-pages.json" with { type: "json" };
import ptMain from "../../app/i18n/locales/pt-BR/account.json" with { type: "json" };
import ptPages from "../../app/i18n/locales/pt-BR/account-pages.json" with { type: "json" };

// The account texts are kept in two files, the part every page shows (header, favourites) and the
// account pages' own (app/i18n/account-texts.ts); the tests read them as one.
export const accountPt = { account: { ...ptMain.account, ...ptPages.account } };
export const accountEs = { account: { ...esMain.account, ...esPages.account } };

/** es-AR's account texts as its pages show them: es-PY's with es-AR's own (decision 016). */
export const accountAr = { account: { ...esARMain.account, ...esARPages.account } };
