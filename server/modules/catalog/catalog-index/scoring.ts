import type { ApiLang } from "#contract/locale.ts";
import { typosAllowed, wordParts } from "../search.ts";
import type { Entries } from "./entries.ts";
import type { WordCache, WordMatches } from "./word-cache.ts";
import { LABEL, LABEL_BITS, MIN_PREFIX, type WordIndex } from "./word-index.ts";

/** A word's score by how a product holds it; the best one counts, and a search adds its words' scores. */
export const WHOLE_OWN_LANGUAGE = 8;
/** Whole in the other language, the code or the brand. */
export const WHOLE_ELSEWHERE = 6;
export const BEGUN_OWN_LANGUAGE = 4;
export const BEGUN_ELSEWHERE = 3;
/** A catalogue word within the typos allowed (search.ts typosAllowed). */
export const TYPO = 1;
/** Added when the search, run together, is a product's code typed whole. */
export const WHOLE_CODE_BONUS = 100;

/** A search's matching slots and their relevance, side by side. */
export interface Found {
  slots: Int32Array;
  ranks: Float64Array;
}

/** Scratch space grows to this share of the slots, and a little more, so growing is rare. */
const SCRATCH_GROWTH = 1.25;
const SCRATCH_SPARE = 64;
const ONLY_LETTERS = /^[a-z]+$/;

/**
 * Which products a search matches and how closely (docs/decisions/012, "Search"): every word must
 * match; the rarest leads and the others are laid over its matches by slot.
 */
