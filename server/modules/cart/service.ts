import Big from "big.js";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { MAX_QTY, type Cart, type CartBody } from "#contract/api/cart.ts";
import { isDbId } from "#contract/api/common.ts";
import { CURRENCIES, isMoedaId } from "#contract/currencies.ts";
import type { ApiMessageKey } from "#contract/messages.ts";
import { formatPrice } from "#contract/money.ts";
import type { Db } from "#db/client.ts";
import { cartItems, carts, products } from "#db/schema/index.ts";
import { HttpError } from "../../lib/errors.ts";
import { lineErrors } from "../../lib/line-errors.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { cartCurrencyFor, unitPrice } from "../catalog/pricing.ts";
import type { CatalogService } from "../catalog/service.ts";

export type CartRow = typeof carts.$inferSelect;

export function createCartService(db: Db, catalog: CatalogService) {
  /** The most units of a product one line may hold (spec §5): the stock, at most 99. */
  const lineLimit = (stock: number) => Math.max(0, Math.min(MAX_QTY, stock));

  /** A cart the viewer may see: a guest cart by its unguessable external id, a customer's only by its owner. */
  async function visible(row: CartRow | undefined, viewer: Viewer): Promise<CartRow> {
    if (!row || row.status !== "aberto") throw new HttpError(404, "cart_not_found");
    if (row.customer_id !== null && row.customer_id !== viewer.customerId) {
      // A customer's cart asked for with a session that has just ended: say so, rather than "not found".
      throw viewer.sessionEnded && viewer.customerId === null ? new HttpError(401, "session_expired") : new HttpError(404, "cart_not_found");
    }
    return row;
  }

  const byExternalId = async (externalId: string) => (await db.select().from(carts).where(eq(carts.external_id, externalId)))[0];

  async function present(row: CartRow, viewer: Viewer): Promise<Cart> {
    const lines = await db.select().from(cartItems).where(eq(cartItems.cart_id, row.id)).orderBy(cartItems.id);
    const summaries = await catalog.productsByIds(
      lines.map((l) => l.produto_id),
      viewer.lang,
      row.moeda_id,
    );
    const byId = new Map(summaries.map((p) => [p.id, p]));
    const currency = CURRENCIES[isMoedaId(row.moeda_id) ? row.moeda_id : 2];
    return {
      id: row.id,
      external_id: row.external_id,
      filial_id: row.filial_id,
      moeda_id: row.moeda_id,
      moeda: { id: currency.id, simbolo: currency.simbolo, casas_decimais: currency.casas_decimais },
      valor_total: new Big(row.valor_total).toFixed(currency.casas_decimais),
      valor_total_formatado: formatPrice(row.valor_total, row.moeda_id),
      cliente_endereco_id: row.cliente_endereco_id,
      itens: lines.map((l) => ({
        id: l.id,
        produto_id: l.produto_id,
        qtde: l.qtde,
        ativo: l.ativo,
        armazem_id: l.armazem_id,
        valor_unitario: new Big(l.valor_unitario).toFixed(currency.casas_decimais),
        valor_subtotal: new Big(l.valor_unitario).times(l.ativo ? l.qtde : 0).toFixed(currency.casas_decimais),
        token: l.token,
        produto: byId.get(l.produto_id) ?? null,
      })),
    };
  }

  /**
   * Writes the whole cart as the client sent it: lines it no longer lists become inactive, every
   * active line is checked against the stock and priced by the server.
   */
  async function write(row: CartRow, body: CartBody, viewer: Viewer, moedaId: number) {
    const wanted = new Map<number, { qtde: number; ativo: boolean; token: string }>();
    for (const item of body.itens) {
      const ativo = item.ativo && item.qtde > 0;
      wanted.set(item.produto_id, { qtde: ativo ? item.qtde : 0, ativo, token: item.token ?? "" });
    }
    const ids = [...wanted.keys()];
    const found = ids.length
      ? await db
          .select({
            id: products.id,
            valor_venda: products.valor_venda,
            moeda_id: products.moeda_id,
            stock: products.qtde_disponivel,
            mostrar_preco: products.mostrar_preco,
          })
          .from(products)
          .where(and(inArray(products.id, ids), eq(products.ativo, true)))
      : [];
    const byId = new Map(found.map((p) => [p.id, p]));
    // A removed line of a product no longer sold is simply forgotten (its row, if any, stays inactive).
    for (const [produtoId, line] of wanted) if (!line.ativo && !byId.has(produtoId)) wanted.delete(produtoId);
    const errors: Record<string, ApiMessageKey[]> = {};
    const limits: Record<string, number> = {};
    body.itens.forEach((item, i) => {
      const product = byId.get(item.produto_id);
      const line = wanted.get(item.produto_id);
      if (!line) return;
      if (!product) errors[`itens.${i}.produto_id`] = ["product_unavailable"];
      else if (line.ativo && (product.stock <= 0 || !product.mostrar_preco)) errors[`itens.${i}.qtde`] = ["product_unavailable"];
      else if (line.ativo && line.qtde > lineLimit(product.stock)) {
        // Each line names its own maximum.
        errors[`itens.${i}.qtde`] = ["stock_max"];
        limits[`itens.${i}.qtde`] = lineLimit(product.stock);
      }
    });
    if (Object.keys(errors).length > 0) throw lineErrors(422, errors, limits, body.itens);
    const rates = await catalog.rates();
    await db.transaction(async (tx) => {
      let total = new Big(0);
      await tx.update(cartItems).set({ ativo: false }).where(eq(cartItems.cart_id, row.id));
      for (const [produtoId, line] of wanted) {
        const product = byId.get(produtoId)!;
        const price = unitPrice(product.valor_venda, product.moeda_id, moedaId, rates);
        if (line.ativo) total = total.plus(new Big(price).times(line.qtde));
        await tx
          .insert(cartItems)
          .values({ cart_id: row.id, produto_id: produtoId, qtde: line.qtde, valor_unitario: price, ativo: line.ativo, token: line.token })
          .onConflictDoUpdate({
            target: [cartItems.cart_id, cartItems.produto_id],
            set: { qtde: line.qtde, valor_unitario: price, ativo: line.ativo, token: line.token },
          });
      }
      await tx
        .update(carts)
        .set({
          moeda_id: moedaId,
          valor_total: total.toFixed(2),
          customer_id: row.customer_id ?? viewer.customerId,
          updated_at: new Date(),
        })
        .where(eq(carts.id, row.id));
    });
    return present((await byExternalId(row.external_id))!, viewer);
  }

  async function create(body: CartBody, viewer: Viewer): Promise<Cart> {
    const moedaId = await cartCurrencyFor(db, viewer.customerId, body.moeda_id);
    const inserted = await db
      .insert(carts)
      .values({ external_id: body.external_id, moeda_id: moedaId, customer_id: viewer.customerId })
      .onConflictDoNothing()
      .returning();
    // The storefront reads this error's field name and falls back to an update (spec §7).
    if (inserted.length === 0) throw new HttpError(409, "external_id_taken", { errors: { external_id: ["external_id_taken"] } });
    return write(inserted[0]!, body, viewer, moedaId);
  }

  async function update(id: number, body: CartBody, viewer: Viewer): Promise<Cart> {
    const row = await visible(await byExternalId(body.external_id), viewer);
    if (row.id !== id) throw new HttpError(404, "cart_not_found");
    return write(row, body, viewer, await cartCurrencyFor(db, viewer.customerId, body.moeda_id));
  }

  /**
   * Reads a cart, re-priced in the asked (or the customer's) currency when that changed. A read never
   * changes who owns the cart: a signed-in visitor's browser can be made to GET any address by another
   * site, so claiming a guest cart is a write of its own (`claim`).
   */
  async function get(externalId: string, viewer: Viewer, moedaId?: number): Promise<Cart> {
    const row = await visible(await byExternalId(externalId), viewer);
    const target = await cartCurrencyFor(db, viewer.customerId, moedaId ?? row.moeda_id);
    if (target !== row.moeda_id) await reprice(row, target);
    return present((await byExternalId(externalId))!, viewer);
  }

  /** The signed-in customer takes over the guest cart they filled before logging in (POST …/vincular). */
  async function claim(externalId: string, customerId: number, viewer: Viewer, moedaId?: number): Promise<Cart> {
    const row = await visible(await byExternalId(externalId), viewer);
    if (row.customer_id === null) {
      // Only while it is still a guest's: of two claims at once the first wins and the second gets 404.
      const [taken] = await db
        .update(carts)
        .set({ customer_id: customerId, updated_at: new Date() })
        .where(and(eq(carts.id, row.id), isNull(carts.customer_id)))
        .returning({ id: carts.id });
      if (!taken) await visible(await byExternalId(externalId), viewer);
    }
    return get(externalId, viewer, moedaId);
  }

  async function reprice(row: CartRow, moedaId: number) {
    const rates = await catalog.rates();
    await db.transaction(async (tx) => {
      const lines = await tx
        .select({ id: cartItems.id, qtde: cartItems.qtde, ativo: cartItems.ativo, valor_venda: products.valor_venda, moeda_id: products.moeda_id })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.produto_id))
        .where(eq(cartItems.cart_id, row.id));
      let total = new Big(0);
      for (const l of lines) {
        const price = unitPrice(l.valor_venda, l.moeda_id, moedaId, rates);
        if (l.ativo) total = total.plus(new Big(price).times(l.qtde));
        await tx.update(cartItems).set({ valor_unitario: price }).where(eq(cartItems.id, l.id));
      }
      await tx
        .update(carts)
        .set({ moeda_id: moedaId, valor_total: total.toFixed(2), updated_at: new Date() })
        .where(eq(carts.id, row.id));
    });
  }

  /** The open cart a request may act on (shipping, checkout), or a 404 with the given message. */
  async function openCart(externalId: string, viewer: Viewer, missing: ApiMessageKey = "cart_not_found") {
    const row = await byExternalId(externalId);
    try {
      return await visible(row, viewer);
    } catch {
      throw new HttpError(404, missing);
    }
  }

  async function openCartById(id: number, viewer: Viewer) {
    if (!isDbId(id)) throw new HttpError(404, "cart_not_found");
    const [row] = await db.select().from(carts).where(eq(carts.id, id));
    return visible(row, viewer);
  }

  async function activeLines(cartId: number) {
    return db
      .select({ produto_id: cartItems.produto_id, qtde: cartItems.qtde })
      .from(cartItems)
      .where(and(eq(cartItems.cart_id, cartId), eq(cartItems.ativo, true), sql`${cartItems.qtde} > 0`));
  }

  return { create, update, get, claim, openCart, openCartById, activeLines, present, byExternalId };
}

export type CartService = ReturnType<typeof createCartService>;
