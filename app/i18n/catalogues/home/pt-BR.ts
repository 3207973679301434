import home from "../../locales/pt-BR/home.json" with { type: "json" };

/** The pt-BR texts of the home and content pages, downloaded only by the pages that show them (home-texts.ts). */
export default home;
