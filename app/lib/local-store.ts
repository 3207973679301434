/**
 * The browser's localStorage for the storefront's small keepsakes (the cart's ids and backup, the
 * shipping choice, the product page's quote cart, a guest's favourites). Storage may be missing
 * (private mode, a full quota, a blocked origin): reading then finds nothing and writing keeps the
 * value for this page only, never an error.
 */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; null removes the key. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // No storage: the value lives for this page only.
  }
}

/** The JSON stored under `key`, unchecked (the caller checks its shape); undefined when absent or unreadable. */
export function readStoredJson(key: string): unknown {
  const raw = readStored(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON under `key`; null removes the key. */
export function writeStoredJson(key: string, value: unknown): void {
  writeStored(key, value === null ? null : JSON.stringify(value));
}
