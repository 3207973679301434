import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminContext } from "../context.ts";

/** The customers and the review of their identity documents. */
export const customerRoutes: FastifyPluginAsyncZod<AdminContext> = async () => {};
