import { useCallback, useEffect, useRef, useState } from "react";
import { retryDelay } from "./retry.ts";

export type LoadState<T> =
  | { status: "loading" }
  | { status: "success"; data: T }
  /** `retrying` while an automatic retry runs: the message stays up meanwhile (spec §4). */
  | { status: "error"; retrying: boolean };

/**
 * Loads `key`'s data in the browser, retrying by itself after 2, 4 and 6 s; `retry` starts over
 * with a fresh counter. `initial` is what the server already rendered for the first key.
 */
export function useRetryingLoad<T>(
  key: string | null,
  load: (key: string, signal: AbortSignal) => Promise<T>,
  initial?: T,
): { state: LoadState<T>; retry: () => void } {
  const [state, setState] = useState<LoadState<T>>(initial !== undefined ? { status: "success", data: initial } : { status: "loading" });
  const [nonce, setNonce] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);
  const skipFirst = useRef(initial !== undefined);

  useEffect(() => {
    if (key === null) return;
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const run = () => {
      setState((s) => (s.status === "error" ? { status: "error", retrying: true } : { status: "loading" }));
      loadRef.current(key, controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) setState({ status: "success", data });
        },
        () => {
          if (controller.signal.aborted) return;
          attempt += 1;
          const delay = retryDelay(attempt);
          setState({ status: "error", retrying: false });
          if (delay !== null) timer = setTimeout(run, delay);
        },
      );
    };
    setState({ status: "loading" });
    run();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, nonce]);

  const retry = useCallback(() => setNonce((n) => n + 1), []);
  return { state, retry };
}
