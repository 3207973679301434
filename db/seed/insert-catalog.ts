import { brands, categories, departments } from "../schema/index.ts";
import { drawBrandLogo } from "./art/logos.ts";
import { categoryIcon } from "./art/icons.ts";
import { BRANDS } from "./data/brands.ts";
import { CATEGORIES } from "./data/categories.ts";
import type { MediaWriter } from "./media.ts";
import { insertAll, type Executor } from "./batch.ts";

/** Ids of what products point at, looked up by slug (also when growing an existing catalogue). */
export interface CatalogRefs {
  category: Map<string, number>;
  /** Keyed "category-slug/department-slug": department slugs repeat across categories. */
  department: Map<string, number>;
  brand: Map<string, number>;
}

export async function insertCategories(db: Executor): Promise<void> {
  await insertAll(
    db,
    categories,
    CATEGORIES.map((c, i) => ({ slug: c.slug, name_pt: c.pt, name_es: c.es, icone: categoryIcon(c.slug), visivel_menu: c.visible, ordem: i + 1 })),
  );
  const ids = await categoryIds(db);
  await insertAll(
    db,
    departments,
    CATEGORIES.flatMap((c) =>
      c.departments.map((d, i) => ({
        category_id: ids.get(c.slug) as number,
        slug: d.slug,
        name_pt: d.pt,
        name_es: d.es,
        icone: categoryIcon(c.slug),
        ordem: i + 1,
      })),
    ),
  );
}

export async function insertBrands(db: Executor, media: MediaWriter): Promise<void> {
  await insertAll(
    db,
    brands,
    BRANDS.map((b) => ({
      slug: b.slug,
      nome: b.nome,
      logo: b.logo ? media.write(`brands/${b.slug}.svg`, () => drawBrandLogo(b)) : null,
      destaque: b.destaque,
    })),
  );
}

async function categoryIds(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

export async function loadCatalogRefs(db: Executor): Promise<CatalogRefs> {
  const category = await categoryIds(db);
  const slugOf = new Map([...category].map(([slug, id]) => [id, slug]));
  const deps = await db.select({ id: departments.id, slug: departments.slug, category_id: departments.category_id }).from(departments);
  const brandRows = await db.select({ id: brands.id, slug: brands.slug }).from(brands);
  return {
    category,
    department: new Map(deps.map((d) => [`${slugOf.get(d.category_id)}/${d.slug}`, d.id])),
    brand: new Map(brandRows.map((b) => [b.slug, b.id])),
  };
}
