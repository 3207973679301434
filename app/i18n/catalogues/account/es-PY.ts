import account from "../../locales/es-PY/account-pages.json" with { type: "json" };

/** The es-PY texts of the account pages and forms, downloaded only by the pages that show them (account-texts.ts). */
export default account;
