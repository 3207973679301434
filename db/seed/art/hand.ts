import { circle, ellipse, group, line, path, rect, text, times, type Art, type Paint } from "./svg.ts";

/** Hand tools, wrenches, measuring instruments, fasteners and safety gear. */

/** A combination wrench lying horizontally, `len` long, centred on (0, 0). */
function comboWrench(p: Paint, len: number): string {
  const h = len / 2;
  return (
    rect(p, -h + 40, -14, len - 80, 28, p.metal, 10) +
    path(p, `M${-h + 50} -34 A40 40 0 1 0 ${-h + 50} 34 L${-h + 36} 14 L${-h + 4} 14 L${-h + 4} -14 L${-h + 36} -14 Z`, p.metal) +
    circle(p, h - 44, 0, 40, p.metal) +
    circle(p, h - 44, 0, 18, p.steel)
  );
}

function pliers(p: Paint): string {
  return (
    path(p, "M400 330 L300 170 Q290 150 310 140 L330 135 L420 310 Z", p.metal) +
    path(p, "M400 330 L500 170 Q510 150 490 140 L470 135 L380 310 Z", p.steel) +
    circle(p, 400, 340, 26, p.steel) +
    path(p, "M385 360 Q330 500 300 680 L340 690 Q380 520 410 370 Z", p.body) +
    path(p, "M415 360 Q470 500 500 680 L460 690 Q420 520 390 370 Z", p.dark) +
    rect(p, 290, 660, 60, 40, p.rubber, 12) +
    rect(p, 452, 660, 60, 40, p.rubber, 12)
  );
}

