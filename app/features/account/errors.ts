import type { TFunction } from "#app/i18n/translator.ts";
import type { z } from "zod";
import type { FieldErrors } from "./fields.tsx";

const KNOWN_KEYS = [
  "required",
  "invalid",
  "invalid_email",
  "emails_must_match",
  "passwords_must_match",
  "password_forbidden",
  "invalid_cpf",
  "invalid_ruc",
  "invalid_document",
  "invalid_cuit",
  "invalid_cep",
  "state_required",
  "city_required",
  "file_required",
  "file_too_large",
  "file_type",
  "file_type_profile",
] as const;
type KnownKey = (typeof KNOWN_KEYS)[number];
const isKnown = (key: string): key is KnownKey => (KNOWN_KEYS as readonly string[]).includes(key);

/** One message per field from zod issues, in the visitor's language. */
export function zodFieldErrors(issues: z.core.$ZodIssue[], t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    if (errors[field]) continue;
    errors[field] = issueMessage(issue, t);
  }
  return errors;
}

function issueMessage(issue: z.core.$ZodIssue, t: TFunction): string {
  if (issue.code === "custom" && isKnown(issue.message)) return t(`account.errors.${issue.message}`);
  if (issue.code === "too_small") {
    const min = Number(issue.minimum);
    return min <= 1 ? t("account.errors.required") : t("account.errors.too_short", { min });
  }
  if (issue.code === "too_big") return t("account.errors.too_long", { max: Number(issue.maximum) });
  if (issue.code === "invalid_format" && issue.format === "email") return t("account.errors.invalid_email");
  if (issue.code === "invalid_type" || issue.code === "invalid_value") return t("account.errors.required");
  return t("account.errors.invalid");
}
