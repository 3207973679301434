/**
 * Product images uploaded in the back office are stored as WebP variants of these widths
 * (server/modules/admin/products.ts); the address kept is the largest's, `…-1200.webp`, and the
 * storefront offers the others to the browser through `srcset`.
 */
export const IMAGE_WIDTHS = [200, 600, 1200] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES = 12;

const VARIANT = /-(\d+)\.webp$/;

/** The `srcset` of an uploaded image's variants, or undefined for an image that has none (the demo's). */
export function imageSrcSet(url: string): string | undefined {
  const match = VARIANT.exec(url);
  if (!match || Number(match[1]) !== IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]) return undefined;
  return IMAGE_WIDTHS.map((w) => `${url.replace(VARIANT, `-${w}.webp`)} ${w}w`).join(", ");
}
