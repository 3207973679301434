import shell from "../es-AR.json" with { type: "json" };
import account from "../locales/es-AR/account.json" with { type: "json" };
import cart from "../locales/es-AR/cart.json" with { type: "json" };
import catalog from "../locales/es-AR/catalog.json" with { type: "json" };
import home from "../locales/es-AR/home.json" with { type: "json" };
import product from "../locales/es-AR/product.json" with { type: "json" };

/**
 * The es-AR texts of the interface: the shell's (es-AR.json) and each feature's (locales/es-AR/),
 * except `meta`, which instance.ts holds for every locale.
 */
export default { ...shell, ...catalog, ...home, ...product, ...account, ...cart };
