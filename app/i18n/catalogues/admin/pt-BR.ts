import admin from "../../locales/pt-BR/admin.json" with { type: "json" };
import orders from "../../locales/pt-BR/admin-orders.json" with { type: "json" };
import counter from "../../locales/pt-BR/admin-counter.json" with { type: "json" };
import refunds from "../../locales/pt-BR/admin-refunds.json" with { type: "json" };
import customers from "../../locales/pt-BR/admin-customers.json" with { type: "json" };
import content from "../../locales/pt-BR/admin-content.json" with { type: "json" };
import pages from "../../locales/pt-BR/admin-pages.json" with { type: "json" };
import delivery from "../../locales/pt-BR/admin-delivery.json" with { type: "json" };
import dashboard from "../../locales/pt-BR/admin-dashboard.json" with { type: "json" };
import records from "../../locales/pt-BR/admin-records.json" with { type: "json" };

/**
 * The pt-BR texts of the back office, downloaded only by its pages (admin-texts.ts): the first areas' in
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
