import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Dashboard } from "#contract/api/admin/dashboard.ts";
import { operationSchema as op } from "../../../lib/operation.ts";
import { security, tags, type AdminContext } from "../context.ts";
import { dashboardFigures } from "./figures.ts";

/**
 * How long one working-out of the figures answers every member who opens the dashboard (per process).
 * The screen says when its figures are from; the orders list stays live (docs/decisions/034).
 */
export const DASHBOARD_FRESH_MS = 15_000;

/** The dashboard's figures: owner and manager (the operations map says so; counter staff get a 403). */
export const dashboardRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db }) => {
  // One working-out at a time: members arriving while it runs wait for the same answer.
  let latest: { at: number; figures: Promise<Dashboard> } | undefined;
  const figures = () => {
    const now = Date.now();
    if (!latest || now - latest.at > DASHBOARD_FRESH_MS) {
      const pending = dashboardFigures(db);
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
