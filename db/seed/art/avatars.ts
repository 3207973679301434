import { svgDocument } from "./svg.ts";

/** Illustrated head-and-shoulders portraits for the sales team (400×400). */
export interface AvatarLook {
  skin: string;
  hair: string;
  shirt: string;
  background: string;
  style: "short" | "long" | "bun" | "bald";
  beard?: boolean;
  glasses?: boolean;
}

export function drawAvatar(look: AvatarLook, title: string): string {
  const hairBack = look.style === "long" ? `<path d="M120 190 Q110 330 150 360 L250 360 Q290 330 280 190 Z" fill="${look.hair}"/>` : "";
  const hairTop =
    look.style === "bald"
      ? ""
      : look.style === "bun"
        ? `<path d="M130 180 Q140 100 200 100 Q260 100 270 180 Q240 140 200 140 Q160 140 130 180 Z" fill="${look.hair}"/><circle cx="200" cy="88" r="30" fill="${look.hair}"/>`
        : `<path d="M128 185 Q128 100 200 98 Q272 100 272 185 Q250 135 200 138 Q150 135 128 185 Z" fill="${look.hair}"/>`;
  const beard = look.beard ? `<path d="M150 225 Q200 300 250 225 L250 250 Q200 320 150 250 Z" fill="${look.hair}"/>` : "";
  const glasses = look.glasses
    ? `<g fill="none" stroke="#222" stroke-width="5"><circle cx="172" cy="200" r="20"/><circle cx="228" cy="200" r="20"/><path d="M192 200 h16"/></g>`
    : "";
  const body =
    `<rect width="400" height="400" fill="${look.background}"/>${hairBack}` +
    `<path d="M60 400 Q70 300 200 290 Q330 300 340 400 Z" fill="${look.shirt}"/>` +
    `<path d="M170 290 L200 330 L230 290 Z" fill="#ffffff"/>` +
    `<rect x="178" y="240" width="44" height="60" rx="16" fill="${look.skin}"/>` +
    `<ellipse cx="200" cy="195" rx="72" ry="86" fill="${look.skin}"/>${hairTop}${beard}` +
    `<circle cx="172" cy="200" r="7" fill="#2b2b2b"/><circle cx="228" cy="200" r="7" fill="#2b2b2b"/>${glasses}` +
    `<path d="M175 245 Q200 262 225 245" fill="none" stroke="#7a3b2e" stroke-width="5" stroke-linecap="round"/>` +
    `<rect x="250" y="340" width="46" height="12" rx="4" fill="#ffffff" opacity="0.85"/>`;
  return svgDocument(400, 400, body, title);
}
