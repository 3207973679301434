import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import type { Storage } from "./storage.ts";

/** The image types the store shows, by their bytes (never by name or declared type); SVG may carry script. */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/** The bytes' type when they are an image the store shows. */
export async function imageType(buffer: Buffer): Promise<{ mime: string; ext: string } | undefined> {
  const type = await fileTypeFromBuffer(buffer);
  return type && IMAGE_TYPES.has(type.mime) ? type : undefined;
}

/** A random file name: an address nobody can guess before it is published, and a new one for every upload. */
export const mediaKey = () => randomBytes(8).toString("hex");

/**
 * Writes an image as WebP, turned upright and never enlarged, once per width, into `folder`; sharp writes no
 * metadata unless asked, so no variant keeps a photo's EXIF. A file that only looks like an image (right magic
 * bytes, broken body) fails here and leaves none of its files behind.
 */
export async function storeWebp(
  buffer: Buffer,
  folder: string,
  variants: { file: string; width: number }[],
  { quality }: { quality: number },
): Promise<void> {
  await mkdir(folder, { recursive: true });
  try {
    const image = sharp(buffer, { failOn: "error", limitInputPixels: 50_000_000 }).rotate();
    await Promise.all(
      variants.map(async ({ file, width }) =>
        writeFile(path.join(folder, file), await image.clone().resize({ width, withoutEnlargement: true }).webp({ quality }).toBuffer()),
      ),
    );
  } catch (err) {
    await Promise.all(variants.map(({ file }) => rm(path.join(folder, file), { force: true })));
    throw err;
  }
}

/** An original as the store once published it beside its variants: `<key>-orig.<ext>`. */
export const PUBLIC_ORIGINAL = /^([0-9a-f]{16})-orig\.(jpe?g|png|webp)$/i;

/** Where an uploaded image's original is kept, in the private store (storage.ts), never under DATA_DIR/media. */
export const originalKey = (folder: string, key: string, ext: string) => `originais/${folder}/${key}.${ext.toLowerCase()}`;

/**
 * Moves the originals an earlier version published (DATA_DIR/media/produtos/<id>/<key>-orig.<ext>, with their
 * EXIF: where a photo was taken, the device's serial) into the private store. Safe to run by several processes
 * at once and again: a file already moved is skipped. Returns how many it moved.
 */
export async function sweepPublicOriginals(mediaDir: string, storage: Storage): Promise<number> {
  const root = path.join(mediaDir, "produtos");
  let moved = 0;
  for (const product of await readdir(root).catch(() => [] as string[])) {
    if (!/^\d+$/.test(product)) continue;
    const folder = path.join(root, product);
    for (const file of await readdir(folder).catch(() => [] as string[])) {
      const match = PUBLIC_ORIGINAL.exec(file);
      if (!match) continue;
      const bytes = await readFile(path.join(folder, file)).catch(() => undefined);
      if (!bytes) continue;
      await storage.put(originalKey(`produtos/${product}`, match[1]!, match[2]!), bytes);
      await rm(path.join(folder, file), { force: true });
      moved++;
    }
  }
  return moved;
}
