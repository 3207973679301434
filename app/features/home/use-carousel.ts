import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { createAutoplayTimer, type AutoplayTimer } from "./autoplay.ts";
import { wrapIndex } from "./gestures.ts";

/** Index of a wrapping carousel that advances by itself unless `paused`. */
export function useAutoplayCarousel(count: number, options: { intervalMs: number; startDelayMs?: number; paused: boolean }) {
  const { intervalMs, startDelayMs, paused } = options;
  const [index, setIndex] = useState(0);
  const timerRef = useRef<AutoplayTimer | null>(null);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = createAutoplayTimer({ intervalMs, startDelayMs, onTick: () => setIndex((i) => wrapIndex(i, 1, count)) });
    timerRef.current = timer;
    timer.start();
    return () => {
      timer.stop();
      timerRef.current = null;
    };
  }, [count, intervalMs, startDelayMs, paused]);

  const move = useCallback(
    (step: number) => {
      setIndex((i) => wrapIndex(i, step, count));
      timerRef.current?.reset();
    },
    [count],
  );
  const goTo = useCallback((target: number) => {
    setIndex(target);
    timerRef.current?.reset();
  }, []);

  return { index: count > 0 ? Math.min(index, count - 1) : 0, move, goTo };
}

function mediaStore(query: string) {
  return {
    subscribe(callback: () => void) {
      const list = window.matchMedia(query);
      list.addEventListener("change", callback);
      return () => list.removeEventListener("change", callback);
    },
    get: () => window.matchMedia(query).matches,
  };
}

/** A CSS media query in React; the server (and the first render) answers `serverValue`. */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const store = useMemo(() => mediaStore(query), [query]);
  return useSyncExternalStore(store.subscribe, store.get, () => serverValue);
}

/** Spec §2: mobile layouts apply at 768 px or less. */
export const useIsMobile = () => useMediaQuery("(max-width: 768px)");
export const usePrefersReducedMotion = () => useMediaQuery("(prefers-reduced-motion: reduce)");
