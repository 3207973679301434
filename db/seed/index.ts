import { count, sql } from "drizzle-orm";
import { categories } from "../schema/index.ts";
import type { Database } from "./batch.ts";
import { insertBanners, insertFaq, insertSellers } from "./insert-content.ts";
import { insertBrands, insertCategories, loadCatalogRefs } from "./insert-catalog.ts";
import { growProducts } from "./insert-products.ts";
import { insertCurrencies, insertGeography } from "./insert-reference.ts";
import { insertShipping } from "./insert-shipping.ts";
import { MediaWriter } from "./media.ts";

export { countProducts } from "./insert-products.ts";

export interface SeedOptions {
  /** Catalogue size (default 800). */
  products?: number;
  /** Where the SVG files go; the server serves this folder at /media. */
  mediaDir: string;
  log?: (msg: string) => void;
}

export interface SeedProgress {
  onProgress?: (done: number, total: number) => void;
}

export const DEFAULT_PRODUCTS = 800;

/** Any constant shared by every process: concurrent starters of one database seed it only once. */
const SEED_LOCK = 0x5eed;

const noLog = () => {};

async function isEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(categories);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds the demo shop: geography, currencies and rates, categories, brands, products (with images
 * and specs) and their search text, then banners, sellers, FAQ and shipping. Returns false without
 * touching anything when another process got there first (categories already present).
 */
export async function seedDemo(database: Database, opts: SeedOptions & SeedProgress): Promise<boolean> {
  const log = opts.log ?? noLog;
  const media = new MediaWriter(opts.mediaDir);
  const started = Date.now();

  // Reference data and the catalogue skeleton go in one transaction under an advisory lock, so two
  // servers starting on one empty database cannot both seed it.
  const claimed = await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [row] = await tx.select({ n: count() }).from(categories);
    if ((row?.n ?? 0) > 0) return false;
    const geo = await insertGeography(tx);
    log(`seed: ${geo.states} states, ${geo.cities} cities`);
    await insertCurrencies(tx);
    await insertCategories(tx);
    await insertBrands(tx, media);
    return true;
  });
  if (!claimed) return false;

  const refs = await loadCatalogRefs(database.db);
  log(`seed: ${refs.category.size} categories, ${refs.department.size} departments, ${refs.brand.size} brands`);
  const added = await growProducts(database, refs, media, opts.products ?? DEFAULT_PRODUCTS, opts);
  log(`seed: ${added} products`);

  await database.db.transaction(async (tx) => {
    const banners = await insertBanners(tx, media);
    const sellers = await insertSellers(tx, media);
    const faq = await insertFaq(tx);
    const shipping = await insertShipping(tx, log);
    log(`seed: ${banners} banners, ${sellers} sellers, ${faq} FAQ entries, ${shipping.rates} shipping rates, ${shipping.points} pickup points`);
  });
  log(`seed: done in ${((Date.now() - started) / 1000).toFixed(1)} s, ${media.fileCount} media files`);
  return true;
}

/** Seeds only an empty database (no categories); returns whether it seeded. */
export async function seedIfEmpty(database: Database, opts: SeedOptions): Promise<boolean> {
  if (!(await isEmpty(database))) return false;
  return seedDemo(database, opts);
}

/** Adds products until the catalogue holds `opts.products`; returns how many were added. */
export async function growCatalogue(database: Database, opts: SeedOptions & SeedProgress): Promise<number> {
  const media = new MediaWriter(opts.mediaDir);
  const refs = await loadCatalogRefs(database.db);
  return growProducts(database, refs, media, opts.products ?? DEFAULT_PRODUCTS, opts);
}

/**
 * Empties the catalogue and the demo content. CASCADE also empties what points at them (carts,
 * orders, favourites): a reset demo starts clean. Geography, currencies and customers stay.
 */
export async function resetCatalogue(database: Database): Promise<void> {
  await database.db.execute(sql`
    TRUNCATE produto_imagens, produto_especificacoes, produtos, palavras_busca, departamentos, categorias, marcas,
             banners, vendedores, faq, textos_paginas, pontos_entrega, entrega_tarifas, entrega_servicos
    RESTART IDENTITY CASCADE`);
}
