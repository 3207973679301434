/**
 * Limits of what a client may send, without zod so the storefront's browser code can use them too
 * (the request schemas built on them are in api/common.ts).
 */

/** The largest value of a PostgreSQL `integer` (serial) column: every id the store hands out fits. */
export const MAX_ID = 2_147_483_647;

/** Whether a number can be a database id (a whole number in 1..MAX_ID). */
export const isDbId = (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= MAX_ID;

const LINE_CHARACTERS = new Set([0x09, 0x0a, 0x0d]);
const isControl = (code: number, multiline = false) => (code < 0x20 || code === 0x7f) && !(multiline && LINE_CHARACTERS.has(code));

/**
 * Whether a text holds a character no field of the store accepts: NUL (which PostgreSQL refuses)
 * and the other C0 control characters and DEL. `multiline` lets tab, line feed and carriage return through.
 */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  for (let i = 0; i < value.length; i += 1) {
    if (isControl(value.charCodeAt(i), options.multiline)) return true;
  }
  return false;
}

/** The text with each control character replaced by a space (for text read from an address, like a search). */
export function withoutControlCharacters(value: string): string {
  let out = "";
  for (const char of value) out += isControl(char.charCodeAt(0)) ? " " : char;
  return out;
}
