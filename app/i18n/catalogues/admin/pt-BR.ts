import admin from "../../locales/pt-BR/admin.json" with { type: "json" };

/** The pt-BR texts of the back office, downloaded only by its pages (admin-texts.ts). */
export default admin;
