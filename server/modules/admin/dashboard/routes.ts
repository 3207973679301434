import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminContext } from "../context.ts";

/** The dashboard's figures. */
export const dashboardRoutes: FastifyPluginAsyncZod<AdminContext> = async () => {};
