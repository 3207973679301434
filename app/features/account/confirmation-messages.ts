import type { TFunction } from "#app/i18n/translator.ts";
import "#app/i18n/account-texts.ts";

/** Spec §8 "E-mail confirmation": the message for each failed answer. */
export function confirmationErrorMessage(status: number, body: { message?: string; errors?: Record<string, string[]> }, t: TFunction): string {
  const entries = Object.entries(body.errors ?? {});
  switch (status) {
    case 422:
      return entries.length > 0
        ? entries.map(([field, messages]) => t("account.confirm.fieldError", { field, messages: messages.join(", ") })).join(" | ")
        : (body.message ?? t("account.confirm.failed"));
    case 400:
      return entries.length > 0 ? entries.flatMap(([, m]) => m).join(", ") : (body.message ?? t("account.confirm.failed"));
    case 404:
      return t("account.confirm.notFound");
    case 403:
      return entries.length > 0 ? entries.flatMap(([, m]) => m).join(", ") : (body.message ?? t("account.confirm.failed"));
    case 500:
      return t("account.confirm.serverError");
    default:
      return status >= 500 ? t("account.confirm.unavailable") : t("account.confirm.failed");
  }
}
