import { validation } from "#contract/messages/pt-BR.ts";
import shell from "../pt-BR.json" with { type: "json" };
import account from "../locales/pt-BR/account.json" with { type: "json" };
import cart from "../locales/pt-BR/cart.json" with { type: "json" };
import catalog from "../locales/pt-BR/catalog.json" with { type: "json" };
import product from "../locales/pt-BR/product.json" with { type: "json" };

/**
 * The pt-BR texts of the interface: the shell's (pt-BR.json) and each feature's (locales/pt-BR/),
 * except `meta`, which translator.ts holds for every locale, and `home` and the account pages' texts,
 * which only the pages that show them download (catalogues/home/, catalogues/account/); and the texts of a rejected field, the API's own
 * (`validation`, contract/validation-messages.ts).
 */
export default { ...shell, ...catalog, ...product, ...account, ...cart, validation };
