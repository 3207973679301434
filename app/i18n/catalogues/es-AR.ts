import { validation } from "#contract/messages/es-AR.ts";
import shell from "../es-AR.json" with { type: "json" };
import cart from "../locales/es-AR/cart.json" with { type: "json" };
import catalog from "../locales/es-AR/catalog.json" with { type: "json" };
import product from "../locales/es-AR/product.json" with { type: "json" };
import { inheritCatalogue } from "../translator.ts";
import esPY from "./es-PY.ts";

/**
 * The es-AR texts of the interface: every es-PY text, except those Argentine Spanish says otherwise,
 * which es-AR.json and locales/es-AR/ hold (decision 016). Like es-PY's, without `meta` (translator.ts)
 * and the groups (catalogues/home/, catalogues/account/).
 */
export default inheritCatalogue(esPY, { ...shell, ...catalog, ...product, ...cart, validation });