export const HAND_ART: Record<string, Art> = {
  pliers: { draw: pliers, focus: [400, 250] },
  hammer: {
    draw: (p) =>
      group(
        "rotate(-30 400 400)",
        rect(p, 375, 300, 50, 400, p.body, 16) +
          rect(p, 375, 520, 50, 180, p.rubber, 16) +
          path(p, "M250 230 L520 230 Q600 230 640 200 L660 260 Q600 310 520 310 L250 310 Z", p.steel) +
          path(p, "M640 200 Q700 150 740 170 L680 260 Z", p.steel) +
          rect(p, 220, 220, 40, 100, p.metal, 6),
      ),
    focus: [330, 330],
  },
  screwdriver: {
    draw: (p) =>
      times(4, (i) =>
        group(
          `translate(${190 + i * 140} 0)`,
          rect(p, -36, 140, 72, 200, i % 2 ? p.dark : p.body, 30) +
            rect(p, -36, 250, 72, 30, p.rubber, 6) +
            rect(p, -10, 340, 20, 290 - i * 40, p.metal, 2) +
            (i % 2
              ? path(p, `M-10 ${630 - i * 40} L0 ${660 - i * 40} L10 ${630 - i * 40} Z`, p.steel)
              : rect(p, -14, 620 - i * 40, 28, 20, p.steel, 2)),
        ),
      ),
    focus: [260, 560],
  },
  handsaw: {
    draw: (p) =>
      path(p, "M270 300 L720 380 L720 470 L270 520 Z", p.metal) +
      times(22, (i) => line(p, `M${280 + i * 20} ${518 - i * 2.2} l10 16 l10 -18`, 3)) +
      path(p, "M90 280 Q90 250 120 250 L280 250 L300 560 L150 560 Q90 560 90 500 Z", p.body) +
      path(p, "M140 320 L240 320 L250 480 L150 480 Z", p.white) +
      rect(p, 262, 300, 16, 220, p.dark, 4),
    focus: [520, 470],
  },
  wrench: {
    draw: (p) =>
      group(
        "rotate(-35 400 400)",
        rect(p, 160, 370, 400, 60, p.metal, 24) +
          rect(p, 160, 372, 200, 56, p.body, 24) +
          path(p, "M560 330 L680 330 Q720 330 720 370 L720 380 L620 380 L620 420 L720 420 L720 430 Q720 470 680 470 L560 470 Z", p.steel) +
          circle(p, 590, 400, 14, p.metal),
      ),
    focus: [620, 300],
  },
  "wrench-set": {
    draw: (p) =>
      rect(p, 130, 150, 540, 500, p.body, 24) +
      rect(p, 160, 180, 480, 440, p.dark, 12) +
      times(6, (i) => group(`translate(400 ${230 + i * 70})`, comboWrench(p, 440 - i * 40))) +
      text(400, 690, "CR-V", 36, p.line),
    focus: [230, 300],
  },
  "socket-set": {
    draw: (p) =>
      rect(p, 110, 180, 580, 440, p.body, 24) +
      rect(p, 140, 210, 520, 380, p.dark, 12) +
      times(
        10,
        (i) =>
          circle(p, 190 + (i % 5) * 100, 260 + Math.floor(i / 5) * 95, 30 - (i % 5) * 2, p.metal) +
          circle(p, 190 + (i % 5) * 100, 260 + Math.floor(i / 5) * 95, 14 - (i % 5), p.steel),
      ) +
      rect(p, 180, 470, 300, 30, p.metal, 12) +
      circle(p, 500, 485, 40, p.metal) +
      circle(p, 500, 485, 16, p.steel) +
      rect(p, 180, 530, 200, 26, p.metal, 10) +
      rect(p, 540, 520, 80, 40, p.metal, 8),
    focus: [300, 300],
  },
  tape: {
    draw: (p) =>
      rect(p, 200, 250, 330, 330, p.body, 70) +
      circle(p, 365, 415, 110, p.dark) +
      circle(p, 365, 415, 40, p.metal) +
      rect(p, 230, 540, 270, 60, p.rubber, 20) +
      rect(p, 330, 220, 70, 40, p.rubber, 8) +
      path(p, "M520 520 L700 520 L700 560 L520 560 Z", p.light) +
      times(9, (i) => line(p, `M${530 + i * 20} 520 v${i % 2 ? 12 : 22}`, 3)) +
      rect(p, 700, 500, 16, 70, p.steel, 2) +
      text(365, 430, "5m", 36, p.trim),
    focus: [610, 540],
  },
  "laser-level": {
    draw: (p) =>
      line(p, "M80 330 H330 M470 330 H720 M400 90 V260", 6, "#2ecc40") +
      rect(p, 300, 250, 200, 200, p.body, 30) +
      rect(p, 330, 280, 140, 90, p.glass, 14) +
      circle(p, 400, 325, 22, p.dark) +
      rect(p, 320, 450, 160, 40, p.rubber, 10) +
      circle(p, 360, 410, 14, p.rubber) +
      circle(p, 440, 410, 14, p.rubber) +
      line(p, "M400 490 L300 720 M400 490 L500 720 M400 490 L400 720", 12, p.steel),
    focus: [400, 330],
  },
  multimeter: {
    draw: (p) =>
      rect(p, 250, 140, 300, 520, p.body, 40) +
      rect(p, 280, 170, 240, 460, p.dark, 24) +
      rect(p, 300, 190, 200, 110, p.screen, 8) +
      text(400, 265, "12.68", 54, p.glow) +
      circle(p, 400, 420, 80, p.rubber) +
      line(p, "M400 420 L440 370", 10, p.white) +
      circle(p, 320, 560, 16, p.rubber) +
      circle(p, 400, 560, 16, "#d62828") +
      circle(p, 480, 560, 16, p.rubber) +
      line(p, "M400 575 C420 700 560 680 620 720", 8, "#d62828") +
      line(p, "M320 575 C300 700 200 690 160 720", 8, p.rubber),
    focus: [400, 245],
  },
  caliper: {
    draw: (p) =>
      rect(p, 100, 330, 620, 50, p.metal, 4) +
      times(30, (i) => line(p, `M${130 + i * 19} 330 v${i % 5 ? 14 : 26}`, 2)) +
      path(p, "M100 330 L100 560 L150 560 L170 380 L170 330 Z", p.metal) +
      path(p, "M260 330 L260 560 L210 560 L190 380 L190 330 Z", p.steel) +
      rect(p, 190, 270, 220, 150, p.body, 16) +
      rect(p, 215, 295, 140, 60, p.screen, 6) +
      text(285, 338, "25.40", 34, p.glow) +
      circle(p, 385, 390, 12, p.rubber),
    focus: [285, 330],
  },
  screws: {
    draw: (p) =>
      rect(p, 150, 300, 500, 300, p.body, 16) +
      rect(p, 150, 250, 500, 70, p.dark, 16) +
      text(400, 300, "M6", 40, p.trim) +
      times(12, (i) =>
        group(
          `translate(${200 + (i % 6) * 80} ${370 + Math.floor(i / 6) * 110}) rotate(${((i * 37) % 60) - 30})`,
          circle(p, 0, 0, 22, p.metal) + line(p, "M-10 0 h20 M0 -10 v20", 3) + rect(p, -7, 20, 14, 60, p.steel, 2),
        ),
      ),
    focus: [280, 420],
  },
  stapler: {
    draw: (p) =>
      path(p, "M160 460 L600 460 Q640 460 640 500 L640 540 L160 540 Z", p.metal) +
      path(p, "M160 440 L560 300 Q620 280 640 330 L640 380 L200 470 Z", p.body) +
      rect(p, 180, 430, 60, 40, p.dark, 6) +
      path(p, "M250 560 Q420 620 620 560", p.rubber) +
      line(p, "M250 560 Q420 620 620 560", 16, p.rubber),
    focus: [220, 470],
  },
  helmet: {
    draw: (p) =>
      path(p, "M180 470 Q180 220 400 210 Q620 220 620 470 Z", p.body) +
      path(p, "M370 215 L430 215 L440 470 L360 470 Z", p.dark) +
      path(p, "M120 470 L680 470 Q700 500 660 510 L140 510 Q100 500 120 470 Z", p.body) +
      line(p, "M230 510 Q400 640 570 510", 8, p.rubber),
    focus: [400, 330],
  },
  gloves: {
    draw: (p) =>
      times(2, (i) =>
        group(
          `translate(${i * 220} ${i * 40}) rotate(${i ? 12 : -12} 300 400)`,
          path(
            p,
            "M220 650 L220 420 L200 300 Q200 270 225 270 Q245 270 250 300 L262 380 L262 230 Q262 200 290 200 Q318 200 318 230 L318 370 L335 210 Q340 185 365 190 Q390 195 385 225 L372 380 L405 260 Q415 235 438 245 Q458 255 450 285 L410 450 L400 650 Z",
            i ? p.body : p.dark,
          ) + rect(p, 215, 600, 190, 60, p.rubber, 10),
        ),
      ),
    focus: [300, 260],
  },
  goggles: {
    draw: (p) =>
      path(p, "M150 330 Q400 250 650 330 L640 480 Q520 520 430 470 L400 450 L370 470 Q280 520 160 480 Z", p.glass) +
      path(p, "M150 330 Q400 250 650 330 L650 350 Q400 280 150 350 Z", p.body) +
      line(p, "M150 400 C60 400 60 520 120 560 M650 400 C740 400 740 520 680 560", 14, p.rubber) +
      line(p, "M220 360 L300 450 M480 360 L560 450", 6, p.white),
    focus: [300, 400],
  },
  toolbox: {
    draw: (p) =>
      rect(p, 130, 300, 540, 320, p.body, 24) +
      rect(p, 130, 300, 540, 90, p.dark, 24) +
      rect(p, 130, 370, 540, 24, p.dark) +
      path(p, "M300 300 L300 220 Q300 190 330 190 L470 190 Q500 190 500 220 L500 300 L460 300 L460 235 L340 235 L340 300 Z", p.rubber) +
      rect(p, 170, 330, 50, 40, p.metal, 6) +
      rect(p, 580, 330, 50, 40, p.metal, 6) +
      rect(p, 250, 450, 300, 90, p.trim, 14) +
      text(400, 510, "PRO", 50, p.body) +
      ellipse(p, 400, 620, 250, 10, p.rubber),
    focus: [400, 300],
  },
};
