import home from "../../locales/es-AR/home.json" with { type: "json" };

/** The es-AR texts of the home and content pages, downloaded only by the pages that show them (home-texts.ts). */
export default home;
