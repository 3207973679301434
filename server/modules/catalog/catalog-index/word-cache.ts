/** One word's matching slots and their scores. */
export interface WordMatches {
  slots: Int32Array;
  scores: Float64Array;
}

/** Matches kept of recent words (slots in all): every keystroke of a search box asks its prefix again. */
const WORD_CACHE_SLOTS = 2_000_000;
/**
 * Which words' matches are kept: one asked a second time lately that matches 4,096 products or more (a
 * popular term, the prefixes typed on the way to it), or one matching 16,384 or more (a short prefix, a
 * millisecond or more to gather). Narrower words are gathered again in well under a millisecond. Keeping
 * every new word's matches made hundreds of short-lived arrays a second, and their collection (a full mark
 * of the 300 MB heap every second or two) stalled every request: at 32 visitors with a new term each time,
 * suggestions' p99 was 119 ms keeping every word, 38 ms keeping none and 37–50 ms with this rule, which
 * keeps popular terms twice as fast as keeping none.
 */
const WORD_CACHE_MIN_MATCHES = 16_384;
const WORD_CACHE_REPEATED_MATCHES = 4_096;
/** Words asked once lately (their keys only), so the second asking keeps the matches. */
const WORDS_SEEN = 20_000;

export type WordCache = ReturnType<typeof createWordCache>;

/** Recent words' matches, oldest first, until the catalogue changes. */
export function createWordCache() {
  const kept = new Map<string, WordMatches>();
  let keptSlots = 0;
  const seen = new Set<string>();

  /** Whether `key` was asked lately; remembers it otherwise. */
  function askedBefore(key: string): boolean {
    if (seen.delete(key)) return true;
    seen.add(key);
    if (seen.size > WORDS_SEEN) seen.delete(seen.values().next().value!);
    return false;
  }

  return {
    get(key: string): WordMatches | undefined {
      const matches = kept.get(key);
      if (matches) {
        kept.delete(key);
        kept.set(key, matches);
      }
      return matches;
    },
    /** Keeps a word's matches just gathered, if the rule above says so. */
    offer(key: string, matches: WordMatches) {
      const count = matches.slots.length;
      const keep = count >= WORD_CACHE_MIN_MATCHES || (count >= WORD_CACHE_REPEATED_MATCHES && askedBefore(key));
      if (!keep) return;
      kept.set(key, matches);
      keptSlots += count;
      for (const [oldKey, old] of kept) {
        if (keptSlots <= WORD_CACHE_SLOTS) break;
        kept.delete(oldKey);
        keptSlots -= old.slots.length;
      }
    },
    clear() {
      kept.clear();
      keptSlots = 0;
      seen.clear();
    },
  };
}
