import type { ValidationTexts } from "./messages/pt-BR.ts";

/**
 * From a schema issue to the text a customer reads (spec §5), the one mapping of the server's
 * error handler and of the storefront's forms: both check the same `contract/` schemas and so
 * say the same thing about the same field. The texts are the `validation` texts of
 * contract/messages/<locale>.ts: the API's, and the storefront's catalogues' `validation` group.
 */
export type ValidationMessageKey = keyof ValidationTexts;

/** Says one text with its `{{name}}` values: the API's apiMessage, the storefront's `t("validation.…")`. */
export type Say = (key: ValidationMessageKey, values?: Record<string, number>) => string;

/** What this mapping reads of a zod 4 issue (fastify-type-provider-zod hands the same members over). */
export interface IssueLike {
  code: string;
  path?: readonly PropertyKey[];
  message?: string;
  minimum?: number | bigint;
  inclusive?: boolean;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  expected?: string;
}

const KEYS = new Set<string>([
  "validation_failed",
  "required",
  "invalid",
  "invalid_email",
  "too_short",
  "too_long",
  "too_small",
  "too_big",
  "integer",
  "emails_must_match",
  "passwords_must_match",
  "password_forbidden",
  "invalid_cpf",
  "invalid_ruc",
  "invalid_cuit",
  "invalid_cnpj",
  "invalid_document",
  "invalid_cep",
  "state_required",
  "city_required",
  "file_required",
  "file_too_large",
  "file_type",
  "file_type_profile",
] satisfies ValidationMessageKey[]);

/** Whether a custom issue's message names one of the texts (schemas refine with a key, never with words). */
export const isValidationMessageKey = (value: unknown): value is ValidationMessageKey => typeof value === "string" && KEYS.has(value);

/** The value a field had in the checked input (zod 4 issues do not carry it; a coerced number shows NaN). */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A field left empty: never sent, null or the empty text of a form field. */
export const isBlank = (value: unknown) => value === undefined || value === null || value === "";

/** One issue's text; `missing` when its field was left empty, which reads "required" whatever the rule. */
export function issueMessage(issue: IssueLike, missing: boolean, say: Say): string {
  if (issue.code === "custom" && isValidationMessageKey(issue.message)) return say(issue.message);
  if (missing) return say("required");
  if (issue.code === "too_small") {
    if (issue.origin === "string") return Number(issue.minimum) <= 1 ? say("required") : say("too_short", { min: Number(issue.minimum) });
    // Every number the API takes is an integer: "more than 0" reads "at least 1".
    return say("too_small", { min: Number(issue.minimum) + (issue.inclusive === false ? 1 : 0) });
  }
  if (issue.code === "too_big") {
    if (issue.origin === "string") return say("too_long", { max: Number(issue.maximum) });
    return say("too_big", { max: Number(issue.maximum) });
  }
  if (issue.code === "invalid_format" && issue.format === "email") return say("invalid_email");
  if (issue.code === "invalid_type" && (issue.expected === "int" || issue.expected === "number")) return say("integer");
  return say("invalid");
}

/**
 * Every issue's text with the path of its field (dotted; `_` for the whole input), in the order
 * the schema found them. `input` is the checked value, so an empty field reads "required".
 */
export function issueMessages(issues: readonly IssueLike[], input: unknown, say: Say): { field: string; message: string }[] {
  return issues.map((issue) => {
    const path = issue.path ?? [];
    return { field: path.map(String).join(".") || "_", message: issueMessage(issue, isBlank(valueAt(input, path)), say) };
  });
}
