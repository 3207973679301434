import type { TFunction } from "#app/i18n/translator.ts";
import { issueMessages, type IssueLike, type Say } from "#contract/validation-messages.ts";
import type { FieldErrors } from "#app/components/form/fields.tsx";

/** The texts of a rejected field in the visitor's language: the API's own, from the `validation` group of the catalogue. */
export const sayWith =
  (t: TFunction): Say =>
  (key, values) =>
    t(`validation.${key}`, values);

/**
 * One message per field, the first the schema found, from the issues of a shared `contract/` schema:
 * the same texts the API answers for the same input (contract/validation-messages.ts).
 */
export function zodFieldErrors(issues: readonly IssueLike[], input: unknown, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field, message } of issueMessages(issues, input, sayWith(t))) errors[field] ??= message;
  return errors;
}

/** Every message, field after field, as the API lists a rejected body's `errors` (spec §8). */
export function zodErrorLines(issues: readonly IssueLike[], input: unknown, t: TFunction): string[] {
  const byField = new Map<string, string[]>();
  for (const { field, message } of issueMessages(issues, input, sayWith(t))) {
    byField.set(field, [...(byField.get(field) ?? []), message]);
  }
  return [...byField.values()].flat();
}
