import { editDistance, typosAllowed } from "../search.ts";
import { byString } from "./orders.ts";

/** Label bits of a search word, as the tsvector weights: A Portuguese name, B Spanish name, C code, D brand. */
export const LABEL: Record<string, number> = { A: 1, B: 2, C: 4, D: 8 };
const NAME_OR_BRAND = LABEL.A! | LABEL.B! | LABEL.D!;
/** A holder is packed as slot × 16 + its label bits (four of them). */
export const LABEL_BITS = 4;
const LABEL_MASK = (1 << LABEL_BITS) - 1;
/** A word is matched as a prefix from this many letters (shorter, only whole). */
export const MIN_PREFIX = 2;
/** Words a typo may be corrected to: names and brands, letters only, of these lengths. */
const TYPO_WORD_MIN_LENGTH = 4;
const TYPO_WORD_MAX_LENGTH = 40;
/** Corrections kept per misspelt word: the closest few are enough to find what was meant. */
const MAX_CORRECTIONS = 8;

/** A tsvector's text ('furadeira':1A 'kst':5C,6C 'makita':9) as words with label bits (no letter is D). */
export function parseSearchDocument(text: string): Map<string, number> {
  const words = new Map<string, number>();
  for (const m of text.matchAll(/'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g)) {
    const word = m[1]!.replace(/''/g, "'");
    let bits = 0;
    for (const position of (m[2] ?? "").split(",")) bits |= LABEL[position.replace(/[0-9]/g, "") || "D"]!;
    words.set(word, (words.get(word) ?? 0) | bits);
  }
  return words;
}

/** How many of each letter a word of a–z holds. */
function letterCounts(word: string): Uint8Array {
  const counts = new Uint8Array(26);
  for (let i = 0; i < word.length; i++) counts[word.charCodeAt(i) - 97]!++;
  return counts;
}

export type WordIndex = ReturnType<typeof createWordIndex>;

/** The search words of every product, numbered, with their holders (postings), in alphabetical order and by typo. */
export function createWordIndex() {
  const numbers = new Map<string, number>();
  const texts: string[] = [];
  /** Per word number, its holders as slot × 16 + label bits. */
  const postings: number[][] = [];
  /** The words in order (prefix lookups), rebuilt when words come (alphabet()). */
  let sortedWords: string[] | null = null;
  let alphabetNumbers: number[] = [];
  let holdersBefore = new Float64Array(0);
  /** Words a typo may be corrected to, by length, with their letter counts. */
  let typoWords: Map<number, { word: string; letters: Uint8Array }[]> | null = null;

  function numberOf(word: string): number {
    let n = numbers.get(word);
    if (n === undefined) {
      n = texts.length;
      numbers.set(word, n);
      texts.push(word);
      postings.push([]);
      sortedWords = null;
      typoWords = null;
    }
    return n;
  }

  /** Word numbers in alphabetical order, each word's place in it, and the holders of the words before each place. */
  function alphabet() {
    if (!sortedWords) {
      const sorted = Array.from(texts.keys()).sort((x, y) => byString(texts[x]!, texts[y]!));
      alphabetNumbers = sorted;
      sortedWords = sorted.map((n) => texts[n]!);
      holdersBefore = new Float64Array(sorted.length + 1);
      sorted.forEach((n, i) => {
        holdersBefore[i + 1] = holdersBefore[i]! + postings[n]!.length;
      });
    }
    return sortedWords;
  }

  /** Where the words beginning with `prefix` lie in the alphabet. */
  function begunRange(prefix: string): [number, number] {
    const all = alphabet();
    const first = (after: boolean) => {
      let low = 0;
      let high = all.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (all[mid]! < prefix || (after && all[mid]!.startsWith(prefix))) low = mid + 1;
        else high = mid;
      }
      return low;
    };
    return [first(false), first(true)];
  }

  function eachWhole(word: string, visit: (slot: number, bits: number) => void) {
    const n = numbers.get(word);
    if (n === undefined) return;
    for (const p of postings[n]!) visit(p >> LABEL_BITS, p & LABEL_MASK);
  }

  return {
    /** A product's words at `slot`: their numbers and label bits, which it keeps to be taken out again. */
    add(slot: number, parsed: Map<string, number>): { words: Int32Array; bits: Uint8Array } {
      const words = new Int32Array(parsed.size);
      const bits = new Uint8Array(parsed.size);
      let i = 0;
      for (const [word, label] of parsed) {
        const n = numberOf(word);
        words[i] = n;
        bits[i++] = label;
        postings[n]!.push((slot << LABEL_BITS) + label);
      }
      return { words, bits };
    },
    remove(slot: number, words: Int32Array) {
      for (const n of words) {
        const list = postings[n]!;
        const at = list.findIndex((p) => p >> LABEL_BITS === slot);
        if (at >= 0) list.splice(at, 1);
      }
    },
    clear() {
      numbers.clear();
      texts.length = 0;
      postings.length = 0;
      sortedWords = null;
      typoWords = null;
    },
    number: (word: string) => numbers.get(word),
    /** A word's holders, slot × 16 + label bits (read in the search's tight loops). */
    holders: (n: number) => postings[n]!,
    /** Word numbers in alphabetical order (begunRange's places). */
    alphabetNumbers() {
      alphabet();
      return alphabetNumbers;
    },
    begunRange,
    eachWhole,
    /** Visits every holder of a word beginning with `prefix` (each word once; a holder may come twice). */
    eachBegun(prefix: string, visit: (slot: number, bits: number) => void) {
      const all = alphabet();
      const [low, high] = begunRange(prefix);
      for (let i = low; i < high; i++) eachWhole(all[i]!, visit);
    },
    /** Roughly how many products a one-part word finds (its prefix's holders). */
    estimate(word: string): number {
      alphabet();
      if (word.length < MIN_PREFIX) return postings[numbers.get(word) ?? -1]?.length ?? 0;
      const [low, high] = begunRange(word);
      return holdersBefore[high]! - holdersBefore[low]!;
    },
    /** The catalogue's names and brands a misspelt word may mean, closest first. */
    corrections(term: string): string[] {
      if (!typoWords) {
        typoWords = new Map();
        for (const [n, word] of texts.entries()) {
          if (word.length < TYPO_WORD_MIN_LENGTH || word.length > TYPO_WORD_MAX_LENGTH || !/^[a-z]+$/.test(word)) continue;
          if (!postings[n]!.some((p) => (p & NAME_OR_BRAND) !== 0)) continue;
          const list = typoWords.get(word.length) ?? [];
          list.push({ word, letters: letterCounts(word) });
          typoWords.set(word.length, list);
        }
      }
      const max = typosAllowed(term.length);
      const termLetters = letterCounts(term);
      const close: { word: string; distance: number }[] = [];
      for (let length = term.length - max; length <= term.length + max; length++) {
        for (const { word, letters } of typoWords.get(length) ?? []) {
          if (word === term) continue;
          // An edit changes the letter counts by at most two: most words are ruled out without the table.
          let apart = 0;
          for (let i = 0; i < 26 && apart <= 2 * max; i++) apart += Math.abs(letters[i]! - termLetters[i]!);
          if (apart > 2 * max) continue;
          const distance = editDistance(term, word, max);
          if (distance <= max) close.push({ word, distance });
        }
      }
      return close
        .sort((a, b) => a.distance - b.distance || byString(a.word, b.word))
        .slice(0, MAX_CORRECTIONS)
        .map((c) => c.word);
    },
  };
}
