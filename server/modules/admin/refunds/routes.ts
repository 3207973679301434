import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminContext } from "../context.ts";

/** Refunds through the order's gateway, and the stock they give back. */
export const refundRoutes: FastifyPluginAsyncZod<AdminContext> = async () => {};
