import type { Nationality } from "#contract/api/accounts.ts";
import type { TFunction } from "#app/i18n/translator.ts";
import "#app/i18n/account-texts.ts";

/** The label of a document type; Cédula's catalogue key has no accent. */
export function documentTypeLabel(t: TFunction, type: string): string {
  const key = type === "Cédula" ? "Cedula" : type;
  return t(`account.documentTypes.${key}`, { defaultValue: type });
}

/** Example numbers in each country's mask (spec §3). */
export const PHONE_PLACEHOLDER: Readonly<Record<Nationality, string>> = {
  BR: "+55 (11) 91234-5678",
  PY: "+595 981 123 456",
  AR: "+54 9 376 412 3456",
};
