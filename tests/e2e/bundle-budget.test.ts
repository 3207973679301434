import { expect, inject, it } from "vitest";
import { LOCALES } from "#contract/locale.ts";
import { kb, PRODUCT_PAGE_BUDGET_KB, productPageBundle } from "../../bench/bundle-size.ts";

// The product page's initial JavaScript (its preloaded chunks and the largest locale catalogue, gzipped)
// in a production build: a change that grows it past the budget fails here, not only in a report.
// The build is the browser tests' own (global-setup.ts), built as shoppers get it.
const buildDir = inject("buildDir");

it(`keeps the product page's initial JavaScript within ${PRODUCT_PAGE_BUDGET_KB} KB gzip in every locale`, () => {
  const report = productPageBundle(buildDir);
  // Every language's texts are found in the build, and so preloaded with the page's scripts.
  expect(report.initial.map((initial) => initial.locale)).toEqual([...LOCALES].sort());
  for (const initial of report.initial) {
    const files = report.files.map((f) => `${f.file} ${kb(f.gzip)}`).join(", ");
    expect(initial.gzip / 1024, `${initial.locale}: ${files}`).toBeLessThanOrEqual(PRODUCT_PAGE_BUDGET_KB);
  }
});
