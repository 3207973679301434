import { useCallback, useEffect, useState } from "react";
import { useRevalidator } from "react-router";

/** Spec §4/§9: a failed load retries by itself up to 3 times, waiting 2 s × the attempt number. */
export const MAX_AUTO_RETRIES = 3;
export const AUTO_RETRY_STEP_MS = 2000;

// Survives the screen re-rendering (or remounting) between attempts; keyed by address.
const attempts = new Map<string, number>();

/** Forget an address's attempts (its data loaded). */
export const resetRetries = (key: string) => attempts.delete(key);

/**
 * Reloads the route's data while `failed`: after 2, 4 and 6 s, then leaves it to the visitor.
 * `retry` (the visitor's button) reloads at once and starts the automatic retries over.
 */
export function useAutoRetry(failed: boolean, key: string) {
  const revalidator = useRevalidator();
  // The count lives in the map (it outlives a remount); this state only re-renders after a change.
  const [, setChanges] = useState(0);
  const attempt = attempts.get(key) ?? 0;
  const retrying = revalidator.state === "loading";

  useEffect(() => {
    if (!failed) attempts.delete(key);
  }, [failed, key]);

  useEffect(() => {
    if (!failed || attempt >= MAX_AUTO_RETRIES || revalidator.state !== "idle") return;
    const next = attempt + 1;
    const timer = setTimeout(() => {
      attempts.set(key, next);
      setChanges((n) => n + 1);
      void revalidator.revalidate();
    }, AUTO_RETRY_STEP_MS * next);
    return () => clearTimeout(timer);
  }, [failed, attempt, key, revalidator]);

  const retry = useCallback(() => {
    attempts.delete(key);
    setChanges((n) => n + 1);
    void revalidator.revalidate();
  }, [key, revalidator]);

  return { attempt, retrying, retry };
}
