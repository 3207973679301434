import { circle, ellipse, line, path, rect, text, times, type Art, type Paint } from "./svg.ts";

/** Power tools drawn side-on, facing right. */

const vents = (p: Paint, x: number, y: number, count: number): string => times(count, (i) => line(p, `M${x + i * 18} ${y} v40`, 6, p.dark));

/** Pistol-grip body shared by drills, drivers and heat guns. */
function pistol(p: Paint, nose: string, battery: boolean): string {
  const handle = path(p, "M360 360 L470 360 L450 560 L340 560 Z", p.body);
  const grip = path(p, "M372 400 L455 400 L440 540 L356 540 Z", p.rubber);
  const base = battery
    ? rect(p, 290, 555, 230, 70, p.rubber, 14) + rect(p, 305, 570, 200, 16, p.dark, 6) + text(405, 612, "18V", 30, p.trim)
    : line(p, "M395 560 C395 640 300 640 250 700", 14, p.rubber) + rect(p, 372, 556, 46, 34, p.rubber, 6);
  return (
    handle +
    grip +
    base +
    path(p, "M200 260 Q200 220 240 220 L560 220 L560 370 L240 370 Q200 370 200 330 Z", p.body) +
    rect(p, 235, 235, 120, 120, p.dark, 16) +
    vents(p, 250, 275, 6) +
    rect(p, 380, 300, 170, 26, p.trim, 8) +
    path(p, "M455 372 L490 372 L480 420 L455 410 Z", p.rubber) +
    nose
  );
}

const chuck = (p: Paint): string =>
  path(p, "M560 245 L640 260 L640 330 L560 345 Z", p.steel) +
  times(4, (i) => line(p, `M${575 + i * 16} 258 v76`, 3, p.line)) +
  rect(p, 640, 286, 110, 18, p.metal, 4);

