import account from "../../locales/pt-BR/account-pages.json" with { type: "json" };

/** The pt-BR texts of the account pages and forms, downloaded only by the pages that show them (account-texts.ts). */
export default account;
