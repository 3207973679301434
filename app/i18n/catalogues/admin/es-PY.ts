import admin from "../../locales/es-PY/admin.json" with { type: "json" };
import orders from "../../locales/es-PY/admin-orders.json" with { type: "json" };
import counter from "../../locales/es-PY/admin-counter.json" with { type: "json" };
import refunds from "../../locales/es-PY/admin-refunds.json" with { type: "json" };
import customers from "../../locales/es-PY/admin-customers.json" with { type: "json" };
import content from "../../locales/es-PY/admin-content.json" with { type: "json" };
import pages from "../../locales/es-PY/admin-pages.json" with { type: "json" };
import delivery from "../../locales/es-PY/admin-delivery.json" with { type: "json" };
import dashboard from "../../locales/es-PY/admin-dashboard.json" with { type: "json" };
import records from "../../locales/es-PY/admin-records.json" with { type: "json" };

/**
 * The es-PY texts of the back office, downloaded only by its pages (admin-texts.ts): the first areas' in
 * admin.json, each later area's in a file of its own (admin-<area>.json).
 */
export default {
  admin: {
    ...admin.admin,
    ...orders.admin,
    ...counter.admin,
    ...refunds.admin,
    ...customers.admin,
    ...content.admin,
    ...pages.admin,
    ...delivery.admin,
    ...dashboard.admin,
    ...records.admin,
  },
};
