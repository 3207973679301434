import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { IMAGE_WIDTHS, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from "#contract/product-images.ts";
import { queryRows, type Db, type Tx } from "#db/client.ts";
import { productImages, products } from "#db/schema/catalog.ts";
import { HttpError } from "../../../lib/errors.ts";
import { imageType, mediaKey, originalKey, storeWebp } from "../../../lib/media.ts";
import type { Storage } from "../../../lib/storage.ts";
import type { UploadedFile } from "../../../lib/multipart.ts";
import { audited, type Actor } from "../audit.ts";
import { readProduct as read } from "./product-queries.ts";
import { catalogWriter } from "./write.ts";

/** A product's images (docs/decisions/020): uploaded, put in order and taken off, each change audited. */
export function createProductImages({
  db,
  mediaDir,
  originals,
  changed,
}: {
  db: Db;
  mediaDir: string;
  /** The private store (storage.ts) that keeps each upload as it came, EXIF and all, out of the public folder. */
  originals: Storage;
  changed: () => Promise<void>;
}) {
  const write = catalogWriter(db, changed);

  /**
   * Stores an image checked by its bytes: WebP variants 200, 600 and 1200 px wide (never enlarged, without
   * metadata) under DATA_DIR/media/produtos/<id>/, and the original in the private store, since a phone's photo
   * holds where it was taken (docs/decisions/027). The address kept is the largest variant's; the storefront
   * derives the others from it (contract/product-images.ts).
   */
  async function storeImage(productId: number, buffer: Buffer): Promise<string> {
    const type = await imageType(buffer);
    if (!type) throw new HttpError(422, "image_type", { errors: { imagens: ["image_type"] } });
    const key = mediaKey();
    const variants = IMAGE_WIDTHS.map((width) => ({ file: `${key}-${width}.webp`, width }));
    await storeWebp(buffer, path.join(mediaDir, "produtos", String(productId)), variants, { quality: 80 }).catch(() => {
      throw new HttpError(422, "image_type", { errors: { imagens: ["image_type"] } });
    });
    await originals.put(originalKey(`produtos/${productId}`, key, type.ext), buffer);
    return `/media/produtos/${productId}/${key}-${IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]}.webp`;
  }

  async function imagesOf(tx: Db | Tx, id: number) {
    const rows = await tx
      .select()
      .from(productImages)
      .where(eq(productImages.product_id, id))
      .orderBy(asc(productImages.ordem), asc(productImages.id));
    return rows.map((i) => ({ id: i.id, url: i.url, ordem: i.ordem }));
  }

  /** After a change of a product's images: the product counts as changed, and the log keeps the list before and after. */
  async function imagesChanged(tx: Tx, actor: Actor, id: number, before: { url: string }[]) {
    await tx.update(products).set({ updated_at: new Date() }).where(eq(products.id, id));
    const after = await imagesOf(tx, id);
    await audited(tx, actor, {
      acao: "imagens",
      entidade: "produto",
      entidade_id: id,
      antes: { imagens: before.map((i) => i.url) },
      depois: { imagens: after.map((i) => i.url) },
    });
    return after;
  }

  async function addImages(actor: Actor, id: number, files: UploadedFile[]) {
    if (!(await read(db, id))) throw new HttpError(404, "product_not_found");
    if (files.length === 0) throw new HttpError(422, "validation_failed", { errors: { imagens: ["file_required"] } });
    if (files.some((f) => f.truncated || f.buffer.length > MAX_IMAGE_BYTES)) {
      throw new HttpError(413, "image_too_large", { errors: { imagens: ["image_too_large"] } });
    }
    const existing = await imagesOf(db, id);
    if (existing.length + files.length > MAX_PRODUCT_IMAGES) {
      throw new HttpError(422, "images_max", {
        errors: { imagens: ["images_max"] },
        vars: { max: MAX_PRODUCT_IMAGES },
        fieldVars: { imagens: { max: MAX_PRODUCT_IMAGES } },
      });
    }
    const urls: string[] = [];
    for (const file of files) urls.push(await storeImage(id, file.buffer));
    return write(async (tx) => {
      const [last] = await queryRows<{ ordem: number }>(
        tx,
        sql`SELECT coalesce(max(ordem), -1) AS ordem FROM produto_imagens WHERE product_id = ${id}`,
      );
      await tx.insert(productImages).values(urls.map((url, i) => ({ product_id: id, url, ordem: Number(last?.ordem ?? -1) + 1 + i })));
      return imagesChanged(tx, actor, id, existing);
    });
  }

  function reorderImages(actor: Actor, id: number, ids: number[]) {
    return write(async (tx) => {
      const before = await imagesOf(tx, id);
      if (before.length === 0 && !(await read(tx, id))) throw new HttpError(404, "product_not_found");
      const same = ids.length === before.length && new Set(ids).size === ids.length && ids.every((i) => before.some((b) => b.id === i));
      if (!same) throw new HttpError(422, "image_order_invalid", { errors: { ids: ["image_order_invalid"] } });
      for (const [ordem, imageId] of ids.entries()) {
        await tx
          .update(productImages)
          .set({ ordem })
          .where(and(eq(productImages.id, imageId), eq(productImages.product_id, id)));
      }
      return imagesChanged(tx, actor, id, before);
    });
  }

  /** Takes an image off the product; its files stay (a duplicate may show the same ones). */
  function removeImage(actor: Actor, id: number, imageId: number) {
    return write(async (tx) => {
      const before = await imagesOf(tx, id);
      if (!before.some((i) => i.id === imageId)) throw new HttpError(404, "not_found");
      await tx.delete(productImages).where(and(eq(productImages.id, imageId), eq(productImages.product_id, id)));
      return imagesChanged(tx, actor, id, before);
    });
  }

  return { addImages, reorderImages, removeImage };
}
