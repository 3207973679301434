import { and, desc, eq, sql } from "drizzle-orm";
import type { ProductSummary } from "#contract/api/catalog.ts";
import type { ApiLang } from "#contract/locale.ts";
import type { Db } from "#db/client.ts";
import { favourites, products } from "#db/schema/index.ts";
import { HttpError } from "../../lib/errors.ts";
import type { CatalogService } from "../catalog/service.ts";

export interface Favourite {
  id: number;
  produto_id: number;
  produto: ProductSummary | null;
}

export function createFavouritesService(db: Db, catalog: CatalogService) {
  /** Adding twice keeps one row and answers it: a guest's list pushed at login may repeat items. */
  async function add(customerId: number, produtoId: number) {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, produtoId), eq(products.ativo, true)));
    if (!product) throw new HttpError(404, "product_not_found");
    await db.insert(favourites).values({ customer_id: customerId, produto_id: produtoId }).onConflictDoNothing();
    const [row] = await db
      .select({ id: favourites.id, produto_id: favourites.produto_id })
      .from(favourites)
      .where(and(eq(favourites.customer_id, customerId), eq(favourites.produto_id, produtoId)));
    return row!;
  }

  async function list(customerId: number, lang: ApiLang, moedaId: number): Promise<Favourite[]> {
    const rows = await db
      .select({ id: favourites.id, produto_id: favourites.produto_id })
      .from(favourites)
      .where(eq(favourites.customer_id, customerId))
      .orderBy(desc(favourites.id));
    const summaries = await catalog.productsByIds(
      rows.map((r) => r.produto_id),
      lang,
      moedaId,
    );
    const byId = new Map(summaries.map((p) => [p.id, p]));
    return rows.map((r) => ({ ...r, produto: byId.get(r.produto_id) ?? null }));
  }

  async function remove(customerId: number, id: number) {
    const deleted = await db
      .delete(favourites)
      .where(and(eq(favourites.id, id), eq(favourites.customer_id, customerId)))
      .returning({ id: favourites.id });
    if (deleted.length === 0) throw new HttpError(404, "not_found");
  }

  return { add, list, remove, count: (customerId: number) => db.$count(favourites, sql`${favourites.customer_id} = ${customerId}`) };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
