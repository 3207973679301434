import Big from "big.js";
import { BRANDS, type BrandDef } from "./data/brands.ts";
import { CATEGORIES } from "./data/categories.ts";
import { KINDS, type KindDef, type SpecValue } from "./data/kinds.ts";
import { CURRENCY, USD_TO_PYG } from "./data/reference.ts";
import { VIEWS, type View } from "./art/index.ts";
import { pickWeighted, rngFor, weightedCycle, type Rng } from "./rng.ts";
import { escapeHtml, slugify } from "#contract/text.ts";

/**
 * The deterministic catalogue: product n is a pure function of n. Growing the catalogue later
 * continues the same sequence, and two runs always produce the same codes, names and prices.
 */
export interface ProductSpec {
  nome_pt: string;
  nome_es: string;
  valor_pt: string | null;
  valor_es: string | null;
}

export interface GeneratedProduct {
  index: number;
  codigo: string;
  slug: string;
  nome_pt: string;
  nome_es: string;
  descritivo_pt: string;
  descritivo_es: string;
  caracteristica_pt: string;
  caracteristica_es: string;
  brand: BrandDef;
  kind: KindDef;
  moeda_id: number;
  valor_venda: string;
  valor_usd: string;
  qtde_disponivel: number;
  qtde_fisica: number;
  mostrar_preco: boolean;
  especial: boolean;
  specs: ProductSpec[];
  images: { art: string; view: View }[];
}

const brandBySlug = new Map(BRANDS.map((b) => [b.slug, b]));
const kindsByCategory = new Map(CATEGORIES.map((c) => [c.slug, KINDS.filter((k) => k.cat === c.slug)]));
/** Spreads categories evenly, so even a small demo shows products in every category. */
const CATEGORY_CYCLE = weightedCycle(CATEGORIES.map((c) => ({ key: c.slug, weight: c.weight })));
const SPECIAL_CATEGORIES = new Set([
  "ferramentas-eletricas",
  "combos-completos",
  "energia",
  "medicao",
  "jardinagem",
  "iluminacao",
  "chaves-e-soquetes",
]);

const pt = (v: SpecValue): string | null => (v === null ? null : typeof v === "string" ? v : v[0]);
const es = (v: SpecValue): string | null => (v === null ? null : typeof v === "string" ? v : v[1]);

/** 1000–9999 permuted within blocks of 9000 plus a letter suffix per block: unique for every index. */
function modelNumber(index: number): string {
  const block = Math.floor(index / 9000);
  const num = 1000 + (((index % 9000) * 7919) % 9000);
  let suffix = "";
  for (let b = block; b > 0; b = Math.floor((b - 1) / 26)) suffix = String.fromCharCode(65 + ((b - 1) % 26)) + suffix;
  return `${num}${suffix}`;
}

/** Shop-style prices: 7.90, 49.90, 1249.00. Decimal arithmetic only. */
function shopPrice(usd: Big): Big {
  if (usd.lt(200)) return usd.round(0, Big.roundDown).plus("0.90");
  return usd.div(10).round(0, Big.roundHalfUp).times(10).minus("1.00");
}

function priceUsd(rng: Rng, kind: KindDef, position: number, premium: boolean): Big {
  const [lo, hi] = kind.usd;
  const frac = Math.min(1, 0.08 + 0.75 * position + 0.17 * rng.next());
  let usd = new Big(lo).plus(new Big(hi - lo).times(frac.toFixed(4)));
  if (premium) usd = usd.times("1.35");
  return shopPrice(usd);
}

function stock(rng: Rng): { qtde_disponivel: number; qtde_fisica: number } {
  const r = rng.next();
  const available = r < 0.12 ? 0 : r < 0.2 ? rng.int(1, 3) : 5 + Math.floor(195 * rng.next() ** 2);
  // Some units are physically in the shop but reserved by unpaid orders.
  const reserved = rng.chance(0.2) ? rng.int(1, 4) : 0;
  return { qtde_disponivel: available, qtde_fisica: available + reserved };
}

function describe(p: {
  kind: KindDef;
  brand: BrandDef;
  model: string;
  nomePt: string;
  nomeEs: string;
  specs: ProductSpec[];
  warranty: string;
  line?: string;
}) {
  const list = (lang: "pt" | "es") =>
    "<ul>" +
    p.specs
      .filter((s) => (lang === "pt" ? s.valor_pt : s.valor_es) !== null)
      .map(
        (s) =>
          `<li><strong>${escapeHtml(lang === "pt" ? s.nome_pt : s.nome_es)}:</strong> ${escapeHtml((lang === "pt" ? s.valor_pt : s.valor_es) ?? "")}</li>`,
      )
      .join("") +
    "</ul>";
  const linePt = p.line ? `<p>Linha industrial <strong>${escapeHtml(p.line)}</strong>, feita para uso profissional contínuo.</p>` : "";
  const lineEs = p.line ? `<p>Línea industrial <strong>${escapeHtml(p.line)}</strong>, hecha para uso profesional continuo.</p>` : "";
  return {
    descritivo_pt: `${p.kind.pt} ${p.brand.nome} ${p.model}, ideal para ${p.kind.use[0]}.`,
    descritivo_es: `${p.kind.es} ${p.brand.nome} ${p.model}, ideal para ${p.kind.use[1]}.`,
    caracteristica_pt:
      `<p><strong>${escapeHtml(p.nomePt)}</strong> é ideal para ${escapeHtml(p.kind.use[0])}. Garantia de ${escapeHtml(p.warranty)} e retirada na loja em Ciudad del Este.</p>` +
      linePt +
      list("pt"),
    caracteristica_es:
      `<p><strong>${escapeHtml(p.nomeEs)}</strong> es ideal para ${escapeHtml(p.kind.use[1])}. Garantía de ${escapeHtml(p.warranty)}, retiro en el local de Ciudad del Este o envío a todo el Paraguay.</p>` +
      lineEs +
      list("es"),
  };
}

