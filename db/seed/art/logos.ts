import type { BrandDef } from "../data/brands.ts";
import { escapeHtml } from "#contract/text.ts";
import { svgDocument } from "./svg.ts";

/**
 * A brand logo as a plain wordmark: the name set in a bold sans-serif in the brand's colours on a
 * 240×120 card. Deliberately generic lettering, so no trademark artwork is reproduced.
 */
export function drawBrandLogo(brand: BrandDef): string {
  const { bg, fg, accent } = brand.colors;
  const name = brand.nome.toUpperCase();
  // Long names get smaller type so every wordmark fits the same card.
  const size = Math.min(46, Math.floor(300 / Math.max(name.length, 4)));
  const border = bg.toLowerCase() === "#ffffff" ? ` stroke="#d7dde3" stroke-width="2"` : "";
  const italic = brand.slug.length % 3 === 0 ? ` font-style="italic"` : "";
  const body =
    `<rect x="1" y="1" width="238" height="118" rx="14" fill="${bg}"${border}/>` +
    `<rect x="24" y="84" width="192" height="6" rx="3" fill="${accent}"/>` +
    `<text x="120" y="${66 + Math.round(size / 6)}" font-family="Arial Black, Arial, Helvetica, sans-serif" font-size="${size}" ` +
    `font-weight="900"${italic} letter-spacing="1" text-anchor="middle" fill="${fg}">${escapeHtml(name)}</text>`;
  return svgDocument(240, 120, body, brand.nome);
}
