import type { Palette } from "../data/brands.ts";
import { BLUEPRINT, line, paintFor, svgDocument, text, times, type Art, type Paint } from "./svg.ts";
import { HAND_ART } from "./hand.ts";
import { HOME_ART } from "./home.ts";
import { OUTDOOR_ART } from "./outdoor.ts";
import { POWER_ART } from "./power.ts";

export const ARTS: Record<string, Art> = { ...POWER_ART, ...HAND_ART, ...OUTDOOR_ART, ...HOME_ART };

/**
 * Product image views. `hero` and `dark` are drawn in the brand's colour family; `plan` and `detail`
 * do not depend on the colour, which keeps the number of files bounded (arts × palettes × 2 + arts × 2).
 */
export const VIEWS = ["hero", "dark", "plan", "detail"] as const;
export type View = (typeof VIEWS)[number];

export const viewUsesPalette = (view: View): boolean => view === "hero" || view === "dark";

const SIZE = 800;

function heroView(art: Art, paint: Paint): string {
  return (
    `<defs><radialGradient id="bg" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e6eaee"/></radialGradient></defs>` +
    `<rect width="800" height="800" fill="url(#bg)"/><ellipse cx="400" cy="720" rx="280" ry="26" fill="#000000" opacity="0.12"/>` +
    art.draw(paint)
  );
}

function darkView(art: Art, paint: Paint): string {
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#323a44"/><stop offset="1" stop-color="#111418"/></linearGradient></defs>` +
    `<rect width="800" height="800" fill="url(#bg)"/><ellipse cx="400" cy="380" rx="330" ry="300" fill="#ffffff" opacity="0.06"/>` +
    `<ellipse cx="400" cy="715" rx="260" ry="22" fill="#000000" opacity="0.45"/>` +
    // Tilted and darker so the second photo looks like another angle, not a copy.
    `<g transform="translate(400 400) rotate(-7) scale(0.9) translate(-400 -400)">${art.draw(paint)}</g>`
  );
}

function planView(art: Art): string {
  const grid = times(19, (i) => line(BLUEPRINT, `M${40 + i * 40} 0 V800 M0 ${40 + i * 40} H800`, 1, "#3b6bb0"));
  return (
    `<rect width="800" height="800" fill="${BLUEPRINT.body}"/>${grid}` +
    `<g transform="translate(400 400) scale(0.85) translate(-400 -400)">${art.draw(BLUEPRINT)}</g>` +
    line(BLUEPRINT, "M100 760 H700 M100 745 v30 M700 745 v30 M40 100 V700 M25 100 h30 M25 700 h30", 2) +
    text(400, 752, "600", 22, BLUEPRINT.line, "middle", 400)
  );
}

function detailView(art: Art): string {
  const [fx, fy] = art.focus;
  const paint = paintFor("graphite");
  return (
    `<defs><clipPath id="lens"><circle cx="400" cy="400" r="330"/></clipPath></defs>` +
    `<rect width="800" height="800" fill="#eef1f4"/><circle cx="400" cy="400" r="336" fill="#ffffff" stroke="#c3ccd5" stroke-width="6"/>` +
    `<g clip-path="url(#lens)"><g transform="translate(400 400) scale(2) translate(${-fx} ${-fy})">${art.draw(paint)}</g></g>`
  );
}

export function drawProductImage(artKey: string, view: View, palette: Palette, title: string): string {
  const art = ARTS[artKey];
  if (!art) throw new Error(`no drawing for ${artKey}`);
  const body =
    view === "hero"
      ? heroView(art, paintFor(palette))
      : view === "dark"
        ? darkView(art, paintFor(palette))
        : view === "plan"
          ? planView(art)
          : detailView(art);
  return svgDocument(SIZE, SIZE, body, title);
}

/** Draws one art onto another canvas (banners reuse product drawings). */
export function drawArt(artKey: string, palette: Palette): string {
  const art = ARTS[artKey];
  if (!art) throw new Error(`no drawing for ${artKey}`);
  return art.draw(paintFor(palette));
}
