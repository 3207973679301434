import type { Palette } from "../data/brands.ts";
import { escapeHtml } from "#contract/text.ts";
import { drawArt } from "./index.ts";
import { svgDocument } from "./svg.ts";

/**
 * Banner artwork. Words differ per language, so the images carry only language-neutral marks
 * (numbers, model lines, %); the titles live in the banner rows (titulo_pt / titulo_es).
 */
export interface BannerArt {
  width: number;
  height: number;
  colors: readonly [from: string, to: string, band: string];
  arts: readonly { art: string; palette: Palette }[];
  badge?: string;
  mark?: string;
}

function badge(x: number, y: number, value: string, scale: number): string {
  const w = (value.length * 34 + 60) * scale;
  return (
    `<g transform="translate(${x} ${y})"><rect width="${w}" height="${96 * scale}" rx="${20 * scale}" fill="#ffffff"/>` +
    `<text x="${w / 2}" y="${68 * scale}" font-family="Arial Black, Arial, Helvetica, sans-serif" font-size="${60 * scale}" font-weight="900" ` +
    `text-anchor="middle" fill="#1d232b">${escapeHtml(value)}</text></g>`
  );
}

export function drawBanner(def: BannerArt, title: string): string {
  const { width: w, height: h } = def;
  const [from, to, band] = def.colors;
  const scale = h / 500;
  // Wide main banners can let the drawing overflow a little; triple banners need it whole.
  const artSize = h * (w / h > 2.5 ? 1.2 : 1);
  const arts = def.arts
    .map(({ art, palette }, i) => {
      const x = w - artSize * (0.92 + i * 0.72);
      const y = (h - artSize) / 2 + (i % 2 ? 24 : 0) * scale;
      return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${(artSize / 800).toFixed(4)})">${drawArt(art, palette)}</g>`;
    })
    .reverse()
    .join("");
  const dots = Array.from(
    { length: 6 },
    (_, i) =>
      `<circle cx="${(60 + i * 48) * scale}" cy="${(h - 50 * scale).toFixed(1)}" r="${8 * scale}" fill="#ffffff" opacity="${(0.5 - i * 0.07).toFixed(2)}"/>`,
  ).join("");
  const body =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    `<path d="M${w * 0.42} 0 L${w * 0.62} 0 L${w * 0.47} ${h} L${w * 0.27} ${h} Z" fill="${band}" opacity="0.35"/>` +
    `<path d="M${w * 0.66} 0 L${w * 0.7} 0 L${w * 0.55} ${h} L${w * 0.51} ${h} Z" fill="#ffffff" opacity="0.18"/>` +
    `<circle cx="${w * 0.78}" cy="${h * 0.5}" r="${h * 0.46}" fill="#ffffff" opacity="0.12"/>` +
    (def.mark
      ? `<text x="${60 * scale}" y="${h * 0.5}" font-family="Arial Black, Arial, Helvetica, sans-serif" font-size="${110 * scale}" font-weight="900" fill="#ffffff" opacity="0.95">${escapeHtml(def.mark)}</text>`
      : "") +
    (def.badge ? badge(60 * scale, h * 0.58, def.badge, scale) : "") +
    dots +
    arts;
  return svgDocument(w, h, body, title);
}

/** The offers sign-up banner: a phone receiving deal notifications. */
export function drawOffersBanner(width: number, height: number, title: string): string {
  const s = height / 500;
  const phoneX = width - 420 * s;
  const bubbles = ["%", "U$", "G$"]
    .map(
      (label, i) =>
        `<g transform="translate(${phoneX - (150 - i * 40) * s} ${(90 + i * 120) * s})"><rect width="${150 * s}" height="${80 * s}" rx="${24 * s}" fill="#ffffff"/>` +
        `<text x="${75 * s}" y="${54 * s}" font-family="Arial Black, Arial, sans-serif" font-size="${40 * s}" font-weight="900" text-anchor="middle" fill="#0b7a3b">${escapeHtml(label)}</text></g>`,
    )
    .join("");
  const body =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0b7a3b"/><stop offset="1" stop-color="#25d366"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>` +
    `<circle cx="${width * 0.2}" cy="${height * 0.5}" r="${height * 0.45}" fill="#ffffff" opacity="0.08"/>` +
    `<rect x="${phoneX}" y="${40 * s}" width="${220 * s}" height="${420 * s}" rx="${34 * s}" fill="#1d232b"/>` +
    `<rect x="${phoneX + 14 * s}" y="${70 * s}" width="${192 * s}" height="${360 * s}" rx="${12 * s}" fill="#e9fbe9"/>` +
    Array.from(
      { length: 4 },
      (_, i) =>
        `<rect x="${phoneX + 34 * s}" y="${(110 + i * 70) * s}" width="${(150 - (i % 2) * 40) * s}" height="${40 * s}" rx="${10 * s}" fill="#b9efc9"/>`,
    ).join("") +
    bubbles;
  return svgDocument(width, height, body, title);
}
