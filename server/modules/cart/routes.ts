import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationSchema as op } from "../../lib/operation.ts";
import { customerOf, viewerOf, type Auth } from "../../plugins/auth.ts";
import type { CartHandover } from "./handover.ts";
import type { CartService } from "./service.ts";

/** The cart of spec §7: guests and customers; the server prices every line. */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService; handover: CartHandover; auth: Auth }> = async (app, { cart, handover, auth }) => {
  const tags = ["cart"];
  const preHandler = auth.optional;

  app.post(
    "/ecom/venda/carrinho",
    { schema: op("POST /ecom/venda/carrinho", { tags }), preHandler, config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
    async (req) => ({
      data: await cart.create(req.body, viewerOf(req)),
    }),
  );

  app.put(
    "/ecom/venda/carrinho/:id",
    { schema: op("PUT /ecom/venda/carrinho/{id}", { tags }), preHandler, config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
    async (req) => ({ data: await cart.update(req.params.id, req.body, viewerOf(req)) }),
  );

  app.get("/ecom/venda/carrinho/:external_id", { schema: op("GET /ecom/venda/carrinho/{external_id}", { tags }), preHandler }, async (req) => ({
    data: await cart.get(req.params.external_id, viewerOf(req), req.query.moeda_id),
  }));

  // Claiming the guest cart after login is a write: the session cookie only counts on it from the store's own pages.
  app.post(
    "/ecom/venda/carrinho/:external_id/vincular",
    { schema: op("POST /ecom/venda/carrinho/{external_id}/vincular", { tags }), preHandler: auth.required },
    async (req) => ({ data: await cart.claim(req.params.external_id, customerOf(req).id, viewerOf(req), req.query.moeda_id) }),
  );

  // A language switch to the other brand's host takes the guest's cart along (docs/decisions/040).
  app.post(
    "/ecom/venda/carrinho/:external_id/passagem",
    {
      schema: op("POST /ecom/venda/carrinho/{external_id}/passagem", { tags }),
      preHandler,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (req) => ({ token: await handover.give(req.params.external_id, viewerOf(req)) }),
  );

  app.post(
    "/ecom/venda/carrinho/passagem",
    { schema: op("POST /ecom/venda/carrinho/passagem", { tags }), config: { rateLimit: { max: 30, timeWindow: "1 minute" } } },
    async (req) => ({ external_id: await handover.take(req.body.token) }),
  );
};
