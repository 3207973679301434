import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Dashboard } from "#contract/api/admin/dashboard.ts";
import { operationSchema as op } from "../../../lib/operation.ts";
import { security, tags, type AdminContext } from "../context.ts";
import { ClosedHours } from "./closed-hours.ts";
import { closedHourFigures } from "./queries.ts";
import { dashboardFigures } from "./figures.ts";

/** The dashboard's figures: owner and manager (the operations map says so; counter staff get a 403). */
export const dashboardRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db, config, catalogue }) => {
  // How long one working-out answers every member who opens the dashboard (config.dashboardFreshMs, 15 s by
  // default; the screen says when its figures are from; the orders list stays live, docs/decisions/034).
  // Members arriving within it wait for the same answer; at 0 each request works the figures out.
  const freshMs = config.dashboardFreshMs;
  // The hours that are over, kept by this process until an order of theirs changes (docs/decisions/044).
  const closed = new ClosedHours(closedHourFigures);
  let latest: { at: number; figures: Promise<Dashboard> } | undefined;
  const figures = () => {
    const now = Date.now();
    if (!latest || now - latest.at >= freshMs) {
      const pending = dashboardFigures(db, new Date(), closed, catalogue);
      latest = { at: now, figures: pending };
      // A failure is not kept: the next request works the figures out again.
      pending.catch(() => {
        if (latest?.figures === pending) latest = undefined;
      });
    }
    return latest.figures;
  };
  app.get("/api/admin/dashboard", { schema: op("GET /api/admin/dashboard", { tags, security }) }, async () => ({ data: await figures() }));
};
