import { describe, expect, it } from "vitest";
import { LOCALES } from "#contract/locale.ts";
import snapshot from "./fixtures/resolved-texts.json" with { type: "json" };
import { resolvedTexts } from "./fixtures/resolved-texts.ts";

/**
 * Texts that moved to another key (old key: new key). The text a visitor sees must not change; only
 * where it is kept did.
 */
const MOVED: Record<string, string> = {};

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