export function generateProduct(index: number): GeneratedProduct {
  const rng = rngFor(index);
  const category = CATEGORY_CYCLE[index % CATEGORY_CYCLE.length] as string;
  const kind = pickWeighted(rng, kindsByCategory.get(category) ?? [], (k) => k.weight ?? 1);
  const brand = brandBySlug.get(rng.pick(kind.brands));
  if (!brand) throw new Error(`kind ${kind.key} names an unknown brand`);

  const especial = Boolean(brand.line) && SPECIAL_CATEGORIES.has(kind.cat) && rng.chance(0.85);
  const line = especial ? brand.line : undefined;
  // models[i] belongs to brands[i]; other brands get a series made of their code, so a product
  // never carries another brand's model prefix.
  const brandPosition = kind.brands.indexOf(brand.slug);
  const prefix = kind.models[brandPosition] ?? `${brand.code.slice(0, 2)}${kind.key.charAt(0).toUpperCase()}`;
  // A prefix ending in a digit ("M18", "A400") gets a hyphen so the number stays readable and unique.
  const model = `${prefix}${/\d$/.test(prefix) ? "-" : ""}${modelNumber(index)}`;
  const mainIndex = kind.main ? rng.int(0, kind.main.values.length - 1) : -1;
  const mainValue = kind.main ? (kind.main.values[mainIndex] ?? null) : null;
  const volt = kind.volt ? (rng.chance(0.65) ? "220V" : "127V") : undefined;

  const head = (name: string) => [name, brand.nome, line, model].filter(Boolean).join(" ");
  const nomePt = [head(kind.pt), pt(mainValue), volt].filter(Boolean).join(" ");
  const nomeEs = [head(kind.es), es(mainValue), volt].filter(Boolean).join(" ");
  const codigo = [brand.code, model.replace(/[^A-Za-z0-9-]/g, "").toUpperCase(), volt?.replace("V", "")].filter(Boolean).join("-");

  const specs: ProductSpec[] = [];
  if (kind.main) specs.push({ nome_pt: kind.main.pt, nome_es: kind.main.es, valor_pt: pt(mainValue), valor_es: es(mainValue) });
  if (volt) specs.push({ nome_pt: "Tensão", nome_es: "Tensión", valor_pt: volt, valor_es: volt });
  for (const s of kind.specs) {
    // Now and then a value is missing on purpose: the product page shows '-'.
    const value = rng.chance(0.05) ? null : rng.pick(s.values);
    specs.push({ nome_pt: s.pt, nome_es: s.es, valor_pt: pt(value), valor_es: es(value) });
  }
  const warranty = especial ? "24 meses" : rng.pick(["6 meses", "12 meses", "12 meses", "24 meses"]);
  specs.splice(5);
  if (specs.length < 3) {
    const weight = `${new Big(rng.int(2, 40)).div(10).toFixed(1).replace(".", ",")} kg`;
    specs.push({ nome_pt: "Peso", nome_es: "Peso", valor_pt: weight, valor_es: weight });
  }
  specs.push({ nome_pt: "Garantia", nome_es: "Garantía", valor_pt: warranty, valor_es: warranty });

  const position = kind.main && kind.main.values.length > 1 ? mainIndex / (kind.main.values.length - 1) : rng.next();
  const usd = priceUsd(rng, kind, position, especial);
  let moeda_id: number = CURRENCY.USD;
  let valor_venda = usd.toFixed(2);
  let valor_usd = valor_venda;
  if (kind.pyg && rng.chance(0.04)) {
    // Bought from a local distributor: priced in guaraníes, rounded to 1.000 Gs.
    const pyg = usd.times(USD_TO_PYG).div(1000).round(0, Big.roundHalfUp).times(1000);
    moeda_id = CURRENCY.PYG;
    valor_venda = pyg.toFixed(2);
    valor_usd = pyg.div(USD_TO_PYG).round(2, Big.roundHalfUp).toFixed(2);
  }

  const imageCount = rng.chance(0.3) ? 2 : rng.chance(0.55) ? 3 : 4;
  const others = VIEWS.slice(1).sort(() => rng.next() - 0.5);
  const images = ["hero" as View, ...others].slice(0, imageCount).map((view) => ({ art: kind.art, view }));

  return {
    index,
    codigo,
    slug: `${slugify(nomePt)}-${slugify(codigo)}`,
    nome_pt: nomePt,
    nome_es: nomeEs,
    ...describe({ kind, brand, model: [line, model].filter(Boolean).join(" "), nomePt, nomeEs, specs, warranty, line }),
    brand,
    kind,
    moeda_id,
    valor_venda,
    valor_usd,
    ...stock(rng),
    mostrar_preco: !rng.chance(0.02),
    especial,
    specs,
    images,
  };
}
