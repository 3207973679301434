import shell from "../es-AR.json" with { type: "json" };
import account from "../locales/es-AR/account.json" with { type: "json" };
import cart from "../locales/es-AR/cart.json" with { type: "json" };
import catalog from "../locales/es-AR/catalog.json" with { type: "json" };
import product from "../locales/es-AR/product.json" with { type: "json" };

/**
 * The es-AR texts of the interface: the shell's (es-AR.json) and each feature's (locales/es-AR/),
 * except `meta`, which translator.ts holds for every locale, and `home`, which only the pages
 * that show it download (catalogues/home/).
 */
export default { ...shell, ...catalog, ...product, ...account, ...cart };