export const POWER_ART: Record<string, Art> = {
  drill: { draw: (p) => pistol(p, chuck(p), false), focus: [600, 295] },
  "cordless-drill": {
    draw: (p) =>
      pistol(
        p,
        rect(p, 560, 255, 60, 80, p.rubber, 10) + path(p, "M620 265 L680 275 L680 315 L620 325 Z", p.steel) + rect(p, 680, 287, 70, 16, p.metal, 3),
        true,
      ),
    focus: [420, 590],
  },
  "heat-gun": {
    draw: (p) =>
      pistol(
        p,
        path(p, "M560 240 L690 260 L690 330 L560 350 Z", p.steel) +
          ellipse(p, 690, 295, 14, 36, p.rubber) +
          line(p, "M715 275 q20 20 0 40 M735 265 q25 30 0 60", 6, p.hot),
        false,
      ),
    focus: [640, 295],
  },
  "rotary-hammer": {
    draw: (p) =>
      path(p, "M130 300 Q130 250 180 250 L600 250 L620 290 L620 350 L180 350 Q130 350 130 300 Z", p.body) +
      rect(p, 170, 262, 150, 76, p.dark, 14) +
      vents(p, 185, 280, 7) +
      path(p, "M150 350 L250 350 L230 560 L130 560 Z", p.body) +
      path(p, "M160 390 L235 390 L220 540 L145 540 Z", p.rubber) +
      line(p, "M185 560 C185 640 120 650 100 700", 14, p.rubber) +
      rect(p, 620, 275, 70, 50, p.rubber, 8) +
      rect(p, 690, 290, 80, 20, p.metal, 3) +
      path(p, "M770 290 l20 10 l-20 10 Z", p.steel) +
      path(p, "M520 350 L560 350 L600 520 L560 540 Z", p.rubber) +
      rect(p, 360, 285, 200, 24, p.trim, 8),
    focus: [660, 300],
  },
  "angle-grinder": {
    draw: (p) =>
      rect(p, 170, 300, 380, 110, p.body, 50) +
      rect(p, 210, 318, 140, 74, p.dark, 20) +
      vents(p, 225, 335, 6) +
      rect(p, 380, 340, 140, 22, p.trim, 8) +
      rect(p, 110, 330, 70, 50, p.rubber, 16) +
      line(p, "M110 355 C60 355 60 450 110 520", 14, p.rubber) +
      rect(p, 550, 290, 110, 130, p.steel, 18) +
      path(p, "M520 440 A150 40 0 0 0 760 440 L760 460 A150 40 0 0 1 520 460 Z", p.metal) +
      ellipse(p, 640, 470, 140, 26, p.shade) +
      rect(p, 610, 210, 40, 80, p.rubber, 10),
    focus: [640, 440],
  },
  "circular-saw": {
    draw: (p) =>
      circle(p, 420, 420, 210, p.metal) +
      times(24, (i) => {
        const a = (i / 24) * Math.PI * 2;
        return line(
          p,
          `M${420 + Math.cos(a) * 200} ${420 + Math.sin(a) * 200} L${420 + Math.cos(a + 0.12) * 222} ${420 + Math.sin(a + 0.12) * 222}`,
          5,
        );
      }) +
      path(p, "M210 420 A210 210 0 0 1 630 420 L600 420 A180 180 0 0 0 240 420 Z", p.body) +
      circle(p, 420, 420, 40, p.steel) +
      rect(p, 160, 560, 520, 30, p.steel, 6) +
      path(p, "M300 250 Q330 150 440 150 L520 150 Q560 150 560 200 L540 260 L470 230 Q420 210 380 260 Z", p.body) +
      path(p, "M440 170 L520 170 L510 225 L450 215 Z", p.rubber) +
      rect(p, 250, 300, 120, 60, p.dark, 16) +
      text(310, 342, "7¼", 34, p.trim),
    focus: [420, 420],
  },
  jigsaw: {
    draw: (p) =>
      path(p, "M180 330 Q180 200 320 200 L560 200 Q640 200 640 280 L640 400 L180 400 Z", p.body) +
      path(p, "M300 250 L520 250 Q540 250 540 270 L540 300 L300 300 Z", p.white) +
      rect(p, 210, 230, 70, 130, p.dark, 16) +
      rect(p, 150, 400, 520, 40, p.steel, 8) +
      rect(p, 540, 440, 22, 170, p.metal, 2) +
      times(8, (i) => line(p, `M562 ${450 + i * 20} l12 10 l-12 10`, 3)) +
      rect(p, 330, 320, 190, 22, p.trim, 8) +
      line(p, "M180 300 C110 300 100 420 120 520", 14, p.rubber),
    focus: [550, 520],
  },
  sander: {
    draw: (p) =>
      path(p, "M250 360 Q250 220 400 220 Q550 220 550 360 Z", p.body) +
      ellipse(p, 400, 230, 90, 30, p.rubber) +
      rect(p, 220, 360, 360, 70, p.dark, 12) +
      rect(p, 200, 430, 400, 40, p.rubber, 10) +
      times(5, (i) => circle(p, 260 + i * 70, 450, 8, p.steel)) +
      rect(p, 580, 370, 150, 50, p.steel, 20) +
      rect(p, 330, 290, 140, 26, p.trim, 8) +
      line(p, "M250 330 C180 330 160 420 170 560", 14, p.rubber),
    focus: [400, 445],
  },
  compressor: {
    draw: (p) =>
      rect(p, 140, 430, 520, 180, p.body, 90) +
      rect(p, 200, 470, 400, 20, p.trim, 8) +
      rect(p, 250, 300, 220, 130, p.dark, 16) +
      vents(p, 270, 330, 10) +
      rect(p, 480, 320, 120, 110, p.steel, 12) +
      circle(p, 560, 270, 45, p.white) +
      line(p, "M560 270 l25 -20", 5) +
      rect(p, 540, 315, 40, 25, p.steel) +
      circle(p, 200, 640, 45, p.rubber) +
      circle(p, 200, 640, 16, p.metal) +
      rect(p, 580, 610, 40, 60, p.rubber, 6) +
      line(p, "M660 480 L730 420 L730 300", 10, p.rubber) +
      text(400, 580, "100 L", 40, p.trim),
    focus: [560, 290],
  },
  "spray-gun": {
    draw: (p) =>
      path(p, "M250 300 L560 300 L600 330 L560 360 L250 360 Z", p.metal) +
      rect(p, 600, 315, 60, 30, p.steel, 8) +
      path(p, "M300 360 L380 360 L360 600 L280 600 Z", p.steel) +
      path(p, "M420 360 L450 360 Q470 420 430 470 L415 460 Q440 420 420 360 Z", p.rubber) +
      path(p, "M380 300 L360 160 L520 160 L500 300 Z", p.body) +
      ellipse(p, 440, 160, 80, 20, p.dark) +
      rect(p, 380, 200, 120, 40, p.glass, 6) +
      rect(p, 290, 600, 60, 40, p.rubber, 6) +
      line(p, "M680 330 l60 -30 M680 330 l70 0 M680 330 l60 30", 4, p.steel),
    focus: [560, 330],
  },
  welder: {
    draw: (p) =>
      rect(p, 180, 260, 440, 320, p.body, 20) +
      rect(p, 210, 290, 180, 260, p.dark, 12) +
      rect(p, 230, 310, 140, 70, p.screen) +
      text(300, 362, "160A", 40, p.glow) +
      circle(p, 300, 450, 42, p.metal) +
      line(p, "M300 450 l20 -25", 6) +
      circle(p, 460, 330, 20, p.rubber) +
      rect(p, 420, 400, 170, 150, p.steel, 10) +
      times(6, (i) => line(p, `M440 ${420 + i * 22} h130`, 5, p.dark)) +
      rect(p, 200, 230, 400, 36, p.rubber, 16) +
      circle(p, 250, 610, 20, p.rubber) +
      circle(p, 550, 610, 20, p.rubber) +
      line(p, "M610 520 C720 560 700 680 620 700", 12, p.rubber) +
      path(p, "M600 690 L660 720 L640 740 L580 715 Z", p.rubber),
    focus: [300, 345],
  },
  "welding-mask": {
    draw: (p) =>
      path(p, "M230 260 Q400 120 570 260 L600 520 Q400 700 200 520 Z", p.body) +
      path(p, "M260 300 Q400 200 540 300 L520 360 L280 360 Z", p.dark) +
      rect(p, 300, 320, 200, 90, p.screen, 8) +
      rect(p, 320, 335, 160, 60, p.shade, 4) +
      path(p, "M300 460 Q400 560 500 460 L470 540 Q400 600 330 540 Z", p.dark) +
      circle(p, 250, 420, 22, p.rubber) +
      circle(p, 550, 420, 22, p.rubber),
    focus: [400, 365],
  },
  soldering: {
    draw: (p) =>
      rect(p, 150, 380, 320, 230, p.body, 18) +
      rect(p, 180, 410, 160, 80, p.screen) +
      text(260, 465, "350°", 40, p.hot) +
      circle(p, 400, 450, 34, p.metal) +
      circle(p, 220, 550, 16, p.rubber) +
      circle(p, 290, 550, 16, p.rubber) +
      path(p, "M520 600 L640 380 L660 390 L545 610 Z", p.steel) +
      ellipse(p, 600, 610, 90, 22, p.rubber) +
      path(p, "M600 300 L700 180 L725 198 L630 320 Z", p.rubber) +
      line(p, "M712 190 L760 130", 8, p.steel) +
      line(p, "M470 560 C540 560 560 360 610 310", 10, p.rubber),
    focus: [260, 455],
  },
};
