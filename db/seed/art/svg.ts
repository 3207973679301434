import type { Palette } from "../data/brands.ts";
import { escapeHtml } from "#contract/text.ts";

/**
 * A tiny drawing vocabulary for the demo illustrations. Every shape carries the paint's outline so
 * the same drawing renders as a coloured product shot or as a line-art blueprint.
 */
export interface Paint {
  body: string;
  dark: string;
  /** Contrasting trim on the body (black on yellow tools, white elsewhere). */
  trim: string;
  metal: string;
  steel: string;
  rubber: string;
  glass: string;
  light: string;
  /** Display background, display digits, white parts, heat/flame and mid grey. */
  screen: string;
  glow: string;
  white: string;
  hot: string;
  shade: string;
  line: string;
  lw: number;
}

const BODY: Record<Palette, [string, string, string]> = {
  teal: ["#0a93a0", "#066b75", "#ffffff"],
  yellow: ["#f5b301", "#c98f00", "#1d1d1b"],
  blue: ["#1f5fa8", "#16467d", "#ffffff"],
  red: ["#c8102e", "#8f0b21", "#ffffff"],
  orange: ["#f07c00", "#b85d00", "#ffffff"],
  green: ["#2e8b3d", "#1f6129", "#ffffff"],
  graphite: ["#3d434b", "#25292f", "#e8ebee"],
};

export function paintFor(palette: Palette): Paint {
  const [body, dark, trim] = BODY[palette];
  return {
    body,
    dark,
    trim,
    metal: "#c9d1d9",
    steel: "#8a96a3",
    rubber: "#2b2f36",
    glass: "#9fd3f5",
    light: "#fff3b0",
    screen: "#0f1c14",
    glow: "#39ff88",
    white: "#ffffff",
    hot: "#f0642a",
    shade: "#6b7682",
    line: "#1d232b",
    lw: 5,
  };
}

/** Line art for the technical-drawing view: every fill becomes the paper colour. */
export const BLUEPRINT: Paint = {
  body: "#1d4f91",
  dark: "#1d4f91",
  trim: "#1d4f91",
  metal: "#1d4f91",
  steel: "#1d4f91",
  rubber: "#1d4f91",
  glass: "#1d4f91",
  light: "#1d4f91",
  screen: "#1d4f91",
  glow: "#e3efff",
  white: "#1d4f91",
  hot: "#e3efff",
  shade: "#1d4f91",
  line: "#e3efff",
  lw: 3,
};

const n = (v: number): string => String(Math.round(v * 10) / 10);
const st = (p: Paint): string => `stroke="${p.line}" stroke-width="${p.lw}" stroke-linejoin="round"`;

export const rect = (p: Paint, x: number, y: number, w: number, h: number, fill: string, r = 0): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(r)}" fill="${fill}" ${st(p)}/>`;

export const circle = (p: Paint, cx: number, cy: number, r: number, fill: string): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}" ${st(p)}/>`;

export const ellipse = (p: Paint, cx: number, cy: number, rx: number, ry: number, fill: string): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" ${st(p)}/>`;

export const path = (p: Paint, d: string, fill: string): string => `<path d="${d}" fill="${fill}" ${st(p)}/>`;

/** A stroke without fill: cables, blades' teeth, hinges. */
export const line = (p: Paint, d: string, width = p.lw, color = p.line): string =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;

export const text = (x: number, y: number, value: string, size: number, fill: string, anchor = "middle", weight = 700): string =>
  `<text x="${n(x)}" y="${n(y)}" font-family="Arial, Helvetica, sans-serif" font-size="${n(size)}" font-weight="${weight}" text-anchor="${anchor}" fill="${fill}">${escapeHtml(value)}</text>`;

export const group = (transform: string, ...children: string[]): string => `<g transform="${transform}">${children.join("")}</g>`;

/** Repeats a shape n times; used for teeth, vents, keys and grids. */
export function times(count: number, draw: (i: number) => string): string {
  let out = "";
  for (let i = 0; i < count; i++) out += draw(i);
  return out;
}

export function svgDocument(width: number, height: number, body: string, title: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${escapeHtml(title)}</title>${body}</svg>\n`
  );
}

/** A drawing occupies roughly 100..700 of an 800×800 canvas; `focus` is the detail view's centre. */
export interface Art {
  draw: (p: Paint) => string;
  focus: readonly [number, number];
}
