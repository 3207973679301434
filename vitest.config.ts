import { configDefaults, defineConfig } from "vitest/config";

/** Unit tests of what a module holds from its first import: they get modules of their own (the `unit` project shares them). */
const FRESH_MODULES = ["app/i18n/browser.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          globalSetup: ["tests/support/unit-setup.ts"],
          include: [
            "config/**/*.test.ts",
            "contract/**/*.test.ts",
            "server/**/*.test.ts",
            "db/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "bench/**/*.test.ts",
            "tests/architecture/**/*.test.ts",
          ],
          // Checks on the production build run with the browser tests, which build it; FRESH_MODULES in unit-fresh.
          exclude: [...configDefaults.exclude, "**/*.contract.test.ts", ...FRESH_MODULES],
          environment: "node",
          // npm test runs these beside the browser tests (tests/suite.ts), on the same two cores.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The files share their worker's modules instead of each importing the server again (about half of
          // the unit tests' time went to imports); each still opens its own copy of the seeded database.
          isolate: false,
          unstubEnvs: true,
          unstubGlobals: true,
        },
      },
      {
        test: {
          // Unit tests that read what modules hold from their first import (npm test runs them with `unit`).
          name: "unit-fresh",
          include: FRESH_MODULES,
          environment: "node",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts", "app/**/*.contract.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A browser on a shared 2-core machine can take seconds to settle; a poll waits that long.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // Two files at a time, each worker on a store of its own (global-setup.ts): the files spend most of
          // their time waiting on Chromium and the server, so two overlap well even on two cores.
          maxWorkers: 2,
          // After the unit tests when one command runs both (their workers are counted apart).
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // Several server processes over PostgreSQL and Redis (npm run test:multi; .ci/run when both answer).
          name: "multi",
          include: ["tests/multi/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/multi/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // The production image, built beforehand (npm run test:image; skipped without Docker or the image).
          name: "image",
          include: ["tests/image/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/image/global-setup.ts"],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
