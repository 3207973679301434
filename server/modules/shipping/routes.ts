import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ShippingBodySchema } from "#contract/api/cart.ts";
import { textSchema } from "#contract/api/common.ts";
import type { Db } from "#db/client.ts";
import { addresses, customers } from "#db/schema/index.ts";
import { HttpError } from "../../lib/errors.ts";
import { requestLocale } from "../../lib/request-locale.ts";
import type { Auth } from "../../plugins/auth.ts";
import { viewerOf } from "../cart/routes.ts";
import { cartCurrencyFor, type CartService } from "../cart/service.ts";
import type { ShippingService } from "./service.ts";

const CartKeySchema = z.object({ external_id: textSchema().min(1).max(64) });

/** Shipping for a cart (spec §7 calcular-frete, pontos-entrega). */
export const shippingRoutes: FastifyPluginAsyncZod<{ db: Db; cart: CartService; shipping: ShippingService; auth: Auth }> = async (
  app,
  { db, cart, shipping, auth },
) => {
  const tags = ["shipping"];

  app.put(
    "/ecom/venda/carrinho/:external_id/calcular-frete",
    { schema: { tags, params: CartKeySchema, body: ShippingBodySchema }, preHandler: auth.optional },
    async (req) => {
      const viewer = viewerOf(req);
      if (!z.uuid().safeParse(req.params.external_id).success) throw new HttpError(404, "shipping_cart_unavailable");
      const row = await cart.openCart(req.params.external_id, viewer, "shipping_cart_unavailable");
      let cidadeId = req.body.cidade_alternativa_id ?? req.body.cidade_id ?? null;
      // An address outside the store's geography (an Argentine one) is answered with the shop and the no-delivery notice.
      let outsideGeography = false;
      if (req.body.cliente_endereco_id) {
        if (viewer.customerId === null) throw new HttpError(401, "session_expired");
        const [address] = await db
          .select({ cidade_id: addresses.cidade_id })
          .from(addresses)
          .where(and(eq(addresses.id, req.body.cliente_endereco_id), eq(addresses.customer_id, viewer.customerId), eq(addresses.ativo, true)));
        if (!address) throw new HttpError(404, "not_found");
        cidadeId = req.body.cidade_alternativa_id ?? address.cidade_id;
        outsideGeography = cidadeId === null;
      }
      const lines = await cart.activeLines(row.id);
      if ((!cidadeId && !outsideGeography) || lines.length === 0) throw new HttpError(422, "shipping_needs_city");
      const [customer] = viewer.customerId
        ? await db.select({ estrangeiro: customers.estrangeiro }).from(customers).where(eq(customers.id, viewer.customerId))
        : [];
      return shipping.quote({
        cartId: row.id,
        // Spec §9: a customer is quoted in their own currency, which checkout will charge in.
        moedaId: await cartCurrencyFor(db, viewer.customerId, row.moeda_id),
        cidadeId,
        pontoId: req.body.id_ponto_entrega,
        foreignCustomer: customer?.estrangeiro ?? false,
        locale: requestLocale(req),
        lang: viewer.lang,
      });
    },
  );

  app.get(
    "/ecom/venda/carrinho/:external_id/pontos-entrega",
    { schema: { tags, params: CartKeySchema }, preHandler: auth.optional },
    async (req) => {
      const key = req.params.external_id;
      const viewer = viewerOf(req);
      // The storefront may call this with the cart's id or its external id.
      const row = z.uuid().safeParse(key).success
        ? await cart.openCart(key, viewer)
        : await cart.openCartById(Number(key), viewer);
      return { data: row ? await shipping.pickupPoints() : [] };
    },
  );
};
