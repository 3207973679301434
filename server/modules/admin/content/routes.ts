import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminContext } from "../context.ts";

/** Banners, the sales team and the offers sign-ups. */
export const contentRoutes: FastifyPluginAsyncZod<AdminContext> = async () => {};
