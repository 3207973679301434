import type { SQL } from "drizzle-orm";
import type { ApiLang } from "#contract/locale.ts";

/**
 * The catalogue's search, behind one interface (docs/decisions/012 and 018). Lists and searches are
 * answered by the in-memory catalogue (catalog-index/), which matches words as whole words, prefixes
 * and tolerated typos; the SQL paths (the price list, exports) take its answer as this plan, the
 * matching ids closest first. A search engine (Meilisearch, OpenSearch …) would answer the same way.
 */
export interface ProductSearch {
  /** A visitor's words as a condition and a relevance over `produtos_lista p`; undefined when nothing is searched. */
  plan(words: readonly string[], lang: ApiLang): Promise<SearchPlan | undefined>;
}

export interface SearchPlan {
  /** Which products match (every word, as a whole word, a prefix or a tolerated typo). */
  where: SQL;
  /** Higher is closer: whole words and codes, then prefixes, then typos; the visitor's language first. */
  rank: SQL;
}

/** At most this many words of a query count (a pasted paragraph stays cheap). */
export const MAX_SEARCH_WORDS = 6;

/** Accent- and case-free words as the visitor typed them (split on spaces), at most six. */
export function normaliseSearch(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.trim())
    .filter((w) => w.length > 0)
    .slice(0, MAX_SEARCH_WORDS);
}

/**
 * A typed word's runs of letters and digits, cut as the database cuts the catalogue's text
 * (`busca_palavras` in migration 0007): "kst-rph500" → kst, rph500.
 */
export const wordParts = (word: string): string[] => word.split(/[^a-z0-9]+/).filter((p) => p.length > 0);

/** Typos a word of this length tolerates: none up to three letters, one from four, two from eight. */
export const typosAllowed = (length: number): number => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/** Edit distance counting a swap of two neighbouring letters as one edit (optimal string alignment). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  }
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}
