import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminContext } from "../context.ts";

/** The pickup counter: a pickup code, the buyer's document, the handover. */
export const counterRoutes: FastifyPluginAsyncZod<AdminContext> = async () => {};
