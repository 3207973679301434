import { describe, expect, it } from "vitest";
import { LOCALES } from "#contract/locale.ts";
import snapshot from "./fixtures/resolved-texts.json" with { type: "json" };
import { resolvedTexts } from "./fixtures/resolved-texts.ts";

/**
 * Texts that moved to another key (old key: new key). The text a visitor sees must not change; only
 * where it is kept did.
 */
const MOVED: Record<string, string> = {
  // The texts of a rejected field are the API's, shared with the storefront (contract/validation-messages.ts).
  "app:account.errors.formInvalid": "app:validation.validation_failed",
  "app:account.errors.required": "app:validation.required",
  "app:account.errors.invalid": "app:validation.invalid",
  "app:account.errors.invalid_email": "app:validation.invalid_email",
  "app:account.errors.too_short": "app:validation.too_short",
  "app:account.errors.too_long": "app:validation.too_long",
  "app:account.errors.emails_must_match": "app:validation.emails_must_match",
  "app:account.errors.passwords_must_match": "app:validation.passwords_must_match",
  "app:account.errors.password_forbidden": "app:validation.password_forbidden",
  "app:account.errors.invalid_cpf": "app:validation.invalid_cpf",
  "app:account.errors.invalid_ruc": "app:validation.invalid_ruc",
  "app:account.errors.invalid_document": "app:validation.invalid_document",
  "app:account.errors.invalid_cep": "app:validation.invalid_cep",
  "app:account.errors.state_required": "app:validation.state_required",
  "app:account.errors.city_required": "app:validation.city_required",
  "app:account.errors.file_required": "app:validation.file_required",
  "app:account.errors.file_too_large": "app:validation.file_too_large",
  "app:account.errors.file_type": "app:validation.file_type",
  "app:account.errors.file_type_profile": "app:validation.file_type_profile",
  "app:account.errors.invalid_cuit": "app:validation.invalid_cuit",
};

/**
 * Every text a visitor sees stays what it was, however the catalogues are arranged (es-AR inheriting
 * from es-PY, the API's texts shared with the storefront): each text of resolved-texts.json still
 * resolves to the same words in every locale. A text deleted from every locale is no longer shown
 * and may go; a deliberate change of a text regenerates the file (fixtures/generate-resolved-texts.ts).
 */
describe("resolved texts", () => {
  const now = resolvedTexts();
  const reference = now["pt-BR"];

  for (const locale of LOCALES) {
    it(`${locale} shows the same text for every key it had`, () => {
      const before = (snapshot as Record<string, Record<string, string>>)[locale]!;
      const changed: string[] = [];
      for (const [oldKey, text] of Object.entries(before)) {
        const key = MOVED[oldKey] ?? oldKey;
        if (!(key in reference)) continue;
        if (now[locale][key] !== text) changed.push(`${key}: ${JSON.stringify(text)} → ${JSON.stringify(now[locale][key])}`);
      }
      expect(changed).toEqual([]);
    });
  }
});
