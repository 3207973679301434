import type { FieldErrors } from "#app/components/form/fields.tsx";
import { ApiError } from "./api-client.ts";

/** Each field's messages, as the API lists a refused body's `errors` (ARCHITECTURE.md "Error shape"). */
export type FieldErrorLists = Record<string, string[]>;

/**
 * What every form's action answers, on the storefront and in the back office: done with the API's
 * message (and, where the page needs it, the `answer`: a QR code, a new key, where to go next), or
 * refused with the API's message and field errors (and, where a refused step must stay on screen, its
 * `answer`: the login's code step keeps its ticket, and the API's `code` where the page acts on it: the back
 * office's step-up dialog). `intent` names which of a page's forms it answers, `id` which record's (an edit
 * form of a list); `posted` is what a form the browser posted itself typed, for its fields to keep on a refusal.
 */
export type ActionResult<A = never> =
  | { ok: true; message: string; intent?: string; answer?: A; id?: string }
  | { ok: false; message: string; errors: FieldErrorLists; intent?: string; answer?: A; code?: string; id?: string; posted?: Record<string, string> };

/** A refusal the page says itself (a check made before the API is called). */
export const refusedWith = (message: string, errors: FieldErrorLists = {}, intent?: string): ActionResult => ({ ok: false, message, errors, intent });

/** The first message of each field a refused form named. */
export function fieldErrors(result: ActionResult<unknown> | undefined): FieldErrors {
  if (!result || result.ok) return {};
  return Object.fromEntries(Object.entries(result.errors).flatMap(([field, [first]]) => (first ? [[field, first]] : [])));
}

/** Spec §8: a refusal's field errors are listed, else its message; nothing when it said neither. */
export function errorLines(result: ActionResult<unknown> | undefined): string[] {
  if (!result || result.ok) return [];
  const lines = Object.values(result.errors).flat();
  return lines.length > 0 ? lines : result.message ? [result.message] : [];
}

/**
 * A call the browser made itself (an upload, an import's progress) as a form's refusal: the API's
 * message and fields, or `fallback` when the API gave no answer. `about` names what was refused (a file).
 */
export function refusalOf(error: unknown, fallback: string, about?: string): ActionResult {
  // A proxy's error page is no answer of the API: its status text is no message for a person.
  if (!(error instanceof ApiError) || !error.body) return refusedWith(fallback);
  const message = error.message || fallback;
  return refusedWith(about ? `${about}: ${message}` : message, error.errors);
}
