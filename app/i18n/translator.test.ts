import { describe, expect, it } from "vitest";
import expectations from "./fixtures/i18next-expectations.json" with { type: "json" };
import { translate, type Catalogue, type TOptions } from "./translator.ts";

/** locale, key, options (null: none; `$undefined` names options passed as undefined), i18next's answer. */
type Case = [string, string, (TOptions & { $undefined?: string[] }) | null, string];
type CaseSet = { resources: Record<string, Catalogue>; cases: Case[] };

const sets = expectations.sets as unknown as Record<"catalogues" | "edge", CaseSet>;

function options(given: Case[2]): TOptions | undefined {
  if (!given) return undefined;
  const { $undefined = [], ...rest } = given;
  return { ...rest, ...Object.fromEntries($undefined.map((name) => [name, undefined])) };
}

type Leaves = { [key: string]: string | Leaves };
const leafKeys = (tree: Leaves, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [prefix + key] : leafKeys(value, `${prefix}${key}.`)));

// The answers were recorded from i18next 26 set up as the store had it (fixtures/generate-i18next-expectations.ts).
describe(`translator answers as i18next ${expectations.i18next} did`, () => {
  for (const [name, { resources, cases }] of Object.entries(sets)) {
    it(`on the ${name} (${cases.length} calls)`, () => {
      const differences = cases
        .map(([locale, key, given, expected]) => ({ locale, key, options: given, expected, got: translate(resources, locale, key, options(given)) }))
        .filter(({ expected, got }) => expected !== got);
      expect(differences).toEqual([]);
    });
  }

  it("was compared on every key of every catalogue, and every plural family by count", () => {
    const { resources, cases } = sets.catalogues;
    for (const locale of ["pt-BR", "es-AR", "es-PY"]) {
      const asked = new Set(cases.filter(([l, , given]) => l === locale && !given).map(([, key]) => key));
      expect(leafKeys(resources[locale] as Leaves).filter((key) => !asked.has(key))).toEqual([]);
      const counted = new Set(cases.filter(([l, , given]) => l === locale && given && "count" in given).map(([, key]) => key));
      expect(counted).toContain("product.shipping.days");
      expect(counted).toContain("catalog.list.resultCount");
    }
  });
});
