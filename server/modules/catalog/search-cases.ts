/**
 * What a shopper typing in the search box must see first (spec §4 "Search"): exact words and codes
 * before prefixes before typos; one typo forgiven from 4–5 letters, two from 8–9; accents and case
 * ignored; either language's words find the product, shown in the visitor's language; a brand next
 * to a word narrows to that brand. Codes named here are the fixture's (search-fixture.ts); the
 * patterns speak of the seeded demo catalogue (db/seed/data/kinds.ts).
 */
export interface SearchCase {
  q: string;
  lang: "pt" | "es";
  /** Codes that take the first places, in any order among themselves. */
  first?: string[];
  /** The first result's name matches. */
  top?: RegExp;
  /** Every result's name, code or brand matches. */
  every?: RegExp;
  /**
   * Tiers, best first: a result belongs to the first pattern its name matches (or to a last tier
   * of its own), and no result comes before one of a better tier.
   */
  tiers?: RegExp[];
  /** Nothing is found. */
  none?: true;
  /** Why the search misses this today: kept as an expected failure until it does not. */
  todo?: string;
}

/** A whole word of the name (accent-free, any case). */
const word = (w: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${w}($|[^\\p{L}\\p{N}])`, "iu");
/** A word of the name starting with `w`. */
const startsWord = (w: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${w}`, "iu");

export const SEARCH_CASES: readonly SearchCase[] = [
  // Exact words before prefixes of longer words.
  { q: "lixa", lang: "pt", first: ["KST-LX120"], tiers: [word("lixa"), startsWord("lixa")] },
  { q: "lija", lang: "es", first: ["KST-LX120"], tiers: [word("lija"), startsWord("lija")] },
  { q: "parafuso", lang: "pt", first: ["KST-PS8"], tiers: [word("parafuso"), startsWord("parafuso")] },
  { q: "tornillo", lang: "es", first: ["KST-PS8"], tiers: [word("tornillo"), startsWord("tornillo")] },
  // "Motosserra" and "Serrote" are neither the word nor a typo of it: their order is left open.
  { q: "serra", lang: "pt", top: word("serra"), tiers: [word("serra")] },
  { q: "sierra", lang: "es", top: word("sierra"), tiers: [word("sierra")] },
  { q: "morsa", lang: "pt", first: ["KST-MB6", "TUC-MB8"] },
  { q: "alicate", lang: "pt", top: word("alicate"), every: word("alicate") },
  { q: "pinza", lang: "es", top: word("pinza"), every: word("pinza") },
  // Prefixes, from two letters (the search box asks from the second character).
  { q: "mo", lang: "pt", top: startsWord("mo"), every: startsWord("mo") },
  { q: "es", lang: "pt", top: startsWord("es") },
  { q: "esq", lang: "pt", first: ["KST-ESQ30"] },
  { q: "rebitad", lang: "pt", first: ["KST-RPH500"] },
  { q: "remach", lang: "es", top: startsWord("remach"), every: startsWord("remach") },
  { q: "furad", lang: "pt", top: startsWord("furad"), tiers: [startsWord("furad")] },
  { q: "talad", lang: "es", top: startsWord("talad"), tiers: [startsWord("talad")] },
  { q: "bimet", lang: "pt", first: ["KST-SC68"] },
  // Codes: whole, any case, their start; a code matches before names do.
  { q: "KST-LX120", lang: "pt", first: ["KST-LX120"] },
  { q: "kst-ps8", lang: "pt", first: ["KST-PS8"] },
  { q: "TUC-MB8", lang: "es", first: ["TUC-MB8"] },
  { q: "kst-rph", lang: "pt", first: ["KST-RPH500"] },
  { q: "kstrph500", lang: "pt", first: ["KST-RPH500"] },
  // Language: each language's words find the product, named in the visitor's language.
  { q: "taladro", lang: "es", top: word("taladro"), every: word("taladro") },
  { q: "furadeira", lang: "pt", top: word("furadeira"), every: word("furadeira") },
  { q: "taladro", lang: "pt", top: word("furadeira") },
  { q: "furadeira", lang: "es", top: word("taladro") },
  { q: "medidor laser", lang: "pt", first: ["KST-TL40"] },
  { q: "cola quente", lang: "es", first: ["TUC-PT24"] },
  // Accents and case.
  { q: "bimetalica", lang: "pt", first: ["KST-SC68"] },
  { q: "NEUMÁTICA", lang: "es", first: ["KST-RPH500"] },
  { q: "agua grao", lang: "pt", first: ["KST-LX120"] },
  { q: "ALUMÍNIO esquadro", lang: "pt", first: ["KST-ESQ30"] },
  // Several words: every word counts, the product holding all of them first.
  { q: "rebitadeira pneumatica", lang: "pt", first: ["KST-RPH500"] },
  { q: "trena laser", lang: "pt", first: ["KST-TL40"] },
  { q: "serra copo", lang: "pt", first: ["KST-SC68"] },
  { q: "alicate descascador", lang: "pt", first: ["TUC-ALC9"] },
  { q: "morsa 8 polegadas", lang: "pt", first: ["TUC-MB8"] },
  // A brand and a word narrow to that brand.
  { q: "morsa tucano", lang: "pt", first: ["TUC-MB8"], every: /tucano/i },
  { q: "kestrel morsa", lang: "pt", first: ["KST-MB6"], every: /kestrel/i },
  { q: "furadeira makita", lang: "pt", top: word("furadeira"), every: /makita/i },
  { q: "taladro bosch", lang: "es", every: /bosch/i },
  // One typo from 4–5 letters.
  { q: "morca", lang: "pt", first: ["KST-MB6", "TUC-MB8"] },
  { q: "lixs", lang: "pt", first: ["KST-LX120"] },
  { q: "tornilo", lang: "es", first: ["KST-PS8"] },
  { q: "sera", lang: "pt", top: word("serra") },
  { q: "trema", lang: "pt", top: word("trena") },
  // One typo in longer words.
  { q: "lixadera", lang: "pt", top: word("lixadeira") },
  { q: "amoladorra", lang: "es", top: word("amoladora") },
  { q: "furadera", lang: "pt", top: word("furadeira") },
  { q: "parafuzo", lang: "pt", first: ["KST-PS8"] },
  { q: "esqadro", lang: "pt", first: ["KST-ESQ30"] },
  { q: "talador", lang: "es", top: word("taladro") },
  { q: "pneumatca", lang: "pt", first: ["KST-RPH500"] },
  // Two typos from 8–9 letters.
  { q: "fruadeira", lang: "pt", top: word("furadeira") },
  { q: "parafuzu", lang: "pt", first: ["KST-PS8"] },
  { q: "rebitadera pneumatca", lang: "pt", first: ["KST-RPH500"] },
  // Nothing like it in the catalogue.
  { q: "zzzqqqxxx", lang: "pt", none: true },
  { q: "helicoptero", lang: "es", none: true },
];
