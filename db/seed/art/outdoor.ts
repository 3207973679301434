import { circle, ellipse, group, line, path, rect, text, times, type Art, type Paint } from "./svg.ts";

/** Garden machines, energy equipment, pumps and lighting. */

const wheel = (p: Paint, x: number, y: number, r: number): string => circle(p, x, y, r, p.rubber) + circle(p, x, y, r * 0.4, p.metal);

export const OUTDOOR_ART: Record<string, Art> = {
  "lawn-mower": {
    draw: (p) =>
      line(p, "M470 440 L640 160 L700 160", 18, p.steel) +
      rect(p, 660, 140, 80, 36, p.rubber, 12) +
      path(p, "M150 560 L170 450 Q180 410 230 400 L470 390 Q520 390 530 440 L550 560 Z", p.body) +
      rect(p, 240, 330, 170, 80, p.dark, 20) +
      times(5, (i) => line(p, `M${260 + i * 30} 345 v50`, 6, p.rubber)) +
      path(p, "M530 450 L640 430 L660 560 L550 560 Z", p.dark) +
      wheel(p, 210, 580, 60) +
      wheel(p, 500, 580, 60) +
      rect(p, 250, 470, 200, 30, p.trim, 10),
    focus: [320, 370],
  },
  trimmer: {
    draw: (p) =>
      line(p, "M150 250 L650 600", 16, p.steel) +
      rect(p, 100, 180, 170, 120, p.body, 24) +
      rect(p, 120, 200, 70, 80, p.dark, 10) +
      circle(p, 230, 300, 30, p.rubber) +
      line(p, "M320 310 L420 240 M420 240 L400 200 M420 240 L470 230", 12, p.rubber) +
      path(p, "M620 570 L720 610 L700 650 L600 600 Z", p.dark) +
      ellipse(p, 660, 620, 70, 18, p.metal) +
      line(p, "M590 635 L520 680 M730 610 L790 600", 4, p.line),
    focus: [190, 240],
  },
  chainsaw: {
    draw: (p) =>
      path(p, "M150 300 Q150 240 210 240 L440 240 Q470 240 470 280 L470 480 L150 480 Z", p.body) +
      rect(p, 180, 270, 140, 90, p.dark, 14) +
      times(5, (i) => line(p, `M${195 + i * 25} 285 v60`, 6, p.rubber)) +
      path(p, "M200 240 Q260 150 360 170 Q410 180 420 240 L390 240 Q380 200 340 198 Q270 195 235 240 Z", p.rubber) +
      path(p, "M470 320 L740 340 Q770 370 740 400 L470 420 Z", p.metal) +
      times(14, (i) => rect(p, 480 + i * 19, 312 + i * 1.4, 12, 12, p.steel, 2) + rect(p, 480 + i * 19, 416 - i * 1.4, 12, 12, p.steel, 2)) +
      rect(p, 140, 480, 340, 30, p.rubber, 10) +
      text(310, 455, "MS", 40, p.trim),
    focus: [600, 370],
  },
  "pressure-washer": {
    draw: (p) =>
      path(p, "M250 640 L230 250 Q230 200 280 200 L470 200 Q520 200 520 250 L500 640 Z", p.body) +
      rect(p, 270, 240, 210, 100, p.dark, 14) +
      circle(p, 375, 290, 30, p.rubber) +
      rect(p, 300, 380, 150, 40, p.trim, 10) +
      line(p, "M330 200 L330 120 L430 120 L430 200", 16, p.rubber) +
      wheel(p, 270, 650, 40) +
      wheel(p, 480, 650, 40) +
      line(p, "M500 560 C600 600 620 460 600 420", 10, p.rubber) +
      path(p, "M580 420 L650 330 L680 350 L610 440 Z", p.rubber) +
      line(p, "M665 340 L760 200", 10, p.steel) +
      line(p, "M760 200 l20 -40 M760 200 l35 -25 M760 200 l40 -5", 4, p.glass),
    focus: [375, 290],
  },
  generator: {
    draw: (p) =>
      line(p, "M140 620 L140 260 L660 260 L660 620 M140 620 H660 M140 260 L180 220 H620 L660 260", 18, p.rubber) +
      rect(p, 180, 280, 440, 130, p.body, 20) +
      ellipse(p, 400, 282, 60, 16, p.dark) +
      text(400, 372, "220V ~ 60Hz", 34, p.trim) +
      rect(p, 190, 430, 200, 170, p.steel, 12) +
      times(6, (i) => line(p, `M205 ${455 + i * 24} h170`, 6, p.shade)) +
      rect(p, 410, 430, 200, 170, p.dark, 12) +
      circle(p, 460, 490, 20, p.white) +
      circle(p, 540, 490, 20, p.white) +
      rect(p, 440, 540, 140, 34, p.rubber, 8) +
      wheel(p, 180, 650, 36) +
      wheel(p, 620, 650, 36),
    focus: [510, 510],
  },
  ups: {
    draw: (p) =>
      rect(p, 260, 150, 280, 520, p.rubber, 24) +
      rect(p, 290, 190, 220, 120, p.screen, 10) +
      text(400, 265, "230V", 50, p.glow) +
      circle(p, 400, 380, 36, p.body) +
      line(p, "M400 360 v22 M386 368 a22 22 0 1 0 28 0", 5, p.white) +
      times(6, (i) => line(p, `M300 ${460 + i * 30} h200`, 6, p.dark)) +
      rect(p, 260, 640, 280, 30, p.body, 8),
    focus: [400, 300],
  },
  battery: {
    draw: (p) =>
      rect(p, 200, 380, 400, 200, p.rubber, 24) +
      rect(p, 230, 300, 340, 100, p.body, 20) +
      rect(p, 300, 260, 200, 50, p.dark, 10) +
      rect(p, 240, 430, 320, 60, p.body, 10) +
      text(400, 475, "18V 5.0Ah", 40, p.trim) +
      times(4, (i) => rect(p, 260 + i * 40, 520, 28, 28, i < 3 ? p.glow : p.shade, 6)),
    focus: [320, 530],
  },
  "power-strip": {
    draw: (p) =>
      group(
        "rotate(-20 400 400)",
        rect(p, 100, 340, 600, 130, p.white, 30) +
          rect(p, 120, 360, 80, 90, p.body, 12) +
          circle(p, 160, 405, 18, p.hot) +
          times(
            4,
            (i) =>
              circle(p, 270 + i * 110, 405, 40, p.metal) + circle(p, 258 + i * 110, 405, 7, p.rubber) + circle(p, 282 + i * 110, 405, 7, p.rubber),
          ) +
          line(p, "M700 405 C780 405 780 560 690 600", 16, p.rubber),
      ),
    focus: [300, 460],
  },
  pump: {
    draw: (p) =>
      rect(p, 160, 300, 280, 220, p.body, 30) +
      times(7, (i) => line(p, `M${185 + i * 36} 320 v180`, 8, p.dark)) +
      rect(p, 440, 320, 200, 180, p.steel, 20) +
      circle(p, 540, 410, 60, p.metal) +
      rect(p, 500, 250, 80, 70, p.metal, 6) +
      rect(p, 640, 380, 70, 60, p.metal, 6) +
      rect(p, 140, 520, 520, 40, p.rubber, 10) +
      rect(p, 250, 240, 100, 60, p.dark, 10),
    focus: [540, 330],
  },
  flashlight: {
    draw: (p) =>
      group(
        "rotate(-25 400 400)",
        rect(p, 180, 350, 330, 100, p.body, 20) +
          times(6, (i) => line(p, `M${220 + i * 30} 360 v80`, 6, p.dark)) +
          path(p, "M510 330 L640 290 L640 510 L510 470 Z", p.steel) +
          ellipse(p, 640, 400, 26, 110, p.light) +
          rect(p, 400, 330, 50, 24, p.rubber, 8) +
          rect(p, 150, 370, 40, 60, p.rubber, 8) +
          `<path d="M668 330 L800 250 L800 550 L668 470 Z" fill="${p.light}" opacity="0.6"/>`,
      ),
    focus: [560, 330],
  },
  floodlight: {
    draw: (p) =>
      path(p, "M300 600 L400 500 L500 600", p.white) +
      line(p, "M300 600 L400 500 L500 600", 18, p.steel) +
      rect(p, 180, 190, 440, 320, p.rubber, 24) +
      times(8, (i) => line(p, `M${200 + i * 57} 170 v30`, 10, p.dark)) +
      rect(p, 210, 220, 380, 260, p.light, 12) +
      times(24, (i) => circle(p, 250 + (i % 6) * 60, 260 + Math.floor(i / 6) * 60, 16, p.white)) +
      rect(p, 180, 510, 440, 20, p.body, 6),
    focus: [400, 350],
  },
  bulb: {
    draw: (p) =>
      path(p, "M400 130 C560 130 620 260 580 360 C555 420 500 450 490 520 L310 520 C300 450 245 420 220 360 C180 260 240 130 400 130 Z", p.light) +
      line(p, "M350 380 L370 300 L400 360 L430 300 L450 380", 6, p.hot) +
      rect(p, 300, 520, 200, 40, p.white, 8) +
      times(4, (i) => rect(p, 310, 560 + i * 26, 180, 26, p.metal, 10)) +
      path(p, "M350 664 L450 664 L420 700 L380 700 Z", p.rubber),
    focus: [400, 580],
  },
};
