import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { LOCALES } from "#contract/locale.ts";
import { kb, PRODUCT_PAGE_BUDGET_KB, productPageBundle } from "../../bench/bundle-size.ts";

// The product page's initial JavaScript (its preloaded chunks and the largest locale catalogue, gzipped)
// in a production build: a change that grows it past the budget fails here, not only in a report.
const buildDir = mkdtempSync(path.join(tmpdir(), "store-budget-"));
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

it(`keeps the product page's initial JavaScript within ${PRODUCT_PAGE_BUDGET_KB} KB gzip in every locale`, { timeout: 300_000 }, () => {
  execFileSync("npx", ["react-router", "build"], { stdio: "ignore", env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir } });
  const report = productPageBundle(buildDir);
  // Every language's texts are found in the build, and so preloaded with the page's scripts.
  expect(report.initial.map((initial) => initial.locale)).toEqual([...LOCALES].sort());
  for (const initial of report.initial) {
    const files = report.files.map((f) => `${f.file} ${kb(f.gzip)}`).join(", ");
    expect(initial.gzip / 1024, `${initial.locale}: ${files}`).toBeLessThanOrEqual(PRODUCT_PAGE_BUDGET_KB);
  }
});
