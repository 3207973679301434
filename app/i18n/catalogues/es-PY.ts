import shell from "../es-PY.json" with { type: "json" };
import account from "../locales/es-PY/account.json" with { type: "json" };
import cart from "../locales/es-PY/cart.json" with { type: "json" };
import catalog from "../locales/es-PY/catalog.json" with { type: "json" };
import home from "../locales/es-PY/home.json" with { type: "json" };
import product from "../locales/es-PY/product.json" with { type: "json" };

/**
 * The es-PY texts of the interface: the shell's (es-PY.json) and each feature's (locales/es-PY/),
 * except `meta`, which instance.ts holds for every locale.
 */
export default { ...shell, ...catalog, ...home, ...product, ...account, ...cart };
