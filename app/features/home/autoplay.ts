/** Spec §9 timers of the home carousels. */
export const MAIN_BANNER_INTERVAL_MS = 5000;
export const TRIPLE_BANNER_INTERVAL_MS = 4000;
export const TRIPLE_BANNER_START_MS = 3000;

export interface AutoplayTimer {
  /** (Re)starts the countdown: the first move waits `startDelayMs`, later ones `intervalMs`. */
  start: () => void;
  /** After a manual move: the next automatic one comes a full interval later. */
  reset: () => void;
  stop: () => void;
}

/** Framework-free timer behind the carousels, so its rules can be tested with fake timers. */
export function createAutoplayTimer(options: { intervalMs: number; startDelayMs?: number; onTick: () => void }): AutoplayTimer {
  const { intervalMs, startDelayMs = intervalMs, onTick } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let started = false;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (delay: number) => {
    clear();
    timer = setTimeout(() => {
      started = true;
      onTick();
      if (running) schedule(intervalMs);
    }, delay);
  };

  return {
    start() {
      running = true;
      schedule(started ? intervalMs : startDelayMs);
    },
    reset() {
      if (running) schedule(intervalMs);
    },
    stop() {
      running = false;
      clear();
    },
  };
}