export function createScoring(entries: Entries, words: WordIndex, cache: WordCache) {
  // Scratch space of one search, by slot (the event loop runs one search at a time).
  let wordScore = new Float64Array(0);
  let partHits = new Uint8Array(0);
  let partOwn = new Uint8Array(0);
  let stamp = new Uint32Array(0);
  let ownStamp = new Uint32Array(0);
  /** The slots one word touched (scoreWord), then the matches kept by each further word (search). */
  let touched = new Int32Array(0);
  let touchedCount = 0;
  let keptRanks = new Float64Array(0);
  let stampValue = 0;

  function ensureScratch() {
    const slotCount = entries.slotCount;
    if (wordScore.length >= slotCount) return;
    const size = Math.ceil(slotCount * SCRATCH_GROWTH) + SCRATCH_SPARE;
    wordScore = new Float64Array(size);
    partHits = new Uint8Array(size);
    partOwn = new Uint8Array(size);
    stamp = new Uint32Array(size);
    ownStamp = new Uint32Array(size);
    touched = new Int32Array(size);
    keptRanks = new Float64Array(size);
  }

  /** Scores one word into `wordScore` and lists the slots it touched in `touched` (how many it returns). */
  function scoreWord(parts: string[], own: number): number {
    touchedCount = 0;
    const raise = (slot: number, score: number) => {
      if (wordScore[slot] === 0) touched[touchedCount++] = slot;
      if (wordScore[slot]! < score) wordScore[slot] = score;
    };
    const single = (ownScore: number, otherScore: number) => (slot: number, bits: number) => raise(slot, (bits & own) !== 0 ? ownScore : otherScore);
    const last = parts[parts.length - 1]!;
    const eachLast = (visit: (slot: number, bits: number) => void) =>
      last.length >= MIN_PREFIX ? words.eachBegun(last, visit) : words.eachWhole(last, visit);
    if (parts.length === 1) {
      // The hot path (every keystroke of the search box): whole lists, no call per holder.
      const mark = (n: number | undefined, ownScore: number, otherScore: number) => {
        if (n === undefined) return;
        const list = words.holders(n);
        for (let i = 0; i < list.length; i++) {
          const p = list[i]!;
          const slot = p >> LABEL_BITS;
          const score = (p & own) !== 0 ? ownScore : otherScore;
          const before = wordScore[slot]!;
          if (before === 0) touched[touchedCount++] = slot;
          if (before < score) wordScore[slot] = score;
        }
      };
      mark(words.number(last), WHOLE_OWN_LANGUAGE, WHOLE_ELSEWHERE);
      if (last.length >= MIN_PREFIX) {
        const [low, high] = words.begunRange(last);
        const alphabet = words.alphabetNumbers();
        for (let i = low; i < high; i++) mark(alphabet[i], BEGUN_OWN_LANGUAGE, BEGUN_ELSEWHERE);
      }
      if (ONLY_LETTERS.test(last) && typosAllowed(last.length) > 0) {
        for (const word of words.corrections(last)) mark(words.number(word), TYPO, TYPO);
      }
      return touchedCount;
    }
    // Several parts (kst-rph): every part, the last one whole or begun, or all of them run together.
    const joined = parts.join("");
    const everyPart = (lastBegun: boolean, ownScore: number, otherScore: number) => {
      // partHits: how many parts (in order) a product holds; partOwn: how many of them with the visitor's label.
      const first: number[] = [];
      parts.forEach((part, i) => {
        const value = ++stampValue;
        const visit = (slot: number, bits: number) => {
          if (stamp[slot] !== value) {
            if (partHits[slot] !== i) return;
            stamp[slot] = value;
            partHits[slot] = i + 1;
            if (i === 0) first.push(slot);
          }
          if ((bits & own) !== 0 && ownStamp[slot] !== value && partOwn[slot] === i) {
            ownStamp[slot] = value;
            partOwn[slot] = i + 1;
          }
        };
        if (i === parts.length - 1 && lastBegun) eachLast(visit);
        else words.eachWhole(part, visit);
      });
      for (const slot of first) {
        if (partHits[slot] === parts.length) raise(slot, partOwn[slot] === parts.length ? ownScore : otherScore);
        partHits[slot] = 0;
        partOwn[slot] = 0;
      }
    };
    everyPart(false, WHOLE_OWN_LANGUAGE, WHOLE_ELSEWHERE);
    words.eachWhole(joined, single(WHOLE_OWN_LANGUAGE, WHOLE_ELSEWHERE));
    everyPart(true, BEGUN_OWN_LANGUAGE, BEGUN_ELSEWHERE);
    if (joined.length >= MIN_PREFIX) words.eachBegun(joined, single(BEGUN_OWN_LANGUAGE, BEGUN_ELSEWHERE));
    else words.eachWhole(joined, single(BEGUN_OWN_LANGUAGE, BEGUN_ELSEWHERE));
    return touchedCount;
  }

  /** One word's matches and scores, kept for the next searches with it until the catalogue changes. */
  function wordMatches(parts: string[], own: number): WordMatches {
    const key = `${own} ${parts.join(" ")}`;
    const cached = cache.get(key);
    if (cached) return cached;
    ensureScratch();
    const count = scoreWord(parts, own);
    const matches: WordMatches = { slots: touched.slice(0, count), scores: new Float64Array(count) };
    for (let i = 0; i < count; i++) {
      const slot = touched[i]!;
      matches.scores[i] = wordScore[slot]!;
      wordScore[slot] = 0;
    }
    cache.offer(key, matches);
    return matches;
  }

  /** Slots matching every word, with their relevance (higher is closer). */
  function search(searchWords: readonly string[], lang: ApiLang): Found {
    const split = searchWords.map(wordParts).filter((parts) => parts.length > 0);
    if (split.length === 0) return { slots: new Int32Array(0), ranks: new Float64Array(0) };
    words.alphabetNumbers();
    ensureScratch();
    const own = lang === "pt" ? LABEL.A! : LABEL.B!;
    // The word that leads: one with separators (matched by its postings), else the one finding fewest.
    const cost = (parts: string[]) => (parts.length > 1 ? -1 : words.estimate(parts[0]!));
    const lead = split.reduce((best, parts) => (cost(parts) < cost(best) ? parts : best));
    const first = wordMatches(lead, own);
    let found: Int32Array = first.slots;
    let ranks = first.scores;
    for (const parts of split) {
      if (parts === lead) continue;
      // The word's scores laid out by slot, read for each match so far, then cleared.
      const also = wordMatches(parts, own);
      for (let i = 0; i < also.slots.length; i++) wordScore[also.slots[i]!] = also.scores[i]!;
      let kept = 0;
      for (let i = 0; i < found.length; i++) {
        const score = wordScore[found[i]!]!;
        if (score > 0) {
          touched[kept] = found[i]!;
          keptRanks[kept++] = ranks[i]! + score;
        }
      }
      for (let i = 0; i < also.slots.length; i++) wordScore[also.slots[i]!] = 0;
      found = touched.slice(0, kept);
      ranks = keptRanks.slice(0, kept);
    }
    // A code typed whole: its holders with the code label, found through the word's own list.
    const code = words.number(split.flat().join(""));
    const codeHolders = code === undefined ? [] : words.holders(code).filter((p) => (p & LABEL.C!) !== 0);
    if (codeHolders.length > 0) {
      ranks = Float64Array.from(ranks);
      for (let i = 0; i < found.length; i++) wordScore[found[i]!] = i + 1;
      for (const p of codeHolders) {
        const at = wordScore[p >> LABEL_BITS]!;
        if (at > 0) ranks[at - 1]! += WHOLE_CODE_BONUS;
      }
      for (let i = 0; i < found.length; i++) wordScore[found[i]!] = 0;
    }
    return { slots: found, ranks };
  }

  return { search };
}
