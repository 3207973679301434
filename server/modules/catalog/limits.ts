import type { FastifyRequest } from "fastify";

/**
 * Per-client-address limits of the costly calls (counted in Redis when it is configured), far above
 * what a shopper does: a search or suggestion (a list call with text; the plain lists are cached and
 * shared) and a full-catalogue export. Past them the answer is 429 with a localized message.
 */
const searching = (req: FastifyRequest) => Boolean((req.query as { text?: unknown } | undefined)?.text);
/** `RATE_LIMITS=0` lifts them: the speed benchmark drives thousands of searches from one address. */
const lifted = () => process.env.RATE_LIMITS === "0";
export const SEARCH_RATE_LIMIT = { max: 120, timeWindow: "1 minute", allowList: (req: FastifyRequest) => lifted() || !searching(req) };
export const EXPORT_RATE_LIMIT = { max: 20, timeWindow: "10 minutes", allowList: () => lifted() };
