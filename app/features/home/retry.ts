/** Spec §4 "Home load retry": up to 3 automatic retries, 2 s, 4 s and 6 s after each failure. */
export const MAX_AUTO_RETRIES = 3;
export const RETRY_STEP_MS = 2000;

/** Delay before automatic retry number `attempt` (1-based), or null when retries are used up. */
export function retryDelay(attempt: number): number | null {
  if (attempt < 1 || attempt > MAX_AUTO_RETRIES) return null;
  return RETRY_STEP_MS * attempt;
}
