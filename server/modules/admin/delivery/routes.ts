import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminContext } from "../context.ts";

/** Shipping services, their rates per department and city, and pickup points. */
export const deliveryRoutes: FastifyPluginAsyncZod<AdminContext> = async () => {};
