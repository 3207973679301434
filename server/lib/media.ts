import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

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
 * Writes an image as WebP, turned upright and never enlarged, once per width, into `folder` (with any
 * `extra` files beside it). A file that only looks like an image (right magic bytes, broken body) fails
 * here and leaves none of its files behind.
 */
export async function storeWebp(
  buffer: Buffer,
  folder: string,
  variants: { file: string; width: number }[],
  { quality, extra = [] }: { quality: number; extra?: { file: string; bytes: Buffer }[] },
): Promise<void> {
  await mkdir(folder, { recursive: true });
  try {
    const image = sharp(buffer, { failOn: "error", limitInputPixels: 50_000_000 }).rotate();
    await Promise.all(
      variants.map(async ({ file, width }) =>
        writeFile(path.join(folder, file), await image.clone().resize({ width, withoutEnlargement: true }).webp({ quality }).toBuffer()),
      ),
    );
    for (const { file, bytes } of extra) await writeFile(path.join(folder, file), bytes);
  } catch (err) {
    await Promise.all([...variants, ...extra].map(({ file }) => rm(path.join(folder, file), { force: true })));
    throw err;
  }
}
