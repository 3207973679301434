import { describe, expect, it } from "vitest";
import { LOCALES } from "#contract/locale.ts";
import { resources } from "./index.ts";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]).sort();

const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, leaves(resources[locale] as unknown as Tree)]));
const reference = catalogues["pt-BR"]!;

describe("locale catalogues", () => {
  it("covers every locale", () => {
    expect(Object.keys(resources).sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES) {
    const catalogue = catalogues[locale]!;

    it(`${locale} has exactly the keys of pt-BR`, () => {
      expect([...catalogue.keys()].sort()).toEqual([...reference.keys()].sort());
    });

    it(`${locale} has no empty texts`, () => {
      const empty = [...catalogue].filter(([, text]) => text.trim() === "").map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it(`${locale} uses the same interpolation variables as pt-BR`, () => {
      const mismatched = [...reference]
        .filter(([key, text]) => JSON.stringify(variables(text)) !== JSON.stringify(variables(catalogue.get(key) ?? "")))
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    });
  }

  it("the Spanish catalogues are translated, not copies of the Portuguese one", () => {
    for (const locale of ["es-AR", "es-PY"] as const) {
      expect(catalogues[locale]!.get("notFound.title")).not.toBe(reference.get("notFound.title"));
      expect(catalogues[locale]!.get("error.title")).not.toBe(reference.get("error.title"));
    }
  });
});
