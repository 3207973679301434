import type { FastifyPluginAsync } from "fastify";
import type { Config } from "#config/config.ts";
import type { Db } from "#db/client.ts";
import type { Limiter } from "../../lib/limiter.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { Storage } from "../../lib/storage.ts";
import type { PaymentService } from "../../payments/service.ts";
import type { AccountsService } from "../accounts/service.ts";
import { createStaffAccess } from "./access.ts";
import { catalogueRoutes } from "./catalogue/routes.ts";
import type { AdminContext, DashboardCatalogue } from "./context.ts";
import { importsRoutes } from "./imports/routes.ts";
import { ordersRoutes } from "./orders/routes.ts";
import { counterRoutes } from "./counter/routes.ts";
import { refundRoutes } from "./refunds/routes.ts";
import { customerRoutes } from "./customers/routes.ts";
import { contentRoutes } from "./content/routes.ts";
import { pagesRoutes } from "./pages/routes.ts";
import { deliveryRoutes } from "./delivery/routes.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import { createApiKeys } from "./staff/api-keys.ts";
import { staffRoutes } from "./staff/routes.ts";
import { createStaffService } from "./staff/service.ts";

/** The back office's areas, one folder each: its routes, services and queries together. */
const AREAS = [
  staffRoutes,
  catalogueRoutes,
  importsRoutes,
  ordersRoutes,
  counterRoutes,
  refundRoutes,
  customerRoutes,
  contentRoutes,
  pagesRoutes,
  deliveryRoutes,
  dashboardRoutes,
];

export interface AdminOptions {
  db: Db;
  config: Config;
  limiter: Limiter;
  /** The staff's password reset and enrolment links, and the customers' order e-mails. */
  mailer: Mailer;
  /** Where the customers' identity documents are kept. */
  storage: Storage;
  /** The customers' accounts: a confirmation e-mail sent again, a password reset started by staff. */
  accounts: AccountsService;
  /** The gateways' refunds. */
  payments: PaymentService;
  concurrentWrites: boolean;
  /** The in-memory catalogue: the dashboard's stock and its most sold products' names. */
  catalogue: DashboardCatalogue;
}

/**
 * The back office's API (`/api/admin/...`, docs/decisions/020). The access check of access.ts runs
 * before every route of every area, reading the roles from the operations map, so an area cannot
 * forget it. Catalogue writes clear the storefront's caches (storefrontCachePlugin, registered before).
 */
export const adminPlugin: FastifyPluginAsync<AdminOptions> = async (
  app,
  { db, config, limiter, mailer, storage, accounts, payments, concurrentWrites, catalogue },
) => {
  const context: AdminContext = {
    db,
    config,
    mailer,
    storage,
    accounts,
    payments,
    // The authenticator app names the account by the store's host.
    staff: createStaffService({
      db,
      limiter,
      mailer,
      secret: config.appSecret,
      issuer: new URL(config.publicUrl).hostname,
      log: (err) => app.log.error({ err }, "staff mail failed"),
    }),
    apiKeys: createApiKeys(db),
    concurrentWrites,
    catalogue,
    changed: () => app.storefront.changed(),
  };
  app.addHook("onRequest", createStaffAccess(context.staff, context.apiKeys, config, db));
  for (const area of AREAS) await app.register(area, context);
};
