import { describe, expect, it } from "vitest";
import { imageSrcSet } from "./product-images.ts";

describe("imageSrcSet", () => {
  it("offers the three widths of an uploaded image", () => {
    expect(imageSrcSet("/media/produtos/7/ab12-1200.webp")).toBe(
      "/media/produtos/7/ab12-200.webp 200w, /media/produtos/7/ab12-600.webp 600w, /media/produtos/7/ab12-1200.webp 1200w",
    );
  });

  it("offers nothing for an image without variants (the demo's, another width)", () => {
    expect(imageSrcSet("/media/demo/produtos/furadeira-1.webp")).toBeUndefined();
    expect(imageSrcSet("/media/produtos/7/ab12-600.webp")).toBeUndefined();
    expect(imageSrcSet("/media/produtos/7/ab12-orig.png")).toBeUndefined();
  });
});
