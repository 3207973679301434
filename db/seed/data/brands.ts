/** Colour families the product drawings come in (see art/svg.ts). */
export type Palette = "teal" | "yellow" | "blue" | "red" | "orange" | "green" | "graphite";

export interface BrandDef {
  slug: string;
  nome: string;
  /** Prefix of every product code of the brand. */
  code: string;
  palette: Palette;
  /** Wordmark card colours: background, lettering and the underline. */
  colors: { bg: string; fg: string; accent: string };
  /** False for the few brands the shop has no logo for (the spec shows their name instead). */
  logo: boolean;
  /** Shown first among the home page's main brands. */
  destaque: boolean;
  /** The brand's professional line: its products in the special categories form the special line. */
  line?: string;
}

const brand = (
  slug: string, nome: string, code: string, palette: Palette, bg: string, fg: string, accent: string,
  extra: Partial<Pick<BrandDef, "logo" | "destaque" | "line">> = {},
): BrandDef => ({ slug, nome, code, palette, colors: { bg, fg, accent }, logo: extra.logo ?? true, destaque: extra.destaque ?? false, ...(extra.line ? { line: extra.line } : {}) });

export const BRANDS: readonly BrandDef[] = [
  brand("makita", "Makita", "MAK", "teal", "#0a93a0", "#ffffff", "#1d232b", { destaque: true, line: "Pro Series" }),
  brand("bosch", "Bosch", "BOS", "blue", "#ffffff", "#c8102e", "#1f5fa8", { destaque: true, line: "Professional" }),
  brand("dewalt", "DeWalt", "DWT", "yellow", "#f5b301", "#1d1d1b", "#1d1d1b", { destaque: true, line: "Heavy Duty" }),
  brand("stanley", "Stanley", "STN", "yellow", "#1d1d1b", "#f5b301", "#f5b301", { destaque: true }),
  brand("tramontina", "Tramontina", "TRA", "blue", "#16467d", "#ffffff", "#f5b301", { destaque: true }),
  brand("vonder", "Vonder", "VON", "orange", "#f07c00", "#ffffff", "#1d232b"),
  brand("black-decker", "Black+Decker", "BKD", "orange", "#f07c00", "#1d1d1b", "#1d1d1b"),
  brand("milwaukee", "Milwaukee", "MIL", "red", "#c8102e", "#ffffff", "#1d232b", { destaque: true, line: "Industrial" }),
  brand("einhell", "Einhell", "EIN", "red", "#ffffff", "#c8102e", "#c8102e"),
  brand("skil", "Skil", "SKL", "red", "#8f0b21", "#ffffff", "#ffffff"),
  brand("gedore", "Gedore", "GED", "blue", "#1f5fa8", "#ffffff", "#f5b301"),
  brand("truper", "Truper", "TRU", "orange", "#ffffff", "#f07c00", "#1d232b"),
  brand("irwin", "Irwin", "IRW", "blue", "#16467d", "#ffffff", "#c8102e"),
  brand("karcher", "Kärcher", "KAR", "yellow", "#f5b301", "#1d1d1b", "#1d1d1b", { destaque: true }),
  brand("stihl", "Stihl", "STI", "orange", "#f07c00", "#ffffff", "#1d232b", { line: "Pro" }),
  brand("husqvarna", "Husqvarna", "HUS", "orange", "#ffffff", "#16467d", "#f07c00"),
  brand("schulz", "Schulz", "SCH", "blue", "#1f5fa8", "#ffffff", "#ffffff"),
  brand("esab", "ESAB", "ESB", "yellow", "#1d1d1b", "#f5b301", "#f5b301"),
  brand("fluke", "Fluke", "FLK", "yellow", "#f5b301", "#1d232b", "#1d232b"),
  brand("intelbras", "Intelbras", "INT", "green", "#2e8b3d", "#ffffff", "#ffffff"),
  brand("philips", "Philips", "PHI", "blue", "#ffffff", "#1f5fa8", "#1f5fa8"),
  brand("mondial", "Mondial", "MON", "graphite", "#25292f", "#ffffff", "#c8102e"),
  brand("britania", "Britânia", "BRI", "blue", "#1f5fa8", "#ffffff", "#f5b301"),
  brand("3m", "3M", "TMM", "red", "#ffffff", "#c8102e", "#c8102e"),
  brand("kingston", "Kingston", "KNG", "red", "#c8102e", "#ffffff", "#ffffff"),
  brand("tp-link", "TP-Link", "TPL", "green", "#ffffff", "#2e8b3d", "#2e8b3d"),
  brand("jbl", "JBL", "JBL", "orange", "#f07c00", "#ffffff", "#ffffff"),
  // Two local importers' brands: the shop has no artwork for them.
  brand("forte-tools", "Forte Tools", "FOR", "graphite", "#3d434b", "#ffffff", "#f5b301", { logo: false }),
  brand("lotus", "Lotus", "LOT", "green", "#2e8b3d", "#ffffff", "#ffffff", { logo: false }),
];
