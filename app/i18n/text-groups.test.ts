import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "i18n" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// The `home` texts and the account pages' texts are not in the catalogue every page downloads: a
// module showing them without waiting for them would render keys in the browser and fail to hydrate.
describe.each([
  ["home", /["'`]home\./, 'import "#app/i18n/home-texts.ts";'],
  // `account.header` and `account.favourites` are in every page's catalogue (the header, the hearts).
  ["account", /["'`]account\.(?!header\.|favourites\.)/, 'import "#app/i18n/account-texts.ts";'],
  ["admin", /["'`]admin\./, 'import "#app/i18n/admin-texts.ts";'],
] as const)("the %s texts", (_group, uses, guard) => {
  it("are waited for by every module that shows them", () => {
    const unguarded = sources(APP)
      .filter((file) => uses.test(readFileSync(file, "utf8")))
      .filter((file) => !readFileSync(file, "utf8").includes(guard))
      .map((file) => path.relative(APP, file));
    expect(unguarded).toEqual([]);
  });
});
