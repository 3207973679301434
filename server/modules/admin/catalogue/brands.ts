import path from "node:path";
import { rm } from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { LOGO_WIDTH, type AdminBrand, type BrandBodySchema } from "#contract/api/admin/catalogue.ts";
import { MAX_IMAGE_BYTES } from "#contract/product-images.ts";
import { queryRows, type Db } from "#db/client.ts";
import { HttpError } from "../../../lib/errors.ts";
import { imageType, mediaKey, storeWebp } from "../../../lib/media.ts";
import type { UploadedFile } from "../../../lib/multipart.ts";
import { keepOldSlug } from "../../../lib/slugs.ts";
import { audited, type Actor } from "../audit.ts";
import { brand, lock, notInUse, readBrands, taxonomySlug, taxonomyWriter } from "./taxonomy-rows.ts";

type BrandBody = z.output<typeof BrandBodySchema>;

/** The back office's brands and their logos (docs/decisions/020), written as categories are (taxonomy.ts). */
export function createAdminBrands({ db, mediaDir, changed }: { db: Db; mediaDir: string; changed: () => Promise<void> }) {
  const write = taxonomyWriter(db, changed);

  function createBrand(actor: Actor, body: BrandBody): Promise<AdminBrand> {
    return write(async (tx) => {
      const slug = await taxonomySlug(tx, "marca", body.slug, body.nome, undefined);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO marcas (slug, nome, destaque) VALUES (${slug}, ${body.nome}, ${body.destaque}) RETURNING id`,
      );
      await keepOldSlug(tx, "marca", row!.id, slug);
      const created = await brand(tx, row!.id);
      await audited(tx, actor, { acao: "criar", entidade: "marca", entidade_id: created.id, depois: created });
      return created;
    });
  }

  function updateBrand(actor: Actor, id: number, body: BrandBody): Promise<AdminBrand> {
    return write(async (tx) => {
      await lock(tx, "marca", id);
      const before = await brand(tx, id);
      const slug = body.slug ? await taxonomySlug(tx, "marca", body.slug, body.nome, id) : before.slug;
      await tx.execute(sql`UPDATE marcas SET slug = ${slug}, nome = ${body.nome}, destaque = ${body.destaque} WHERE id = ${id}`);
      await keepOldSlug(tx, "marca", id, slug, before.slug);
      const after = await brand(tx, id);
      await audited(tx, actor, { acao: "editar", entidade: "marca", entidade_id: id, antes: before, depois: after });
      return after;
    });
  }

  function deleteBrand(actor: Actor, id: number): Promise<void> {
    return write(async (tx) => {
      await lock(tx, "marca", id);
      const before = await brand(tx, id);
      await notInUse(tx, "marca", [id]);
      await tx.execute(sql`DELETE FROM slugs_antigos WHERE entidade = 'marca' AND entidade_id = ${id}`);
      await tx.execute(sql`DELETE FROM marcas WHERE id = ${id}`);
      await audited(tx, actor, { acao: "excluir", entidade: "marca", entidade_id: id, antes: before });
    });
  }

  /** The file behind a logo address this module wrote (never a seeded or foreign address). */
  function logoFile(url: string | null): string | undefined {
    const match = url?.match(/^\/media\/marcas\/(\d+)\/([0-9a-f]{16})\.webp$/);
    return match ? path.join(mediaDir, "marcas", match[1]!, `${match[2]}.webp`) : undefined;
  }

  /**
   * A logo checked by its bytes (JPEG, PNG or WebP; SVG, which may carry scripts, is refused), stored as
   * one WebP at most 400 px wide under DATA_DIR/media/marcas/<id>/, which the storefront serves at /media.
   */
  async function storeLogo(brandId: number, buffer: Buffer): Promise<string> {
    if (!(await imageType(buffer))) throw new HttpError(422, "logo_type", { errors: { logo: ["logo_type"] } });
    const key = mediaKey();
    await storeWebp(buffer, path.join(mediaDir, "marcas", String(brandId)), [{ file: `${key}.webp`, width: LOGO_WIDTH }], { quality: 85 }).catch(
      () => {
        throw new HttpError(422, "logo_type", { errors: { logo: ["logo_type"] } });
      },
    );
    return `/media/marcas/${brandId}/${key}.webp`;
  }

  async function setLogo(actor: Actor, id: number, file: UploadedFile | undefined): Promise<AdminBrand> {
    await brand(db, id);
    if (!file) throw new HttpError(422, "validation_failed", { errors: { logo: ["file_required"] } });
    if (file.truncated || file.buffer.length > MAX_IMAGE_BYTES)
      throw new HttpError(413, "image_too_large", { errors: { logo: ["image_too_large"] } });
    const url = await storeLogo(id, file.buffer);
    let before: AdminBrand | undefined;
    const after = await write(async (tx) => {
      await lock(tx, "marca", id);
      before = await brand(tx, id);
      await tx.execute(sql`UPDATE marcas SET logo = ${url} WHERE id = ${id}`);
      await audited(tx, actor, { acao: "logo", entidade: "marca", entidade_id: id, antes: { logo: before.logo }, depois: { logo: url } });
      return brand(tx, id);
    }).catch(async (err: unknown) => {
      await rm(logoFile(url)!, { force: true });
      throw err;
    });
    const old = logoFile(before?.logo ?? null);
    if (old) await rm(old, { force: true });
    return after;
  }

  async function removeLogo(actor: Actor, id: number): Promise<AdminBrand> {
    let before: AdminBrand | undefined;
    const after = await write(async (tx) => {
      await lock(tx, "marca", id);
      before = await brand(tx, id);
      await tx.execute(sql`UPDATE marcas SET logo = NULL WHERE id = ${id}`);
      await audited(tx, actor, { acao: "logo", entidade: "marca", entidade_id: id, antes: { logo: before.logo }, depois: { logo: null } });
      return brand(tx, id);
    });
    const old = logoFile(before?.logo ?? null);
    if (old) await rm(old, { force: true });
    return after;
  }

  return { brands: () => readBrands(db), createBrand, updateBrand, deleteBrand, setLogo, removeLogo };
}
