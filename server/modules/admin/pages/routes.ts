import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminContext } from "../context.ts";

/** The FAQ, how-to-buy and about texts in both languages. */
export const pagesRoutes: FastifyPluginAsyncZod<AdminContext> = async () => {};
