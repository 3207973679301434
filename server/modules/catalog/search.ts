import { sql, type SQL } from "drizzle-orm";
import type { ApiLang } from "#contract/locale.ts";
import { queryRows, type Db } from "#db/client.ts";

/**
 * The catalogue's search, behind one interface (docs/decisions/012-search.md). Today it is
 * PostgreSQL full-text search over `produtos_lista.busca_tsv` (GIN index, both languages' names, code and
 * brand, unaccented) with typos corrected against `palavras_busca`, the catalogue's own words. A
 * search engine (Meilisearch, OpenSearch …) would implement the same `plan` by asking the engine for
 * the matching ids and answering `p.id = ANY(ids)` ranked by their place in its answer; nothing
 * outside this file would change.
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

/** Corrections kept per word: the closest few are enough to find what was meant. */
const MAX_CORRECTIONS = 8;

/** One typed word, as tsquery texts (lexemes are [a-z0-9] only, so nothing in them is an operator). */
interface WordQuery {
  /** The word itself: its parts all whole, or its letters and digits run together (a code). */
  exact: string;
  /** Its last part, or its run-together form, begun. */
  prefix: string;
  /** Catalogue words within the typos the word's length tolerates. */
  typos: string[];
}

const any = (terms: string[]) => (terms.length === 1 ? terms[0]! : `(${terms.join(" | ")})`);

function wordQuery(parts: string[], corrections: string[]): WordQuery {
  const joined = parts.join("");
  const whole = parts.join(" & ");
  // Every part but the last is whole; the last may still be being typed (from two characters).
  const begun = (p: string) => (p.length >= 2 ? `${p}:*` : p);
  const prefixParts = [...parts.slice(0, -1), begun(parts[parts.length - 1]!)].join(" & ");
  return parts.length === 1
    ? { exact: joined, prefix: begun(joined), typos: corrections }
    : { exact: `(${whole}) | ${joined}`, prefix: `(${prefixParts}) | ${begun(joined)}`, typos: [] };
}

/** `term` restricted to the weights given (A Portuguese name, B Spanish name, C code, D brand). */
function labelled(query: string, labels: string): string {
  // Each lexeme of the query text gets the labels; prefixes keep their star.
  return query.replace(/([a-z0-9]+)(:\*)?/g, (_m, lexeme: string, star?: string) => `${lexeme}:${star ? "*" : ""}${labels}`);
}

const tsq = (text: string) => sql`to_tsquery('busca_simples', ${text})`;

/** PostgreSQL full-text search with typo correction against the catalogue's own words. */
export function createPostgresSearch(db: Db): ProductSearch {
  async function corrections(terms: string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (terms.length === 0) return found;
    const rows = await queryRows<{ termo: string; palavra: string }>(
      db,
      sql`SELECT termo, palavra FROM palavras_parecidas(${`{${terms.join(",")}}`}::text[])`,
    );
    for (const term of terms) {
      const max = typosAllowed(term.length);
      const close = rows
        .filter((r) => r.termo === term && r.palavra !== term)
        .map((r) => ({ word: r.palavra, distance: editDistance(term, r.palavra, max) }))
        .filter((c) => c.distance <= max)
        .sort((a, b) => a.distance - b.distance)
        .slice(0, MAX_CORRECTIONS)
        .map((c) => c.word);
      found.set(term, close);
    }
    return found;
  }

  return {
    async plan(words, lang) {
      if (words.length === 0) return undefined;
      const split = words.map(wordParts).filter((parts) => parts.length > 0);
      // Nothing but punctuation: nothing can match.
      if (split.length === 0) return { where: sql`false`, rank: sql`0::int` };
      // Typos are looked for in single words of letters only (codes and numbers are typed exactly).
      const typoTerms = [
        ...new Set(split.filter((p) => p.length === 1 && /^[a-z]+$/.test(p[0]!) && typosAllowed(p[0]!.length) > 0).map((p) => p[0]!)),
      ];
      const fixes = await corrections(typoTerms);
      const queries = split.map((parts) => wordQuery(parts, parts.length === 1 ? (fixes.get(parts[0]!) ?? []) : []));
      const own = lang === "pt" ? "A" : "B";
      const doc = sql`p.busca_tsv`;
      const matches = queries.map((q) => tsq(q.typos.length > 0 ? `${q.prefix} | ${any(q.typos)}` : q.prefix));
      const where = sql.join(
        matches.map((m) => sql`${doc} @@ ${m}`),
        sql` AND `,
      );
      // Per word: whole in the visitor's language 8, whole elsewhere (other language, code, brand) 6,
      // begun in the visitor's language 4, begun elsewhere 3, a typo 1. A code typed whole wins outright.
      const scores = queries.map(
        (q) => sql`CASE WHEN ${doc} @@ ${tsq(labelled(q.exact, own))} THEN 8
          WHEN ${doc} @@ ${tsq(q.exact)} THEN 6
          WHEN ${doc} @@ ${tsq(labelled(q.prefix, own))} THEN 4
          WHEN ${doc} @@ ${tsq(q.prefix)} THEN 3 ELSE 1 END`,
      );
      const code = split.flat().join("");
      scores.push(sql`CASE WHEN ${doc} @@ ${tsq(`${code}:C`)} THEN 100 ELSE 0 END`);
      return { where, rank: sql`(${sql.join(scores, sql` + `)})` };
    },
  };
}
