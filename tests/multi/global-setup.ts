import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#db/client.ts";
import { seedDemo } from "#db/seed/index.ts";
import { scratchDatabase } from "../support/db-urls.ts";
import { forgetPrefix } from "../support/redis.ts";

export const MULTI_PRODUCTS = 60;

export type MultiEnv =
  | { available: false; reason: string }
  | {
      available: true;
      /** A database of the server to CREATE and DROP others from (tests that need an empty one). */
      adminUrl: string;
      databaseUrl: string;
      redisUrl: string;
      redisPrefix: string;
      dataRoot: string;
    };

/**
 * The multi-process suite needs a PostgreSQL server and a Redis (127.0.0.1 by default; MULTI_DATABASE_URL
 * or TEST_DATABASE_URL, TEST_REDIS_URL elsewhere). Without them every test is reported skipped.
 * With them: one fresh, seeded database and one Redis key prefix for the run.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.MULTI_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";
  const missing = [(await pgAnswers(adminUrl)) ? "" : "PostgreSQL", (await redisAnswers(redisUrl)) ? "" : "Redis"].filter(Boolean);
  if (missing.length > 0) {
    const reason = `${missing.join(" and ")} not reachable`;
    console.warn(`Multi-process tests skipped: ${reason}.`);
    project.provide("multi", { available: false, reason });
    return;
  }

  const scratch = await scratchDatabase(adminUrl, "store_multi");
  const databaseUrl = scratch.url;
  const dataRoot = mkdtempSync(path.join(os.tmpdir(), "store-multi-"));
  const database = await openDatabase({ url: databaseUrl });
  await database.migrate();
  await seedDemo(database, { products: MULTI_PRODUCTS, mediaDir: path.join(dataRoot, "media") });
  await database.close();
  const redisPrefix = `multi:${scratch.name}:`;
  project.provide("multi", { available: true, adminUrl, databaseUrl, redisUrl, redisPrefix, dataRoot });

  return async () => {
    await scratch.drop();
    await forgetPrefix(redisUrl, redisPrefix);
    rmSync(dataRoot, { recursive: true, force: true });
  };
}

async function pgAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await c.connect();
    await c.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on("error", () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    multi: MultiEnv;
  }
}
