import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../../lib/errors.ts";
import { operationSchema as op } from "../../lib/operation.ts";
import { requestLocale } from "../../lib/request-locale.ts";
import { viewerOf, type Auth } from "../../plugins/auth.ts";
import type { CartService } from "../cart/service.ts";
import type { ShippingService } from "./service.ts";

/** Shipping for a cart (spec §7 calcular-frete, pontos-entrega). */
export const shippingRoutes: FastifyPluginAsyncZod<{ cart: CartService; shipping: ShippingService; auth: Auth }> = async (
  app,
  { cart, shipping, auth },
) => {
  const tags = ["shipping"];

  app.put(
    "/ecom/venda/carrinho/:external_id/calcular-frete",
    { schema: op("PUT /ecom/venda/carrinho/{external_id}/calcular-frete", { tags }), preHandler: auth.optional },
    async (req) => {
      const viewer = viewerOf(req);
      // A client that lost its cart's external id sends what it holds instead ("null", "undefined"): spec §8 names that.
      if (!z.uuid().safeParse(req.params.external_id).success) throw new HttpError(404, "shipping_external_id_missing");
      const row = await cart.openCart(req.params.external_id, viewer, "shipping_cart_unavailable");
      const lines = await cart.activeLines(row.id);
      return shipping.quoteCart({
        cart: row,
        lineCount: lines.length,
        customerId: viewer.customerId,
        body: req.body,
        locale: requestLocale(req),
        lang: viewer.lang,
      });
    },
  );

  app.get(
    "/ecom/venda/carrinho/:external_id/pontos-entrega",
    { schema: op("GET /ecom/venda/carrinho/{external_id}/pontos-entrega", { tags }), preHandler: auth.optional },
    async (req) => {
      const key = req.params.external_id;
      const viewer = viewerOf(req);
      // The storefront may call this with the cart's id or its external id.
      const row = z.uuid().safeParse(key).success ? await cart.openCart(key, viewer) : await cart.openCartById(Number(key), viewer);
      return { data: row ? await shipping.pickupPoints() : [] };
    },
  );
};
