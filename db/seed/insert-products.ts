import { count, sql } from "drizzle-orm";
import { productImages, products, productSpecs } from "../schema/index.ts";
import type { Database, Executor } from "./batch.ts";
import { chunks, insertRows } from "./batch.ts";
import type { CatalogRefs } from "./insert-catalog.ts";
import type { MediaWriter } from "./media.ts";
import { generateProduct, type GeneratedProduct } from "./products.ts";

/** Products per transaction: big enough to amortise commits, small enough to report progress often. */
const PRODUCTS_PER_TX = 5000;

export interface ProductProgress {
  onProgress?: (done: number, total: number) => void;
}

function productRow(p: GeneratedProduct, refs: CatalogRefs) {
  const department = refs.department.get(`${p.kind.cat}/${p.kind.dept}`);
  const category = refs.category.get(p.kind.cat);
  const brand = refs.brand.get(p.brand.slug);
  if (!department || !category || !brand)
    throw new Error(`catalogue reference missing for ${p.codigo} (${p.kind.cat}/${p.kind.dept}, ${p.brand.slug})`);
  return {
    slug: p.slug,
    codigo: p.codigo,
    nome_pt: p.nome_pt,
    nome_es: p.nome_es,
    descritivo_pt: p.descritivo_pt,
    descritivo_es: p.descritivo_es,
    caracteristica_pt: p.caracteristica_pt,
    caracteristica_es: p.caracteristica_es,
    brand_id: brand,
    category_id: category,
    department_id: department,
    moeda_id: p.moeda_id,
    valor_venda: p.valor_venda,
    valor_usd: p.valor_usd,
    qtde_disponivel: p.qtde_disponivel,
    qtde_fisica: p.qtde_fisica,
    mostrar_preco: p.mostrar_preco,
    especial: p.especial,
  };
}

/** Inserts one slice of the sequence with its images and specs; returns how many were new. */
async function insertSlice(tx: Executor, generated: GeneratedProduct[], refs: CatalogRefs, media: MediaWriter): Promise<number> {
  let inserted = 0;
  for (const part of chunks(generated)) {
    const byCode = new Map(part.map((p) => [p.codigo, p]));
    // A code or slug already taken (an earlier run, a hand-made product) is skipped, not an error.
    const ids = await insertRows<typeof products, { id: number; codigo: string }>(
      tx,
      products,
      part.map((p) => productRow(p, refs)),
      sql` ON CONFLICT DO NOTHING RETURNING id, codigo`,
    );
    const images: (typeof productImages.$inferInsert)[] = [];
    const specs: (typeof productSpecs.$inferInsert)[] = [];
    for (const { id, codigo } of ids) {
      const p = byCode.get(codigo);
      if (!p) continue;
      p.images.forEach((img, ordem) => images.push({ product_id: id, url: media.productImage(img.art, img.view, p.brand.palette), ordem }));
      p.specs.forEach((s, ordem) => specs.push({ product_id: id, ...s, ordem }));
    }
    for (const rows of chunks(images)) await insertRows(tx, productImages, rows);
    for (const rows of chunks(specs)) await insertRows(tx, productSpecs, rows);
    inserted += ids.length;
  }
  return inserted;
}

export async function countProducts(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}

/**
 * Adds products until the catalogue holds `target`, continuing the deterministic sequence from the
 * current count. Indexes whose code already exists are skipped, so the loop always makes progress.
 */
export async function growProducts(
  database: Database,
  refs: CatalogRefs,
  media: MediaWriter,
  target: number,
  progress: ProductProgress = {},
): Promise<number> {
  const start = await countProducts(database.db);
  const needed = Math.max(0, target - start);
  let added = 0;
  let index = start;
  progress.onProgress?.(0, needed);
  while (added < needed) {
    const size = Math.min(PRODUCTS_PER_TX, needed - added);
    const generated = Array.from({ length: size }, (_, i) => generateProduct(index + i));
    added += await database.db.transaction(async (tx) => {
      // Demo data can be regenerated: no need to wait for the WAL flush of every commit.
      await tx.execute(sql`SET LOCAL synchronous_commit = off`);
      return insertSlice(tx, generated, refs, media);
    });
    index += size;
    progress.onProgress?.(added, needed);
  }
  if (added > 0) {
    await fillSearchText(database.db);
    // Bulk loading plus the busca update leave dead rows and no statistics (PGlite has no autovacuum);
    // every table, the list table the triggers filled included, or the planner sorts 100,000 rows
    // where an index would give them in order.
    await database.db.execute(sql`VACUUM ANALYZE`);
  }
  return added;
}

/** Search text of every product that has none yet, in one statement (names, code and brand, unaccented). */
export async function fillSearchText(db: Executor): Promise<void> {
  await db.execute(sql`
    UPDATE produtos p
       SET busca = lower(f_unaccent(concat_ws(' ', p.nome_pt, p.nome_es, p.codigo, m.nome)))
      FROM marcas m
     WHERE m.id = p.brand_id AND p.busca = ''`);
  // Products without a brand (added by hand) still get their names and code.
  await db.execute(sql`
    UPDATE produtos p
       SET busca = lower(f_unaccent(concat_ws(' ', p.nome_pt, p.nome_es, p.codigo)))
     WHERE p.brand_id IS NULL AND p.busca = ''`);
}
