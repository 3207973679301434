/** Spec §9 swipe and tap rules for the mobile banner carousels. */
export const SWIPE_MIN_DISTANCE_PX = 10;
export const SWIPE_MIN_HORIZONTAL_PX = 50;
export const SWIPE_MAX_DURATION_MS = 500;
export const TAP_MAX_DURATION_MS = 200;

export interface Gesture {
  dx: number;
  dy: number;
  durationMs: number;
}

/**
 * A swipe moves more than 10 px, more than 50 px sideways and lasts under 500 ms. A swipe to the
 * left shows the next banner, to the right the previous one; anything else is not a swipe.
 */
export function swipeDirection({ dx, dy, durationMs }: Gesture): "next" | "previous" | null {
  if (Math.hypot(dx, dy) <= SWIPE_MIN_DISTANCE_PX) return null;
  if (Math.abs(dx) <= SWIPE_MIN_HORIZONTAL_PX) return null;
  if (durationMs >= SWIPE_MAX_DURATION_MS) return null;
  return dx < 0 ? "next" : "previous";
}

/** A press opens the banner's link only when it is short and did not move like a swipe. */
export function isTap({ dx, dy, durationMs }: Gesture): boolean {
  return durationMs < TAP_MAX_DURATION_MS && Math.hypot(dx, dy) <= SWIPE_MIN_DISTANCE_PX;
}

/** Index after a move of `step`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
