import { configDefaults, defineConfig } from "vitest/config";

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
          // Checks on the production build run with the browser tests, which build it.
          exclude: [...configDefaults.exclude, "**/*.contract.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
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
          fileParallelism: false,
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
