import home from "../../locales/es-AR/home.json" with { type: "json" };
import { inheritCatalogue } from "../../translator.ts";
import homeEsPY from "./es-PY.ts";

/** The es-AR texts of the home and content pages: es-PY's, with the few es-AR says otherwise (decision 016). */
export default inheritCatalogue(homeEsPY, home);
