import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Palette } from "./data/brands.ts";
import { drawProductImage, viewUsesPalette, type View } from "./art/index.ts";

/** The server serves mediaDir at /media; demo files live under <mediaDir>/demo/. */
export const MEDIA_URL = "/media";

/**
 * Writes the demo's SVG files and hands back their public URLs. Product images are shared:
 * one file per drawing × colour family × view, written once per run however many products use it.
 */
export class MediaWriter {
  private readonly written = new Set<string>();

  constructor(readonly mediaDir: string) {}

  /** Writes `demo/<relative>` (idempotent within a run) and returns its URL. */
  write(relative: string, content: string | (() => string)): string {
    const rel = `demo/${relative}`;
    if (!this.written.has(rel)) {
      const file = path.join(this.mediaDir, ...rel.split("/"));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, typeof content === "function" ? content() : content);
      this.written.add(rel);
    }
    return `${MEDIA_URL}/${rel}`;
  }

  productImage(art: string, view: View, palette: Palette): string {
    const name = viewUsesPalette(view) ? `${art}-${palette}-${view}` : `${art}-${view}`;
    return this.write(`products/${name}.svg`, () => drawProductImage(art, view, palette, art.replace(/-/g, " ")));
  }

  get fileCount(): number {
    return this.written.size;
  }
}

/** Maps a /media URL back to its file, for checks. */
export function mediaFile(mediaDir: string, url: string): string {
  if (!url.startsWith(`${MEDIA_URL}/`)) throw new Error(`not a media URL: ${url}`);
  return path.join(mediaDir, ...url.slice(MEDIA_URL.length + 1).split("/"));
}
