import admin from "../../locales/es-PY/admin.json" with { type: "json" };

/** The es-PY texts of the back office, downloaded only by its pages (admin-texts.ts). */
export default admin;
