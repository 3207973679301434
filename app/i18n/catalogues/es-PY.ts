import { validation } from "#contract/messages/es-PY.ts";
import shell from "../es-PY.json" with { type: "json" };
import account from "../locales/es-PY/account.json" with { type: "json" };
import cart from "../locales/es-PY/cart.json" with { type: "json" };
import catalog from "../locales/es-PY/catalog.json" with { type: "json" };
import product from "../locales/es-PY/product.json" with { type: "json" };

/**
 * The es-PY texts of the interface: the shell's (es-PY.json) and each feature's (locales/es-PY/),
 * except `meta`, which translator.ts holds for every locale, and `home` and the account pages' texts,
 * which only the pages that show them download (catalogues/home/, catalogues/account/); and the texts of a rejected field, the API's own
 * (`validation`, contract/validation-messages.ts).
 */
export default { ...shell, ...catalog, ...product, ...account, ...cart, validation };
