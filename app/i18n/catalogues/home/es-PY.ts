import home from "../../locales/es-PY/home.json" with { type: "json" };

/** The es-PY texts of the home and content pages, downloaded only by the pages that show them (home-texts.ts). */
export default home;
