/**
 * The browser's storage, the one way the storefront reads and writes it (the cart's key and backup,
 * the quote cart, the guest's favourites, the shipping choice, the login's flash message). Storage can
 * be missing or refuse a write (private mode, a full quota, a blocked cookie setting), and an entry can
 * be corrupt or written by an older version: every read here answers null then, every write is
 * skipped quietly, and the feature goes on for this page only. Callers check the shape of what they
 * read.
 */
type Area = "local" | "session";

function storage(area: Area): Storage | null {
  try {
    return area === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The text stored under `key`, or null (absent, or no storage). */
export function readStored(key: string, area: Area = "local"): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; null removes it. */
export function writeStored(key: string, value: string | null, area: Area = "local"): void {
  try {
    const store = storage(area);
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Private mode or a full quota: kept for this page only.
  }
}

/** The parsed JSON under `key`, or null (absent, corrupt, or no storage): check its shape before use. */
export function readStoredJson(key: string, area: Area = "local"): unknown {
  const raw = readStored(key, area);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; null removes it. */
export function writeStoredJson(key: string, value: unknown, area: Area = "local"): void {
  writeStored(key, value === null ? null : JSON.stringify(value), area);
}

/** Reads `key` once and removes it (a message left for the next page). */
export function takeStored(key: string, area: Area = "local"): string | null {
  const value = readStored(key, area);
  if (value !== null) writeStored(key, null, area);
  return value;
}
