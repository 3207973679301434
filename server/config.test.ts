import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assertProductionSecrets, ConfigError, loadConfig } from "./config.ts";

const secret = "7f3c9a1e5b2d4f6a8c0e1b3d5f7a9c2e";

describe("loadConfig", () => {
  it("reads numbers and refuses ones the store cannot run with, naming the variable", () => {
    expect(loadConfig({ PORT: "8080", RESERVATION_SWEEP_SECONDS: "5" })).toMatchObject({ port: 8080, reservationSweepSeconds: 5, reservationMinutes: 30 });
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(new ConfigError('PORT must be a whole number from 1 to 65535, not "eighty".'));
    expect(() => loadConfig({ PORT: "70000" })).toThrow(ConfigError);
    expect(() => loadConfig({ RESERVATION_MINUTES: "0" })).toThrow('RESERVATION_MINUTES must be a whole number from 1 up, not "0".');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "1" })).toThrow("DATABASE_POOL_SIZE");
    expect(() => loadConfig({ SEED_PRODUCTS: "1.5" })).toThrow("SEED_PRODUCTS");
    expect(loadConfig({ SEED_PRODUCTS: "0" }).seedProducts).toBe(0);
  });

  it("reads the outage and shutdown settings, and keeps the API documentation out of production unless asked", () => {
    expect(loadConfig({})).toMatchObject({ databaseTimeoutSeconds: 5, shutdownDrainSeconds: 5, apiDocs: true });
    expect(loadConfig({ DATABASE_TIMEOUT_SECONDS: "2", SHUTDOWN_DRAIN_SECONDS: "0" })).toMatchObject({ databaseTimeoutSeconds: 2, shutdownDrainSeconds: 0 });
    expect(() => loadConfig({ DATABASE_TIMEOUT_SECONDS: "0" })).toThrow("DATABASE_TIMEOUT_SECONDS");
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: "five" })).toThrow("SHUTDOWN_DRAIN_SECONDS");
    expect(loadConfig({ NODE_ENV: "production" }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", API_DOCS: "1" }).apiDocs).toBe(true);
  });
});

describe("assertProductionSecrets", () => {
  it("lets development and tests run on the repository's development secrets", () => {
    expect(() => assertProductionSecrets(loadConfig({}))).not.toThrow();
    expect(() => assertProductionSecrets(loadConfig({ NODE_ENV: "test" }))).not.toThrow();
  });

  it("refuses production without secrets of the operator's own, long enough", () => {
    expect(() => assertProductionSecrets(loadConfig({ NODE_ENV: "production" }))).toThrow(
      /^APP_SECRET and SANDBOX_WEBHOOK_SECRET must be set to random values of at least 32 characters in production/,
    );
    expect(() => assertProductionSecrets(loadConfig({ NODE_ENV: "production", APP_SECRET: secret, SANDBOX_WEBHOOK_SECRET: "short" }))).toThrow(
      /^SANDBOX_WEBHOOK_SECRET must be set/,
    );
    expect(() =>
      assertProductionSecrets(loadConfig({ NODE_ENV: "production", APP_SECRET: secret, SANDBOX_WEBHOOK_SECRET: secret.split("").reverse().join("") })),
    ).not.toThrow();
  });

  it("keeps a production server from starting without them: exit 1 and the message, nothing opened", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-config-"));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PORT: "3999", API_ONLY: "1" };
      delete env.APP_SECRET;
      delete env.SANDBOX_WEBHOOK_SECRET;
      delete env.DATABASE_URL;
      const run = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], { env, encoding: "utf8", timeout: 60_000 });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("Configuration: APP_SECRET and SANDBOX_WEBHOOK_SECRET must be set");
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
