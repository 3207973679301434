import { inject } from "vitest";

/**
 * The store the browser tests of this worker talk to. tests/e2e/global-setup.ts starts one per worker, and
 * a worker runs one file at a time, so two files that run side by side never share a server, its
 * database, its page cache or its rate limits.
 */
export function storeURL(): string {
  const urls = inject("storeURLs");
  // 1 to maxWorkers: the worker's slot in the pool.
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  return urls[(worker - 1) % urls.length]!;
}
