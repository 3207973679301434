import { sql } from "drizzle-orm";
import { slugify } from "#contract/text.ts";
import type { ApiMessageKey } from "#contract/messages.ts";
import type { DbOrTx } from "#db/client.ts";
import { HttpError } from "./errors.ts";

/** The address made from a name, cut to the column's room (no hyphen left at the cut); `fallback` for a name without letters. */
export const slugBase = (name: string, max: number, fallback: string) => slugify(name).slice(0, max).replace(/-+$/, "") || fallback;

/** A product's address is made from its Portuguese name and its code, which tells apart products of one name. */
export const productSlugBase = (nomePt: string, codigo: string) => slugBase(`${nomePt} ${codigo}`, 200, "produto");

/**
 * A free address: the one asked for (409 with `inUse` on the slug field when another row has it), or
 * `base`, numbered `base-2`, `base-3`… while taken.
 */
export async function freeSlug(
  taken: (slug: string) => boolean | Promise<boolean>,
  { asked, base, inUse }: { asked?: string; base: string; inUse: ApiMessageKey },
): Promise<string> {
  if (asked) {
    if (await taken(asked)) throw new HttpError(409, inUse, { errors: { slug: [inUse] } });
    return asked;
  }
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(slug))) return slug;
  }
}

/**
 * Keeps a changed address answering (the storefront's 301, `slugs_antigos`): the previous one points at
 * the row, and the address the row takes now is nobody's old one any more.
 */
export async function keepOldSlug(tx: DbOrTx, entity: string, id: number, slug: string, previous?: string) {
  await tx.execute(sql`DELETE FROM slugs_antigos WHERE entidade = ${entity} AND slug = ${slug}`);
  if (previous && previous !== slug) {
    await tx.execute(sql`
      INSERT INTO slugs_antigos (entidade, slug, entidade_id) VALUES (${entity}, ${previous}, ${id})
      ON CONFLICT (entidade, slug) DO UPDATE SET entidade_id = excluded.entidade_id, created_at = now()`);
  }
}
