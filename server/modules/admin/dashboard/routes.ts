import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationSchema as op } from "../../../lib/operation.ts";
import { security, tags, type AdminContext } from "../context.ts";
import { dashboardFigures } from "./figures.ts";

/** The dashboard's figures: owner and manager (the operations map says so; counter staff get a 403). */
export const dashboardRoutes: FastifyPluginAsyncZod<AdminContext> = async (app, { db }) => {
  app.get("/api/admin/dashboard", { schema: op("GET /api/admin/dashboard", { tags, security }) }, async () => ({
    data: await dashboardFigures(db),
  }));
};
