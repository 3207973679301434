import path from "node:path";
import { rm } from "node:fs/promises";
import type { ApiMessageKey } from "#contract/messages.ts";
import { MAX_IMAGE_BYTES } from "#contract/product-images.ts";
import type { Db, Tx } from "#db/client.ts";
import { HttpError } from "../../../lib/errors.ts";
import { imageType, mediaKey, storeWebp } from "../../../lib/media.ts";
import type { UploadedFile } from "../../../lib/multipart.ts";

/**
 * The content's images (banners, the sales team's photos): checked by their bytes like a product's
 * (JPEG, PNG or WebP, up to 10 MB; SVG, which may carry script, is refused), decoded and written again
 * as one WebP without metadata, under DATA_DIR/media/<folder>/<id>/<random>.webp. A file whose bytes
 * lie (a text renamed .png), is broken, or has more than sharp's 50 million pixels is refused with `typeKey`.
 */
export function contentImages(mediaDir: string, folder: "banners" | "vendedores", field: string, typeKey: ApiMessageKey) {
  const pattern = new RegExp(`^/media/${folder}/(\\d+)/([0-9a-f]{16})\\.webp$`);

  /** The file behind an address this module wrote (never a seeded or foreign one, which stay). */
  function fileOf(url: string | null | undefined): string | undefined {
    const match = url ? pattern.exec(url) : null;
    return match ? path.join(mediaDir, folder, match[1]!, `${match[2]}.webp`) : undefined;
  }

  /** The upload's checks before anything is written: one file, at most 10 MB. */
  function checkUpload(file: UploadedFile | undefined): Buffer {
    if (!file) throw new HttpError(422, "validation_failed", { errors: { [field]: ["file_required"] } });
    if (file.truncated || file.buffer.length > MAX_IMAGE_BYTES)
      throw new HttpError(413, "image_too_large", { errors: { [field]: ["image_too_large"] } });
    return file.buffer;
  }

  async function store(id: number, buffer: Buffer, width: number): Promise<string> {
    const refused = () => new HttpError(422, typeKey, { errors: { [field]: [typeKey] } });
    if (!(await imageType(buffer))) throw refused();
    const key = mediaKey();
    await storeWebp(buffer, path.join(mediaDir, folder, String(id)), [{ file: `${key}.webp`, width }], { quality: 82 }).catch(() => {
      throw refused();
    });
    return `/media/${folder}/${id}/${key}.webp`;
  }

  const remove = async (url: string | null | undefined) => {
    const file = fileOf(url);
    if (file) await rm(file, { force: true });
  };

  /**
   * Stores the upload, then runs `save` (the row's change, in its transaction) with its address. The new
   * file is removed if the save fails; the one it replaced once it succeeded. Answers `save`'s result.
   */
  async function replace<T>(
    id: number,
    file: UploadedFile | undefined,
    width: number,
    save: (url: string) => Promise<{ result: T; old: string | null }>,
  ) {
    const url = await store(id, checkUpload(file), width);
    const { result, old } = await save(url).catch(async (err: unknown) => {
      await remove(url);
      throw err;
    });
    if (old !== url) await remove(old);
    return result;
  }

  return { replace, remove };
}

/** A content write: its transaction (with its audit record), then every process's storefront caches are cleared. */
export function contentWriter(db: Db, changed: () => Promise<void>) {
  return async function write<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(fn);
    await changed();
    return result;
  };
}
