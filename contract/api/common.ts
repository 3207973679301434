import { z } from "zod";

/**
 * Building blocks every request schema shares, so that no value a client sends can reach the
 * database in a form it refuses (a number past its integer columns, a NUL byte in a text column):
 * such input is the client's mistake, answered 422 with the field's message, never a 5xx.
 */

/** The largest value of a PostgreSQL `integer` (serial) column: every id the store hands out fits. */
export const MAX_ID = 2_147_483_647;

/** Whether a number can be a database id (a whole number in 1..MAX_ID). */
export const isDbId = (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= MAX_ID;

/**
 * A database id. Query strings, path parameters and form fields send it as text, and the storefront
 * sends numbers as strings in JSON too (spec §3), so digits are accepted as well as numbers.
 */
export const idSchema = z.coerce.number().int().min(1).max(MAX_ID);

/** An optional id from a form select: left unselected it arrives as "", which means "not given". */
export const optionalIdSchema = z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional());

/** A whole number between `min` and `max`, sent as a number or as digits. */
export const intSchema = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const LINE_CHARACTERS = new Set([0x09, 0x0a, 0x0d]);

/**
 * Whether a text holds a character no field of the store accepts: NUL (which PostgreSQL refuses)
 * and the other C0 control characters and DEL. `multiline` lets tab, line feed and carriage return through.
 */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 || code === 0x7f) && !(options.multiline && LINE_CHARACTERS.has(code))) return true;
  }
  return false;
}

/**
 * Text a client sends, trimmed, refused with the field's "invalid" message when it holds NUL or
 * another control character. Chain `.min()` / `.max()` on it as on any string.
 * `multiline` lets line breaks and tabs through (free-text fields shown as paragraphs).
 */
export const textSchema = (options: { multiline?: boolean; trim?: boolean } = {}) => {
  const base = options.trim === false ? z.string() : z.string().trim();
  return base.refine((v) => !hasControlCharacters(v, options), { message: "invalid" });
};
