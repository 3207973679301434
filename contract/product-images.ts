/**
 * Product images uploaded in the back office are stored as WebP variants of these widths
 * (server/modules/admin/catalogue/product-images.ts); the address kept is the largest's, `…-1200.webp`, and the
 * storefront offers the others to the browser through `srcset`.
 */
export const IMAGE_WIDTHS = [200, 600, 1200] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES = 12;

/** The address of an uploaded image's largest variant: /media/produtos/<product>/<key>-1200.webp. */
const UPLOADED = /^(\/media\/produtos\/\d+\/[0-9a-f]+)-1200\.webp$/;

/** The `srcset` of an uploaded image's variants, or undefined for an image that has none (the demo's). */
export function imageSrcSet(url: string): string | undefined {
  const base = UPLOADED.exec(url)?.[1];
  return base ? IMAGE_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(", ") : undefined;
}
