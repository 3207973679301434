import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminContext } from "../context.ts";

/** The orders: list, CSV, detail with its timeline, notes, fulfilment and cancellation. */
export const ordersRoutes: FastifyPluginAsyncZod<AdminContext> = async () => {};
