import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startFakeViaCep } from "../support/fake-via-cep.ts";
import { freePort } from "../support/free-port.ts";
import { startStore } from "../support/store-process.ts";

/**
 * Builds the storefront once and starts the real server on a fresh database for each worker of the browser
 * tests (tests/support/e2e-store.ts): files run side by side, each worker's one after another on its own
 * server, as they all used to on one.
 */
export default async function setup(project: TestProject) {
  // Each run builds into its own folder, so parallel runs never overwrite each other's files. The
  // build stays inside the project: the server bundle's bare imports (react, …) resolve from there.
  const buildDir = path.resolve("build", `e2e-${process.pid}`);
  // A production build, as shoppers get it (the test runner's NODE_ENV=test would make Vite build the
  // development one): React's production bundle, the Content-Security-Policy with its nonces, and the
  // page's scripts started after its first paint (app/lib/scripts-after-paint.server.ts).
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir } });
  const viaCep = await startFakeViaCep();
  const workers = Math.max(1, project.config.maxWorkers);
  const stores = await Promise.all(
    Array.from({ length: workers }, async () =>
      startStore({ port: await freePort(), buildDir, env: { CEP_LOOKUP_URL: viaCep.url, STAFF_LOGINS_PER_15_MIN: "200" } }),
    ),
  );
  project.provide(
    "storeURLs",
    stores.map((store) => store.url),
  );
  project.provide("buildDir", buildDir);
  return async () => {
    await Promise.all(stores.map((store) => store.close()));
    rmSync(buildDir, { recursive: true, force: true });
    await viaCep.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One store per worker, each on a database of its own: see tests/support/e2e-store.ts. */
    storeURLs: string[];
    /** The storefront's build, for tests that start a server of their own (tests/support/store-process.ts). */
    buildDir: string;
  }
}
