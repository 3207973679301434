import { circle, ellipse, line, path, rect, text, times, type Art } from "./svg.ts";

/** Small appliances, utilities, computing and audio/video. */
export const HOME_ART: Record<string, Art> = {
  vacuum: {
    draw: (p) =>
      path(p, "M220 300 L580 300 L560 640 L240 640 Z", p.body) +
      ellipse(p, 400, 300, 180, 40, p.dark) +
      rect(p, 340, 230, 120, 50, p.rubber, 20) +
      circle(p, 260, 650, 30, p.rubber) +
      circle(p, 540, 650, 30, p.rubber) +
      line(p, "M560 380 C700 380 720 520 660 600", 22, p.rubber) +
      rect(p, 620, 590, 80, 110, p.steel, 10) +
      path(p, "M590 700 L740 700 L740 730 L590 730 Z", p.rubber) +
      rect(p, 300, 420, 200, 40, p.trim, 10),
    focus: [400, 290],
  },
  fan: {
    draw: (p) =>
      line(p, "M400 420 L400 680", 22, p.steel) +
      ellipse(p, 400, 690, 150, 30, p.dark) +
      circle(p, 400, 300, 200, p.white) +
      times(3, (i) => `<g transform="rotate(${i * 120} 400 300)">` + path(p, "M400 300 Q480 150 420 110 Q360 130 400 300 Z", p.body) + "</g>") +
      circle(p, 400, 300, 40, p.dark) +
      times(12, (i) =>
        line(p, `M400 300 L${400 + Math.cos((i / 12) * Math.PI * 2) * 198} ${300 + Math.sin((i / 12) * Math.PI * 2) * 198}`, 2, p.steel),
      ),
    focus: [400, 300],
  },
  airfryer: {
    draw: (p) =>
      path(p, "M240 200 Q240 150 300 150 L500 150 Q560 150 560 200 L590 640 L210 640 Z", p.body) +
      rect(p, 300, 190, 200, 90, p.screen, 14) +
      text(400, 250, "200°C", 40, p.glow) +
      path(p, "M230 380 L570 380 L585 600 L215 600 Z", p.dark) +
      rect(p, 330, 450, 140, 44, p.rubber, 20) +
      rect(p, 210, 640, 380, 20, p.rubber, 6),
    focus: [400, 240],
  },
  "coffee-maker": {
    draw: (p) =>
      rect(p, 230, 150, 340, 120, p.body, 20) +
      rect(p, 470, 270, 100, 360, p.body, 10) +
      rect(p, 210, 630, 380, 40, p.dark, 12) +
      path(p, "M250 350 L430 350 L420 600 Q340 620 260 600 Z", p.glass) +
      path(p, "M255 470 L425 470 L420 600 Q340 620 260 600 Z", "#5a3214") +
      line(p, "M430 390 Q480 420 430 540", 14, p.rubber) +
      rect(p, 250, 330, 180, 26, p.rubber, 8) +
      circle(p, 520, 560, 14, p.hot),
    focus: [340, 480],
  },
  ladder: {
    draw: (p) =>
      line(p, "M300 130 L180 690 M440 130 L560 690", 26, p.metal) +
      line(p, "M300 130 L440 130", 26, p.body) +
      line(p, "M440 130 L640 690", 18, p.steel) +
      [0, 1, 2, 3, 4].map((i) => line(p, `M${285 - i * 22} ${230 + i * 100} L${455 + i * 22} ${230 + i * 100}`, 20, p.steel)).join(""),
    focus: [380, 250],
  },
  padlock: {
    draw: (p) =>
      path(
        p,
        "M300 360 L300 260 Q300 160 400 160 Q500 160 500 260 L500 360 L460 360 L460 260 Q460 200 400 200 Q340 200 340 260 L340 360 Z",
        p.metal,
      ) +
      rect(p, 240, 350, 320, 300, p.body, 30) +
      circle(p, 400, 470, 30, p.dark) +
      path(p, "M388 490 L412 490 L420 560 L380 560 Z", p.dark) +
      path(p, "M600 600 L700 600 L700 620 L680 620 L680 640 L660 640 L660 620 L600 620 Z", p.metal) +
      circle(p, 590, 610, 30, p.metal),
    focus: [400, 260],
  },
  ssd: {
    draw: (p) =>
      rect(p, 180, 220, 440, 330, p.rubber, 18) +
      rect(p, 210, 250, 380, 230, p.body, 10) +
      text(400, 390, "SSD", 90, p.trim) +
      rect(p, 260, 550, 180, 30, p.metal, 4) +
      times(10, (i) => line(p, `M${272 + i * 16} 556 v18`, 4, p.steel)) +
      rect(p, 500, 560, 100, 90, p.body, 10) +
      rect(p, 600, 585, 50, 40, p.metal, 4),
    focus: [350, 565],
  },
  router: {
    draw: (p) =>
      line(p, "M230 420 L180 150 M330 400 L320 130 M470 400 L480 130 M570 420 L620 150", 22, p.rubber) +
      path(p, "M140 420 L660 420 L700 560 L100 560 Z", p.body) +
      times(6, (i) => circle(p, 210 + i * 70, 490, 10, i < 4 ? p.glow : p.shade)) +
      rect(p, 100, 560, 600, 30, p.rubber, 10) +
      line(p, "M360 250 a60 60 0 0 1 80 0 M330 220 a100 100 0 0 1 140 0", 10, p.body),
    focus: [350, 490],
  },
  mouse: {
    draw: (p) =>
      path(p, "M400 160 C560 160 590 330 580 470 C570 620 480 680 400 680 C320 680 230 620 220 470 C210 330 240 160 400 160 Z", p.body) +
      line(p, "M400 160 L400 330 M225 330 Q400 360 575 330", 6) +
      rect(p, 385, 210, 30, 70, p.rubber, 14) +
      rect(p, 600, 560, 80, 40, p.dark, 6) +
      rect(p, 680, 565, 40, 30, p.metal, 4),
    focus: [400, 250],
  },
  speaker: {
    draw: (p) =>
      rect(p, 140, 260, 520, 280, p.body, 140) +
      rect(p, 170, 290, 460, 220, p.dark, 110) +
      circle(p, 290, 400, 80, p.rubber) +
      circle(p, 510, 400, 80, p.rubber) +
      circle(p, 290, 400, 30, p.shade) +
      circle(p, 510, 400, 30, p.shade) +
      rect(p, 350, 230, 100, 30, p.rubber, 10) +
      text(400, 420, "♪", 40, p.white),
    focus: [290, 400],
  },
  headphones: {
    draw: (p) =>
      path(p, "M200 430 Q200 150 400 150 Q600 150 600 430 L560 430 Q560 200 400 200 Q240 200 240 430 Z", p.dark) +
      rect(p, 170, 400, 110, 200, p.body, 50) +
      rect(p, 520, 400, 110, 200, p.body, 50) +
      rect(p, 250, 420, 40, 160, p.rubber, 18) +
      rect(p, 510, 420, 40, 160, p.rubber, 18),
    focus: [225, 500],
  },
  camera: {
    draw: (p) =>
      rect(p, 340, 540, 120, 120, p.white, 10) +
      line(p, "M400 540 L400 470", 30, p.white) +
      path(p, "M400 160 C540 160 590 260 590 340 C590 440 510 480 400 480 C290 480 210 440 210 340 C210 260 260 160 400 160 Z", p.white) +
      circle(p, 400, 330, 110, p.rubber) +
      circle(p, 400, 330, 60, p.glass) +
      circle(p, 380, 310, 16, p.white) +
      circle(p, 330, 230, 8, p.hot) +
      rect(p, 300, 420, 200, 26, p.body, 10),
    focus: [400, 330],
  },
};
