import account from "../../locales/es-AR/account-pages.json" with { type: "json" };
import { inheritCatalogue } from "../../translator.ts";
import accountEsPY from "./es-PY.ts";

/** The es-AR texts of the account pages and forms: es-PY's, with the few es-AR says otherwise (decision 016). */
export default inheritCatalogue(accountEsPY, account);
