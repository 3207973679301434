import { z } from "zod";
import { hasControlCharacters, MAX_ID } from "../input.ts";

/**
 * Building blocks every request schema shares, so that no value a client sends can reach the
 * database in a form it refuses (a number past its integer columns, a NUL byte in a text column):
 * such input is the client's mistake, answered 422 with the field's message, never a 5xx.
 */

export { hasControlCharacters, isDbId, MAX_ID } from "../input.ts";

/**
 * A database id (1..MAX_ID; out of range, that is the one message). Query strings, path parameters and form fields send it as text, and the storefront
 * sends numbers as strings in JSON too (spec §3), so digits are accepted as well as numbers.
 */
export const idSchema = z.coerce.number().min(1, { abort: true }).max(MAX_ID, { abort: true }).int();

/** An optional id from a form select: left unselected it arrives as "", which means "not given". */
export const optionalIdSchema = z.preprocess((v) => (v === "" ? undefined : v), idSchema.optional());

/**
 * A whole number between `min` and `max`, sent as a number or as digits. A number out of range gets
 * that one message (not also the safe-integer one zod adds for 30 digits).
 */
export const intSchema = (min: number, max: number) => z.coerce.number().min(min, { abort: true }).max(max, { abort: true }).int();

/**
 * Text a client sends, trimmed, refused with the field's "invalid" message when it holds NUL or
 * another control character. Chain `.min()` / `.max()` on it as on any string.
 * `multiline` lets line breaks and tabs through (free-text fields shown as paragraphs).
 */
export const textSchema = (options: { multiline?: boolean; trim?: boolean } = {}) => {
  const base = options.trim === false ? z.string() : z.string().trim();
  return base.refine((v) => !hasControlCharacters(v, options), { message: "invalid" });
};
