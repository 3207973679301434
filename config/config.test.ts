import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assertProductionReady, assertProductionSecrets, ConfigError, loadConfig } from "#config/config.ts";

const secret = "7f3c9a1e5b2d4f6a8c0e1b3d5f7a9c2e";

describe("loadConfig", () => {
  it("reads numbers and refuses ones the store cannot run with, naming the variable", () => {
    expect(loadConfig({ PORT: "8080", RESERVATION_SWEEP_SECONDS: "5" })).toMatchObject({
      port: 8080,
      reservationSweepSeconds: 5,
      reservationMinutes: 30,
    });
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(new ConfigError('PORT must be a whole number from 1 to 65535, not "eighty".'));
    expect(() => loadConfig({ PORT: "70000" })).toThrow(ConfigError);
    expect(() => loadConfig({ RESERVATION_MINUTES: "0" })).toThrow('RESERVATION_MINUTES must be a whole number from 1 up, not "0".');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "1" })).toThrow("DATABASE_POOL_SIZE");
    expect(() => loadConfig({ SEED_PRODUCTS: "1.5" })).toThrow("SEED_PRODUCTS");
    expect(loadConfig({ SEED_PRODUCTS: "0" }).seedProducts).toBe(0);
  });

  it("reads the outage and shutdown settings, and keeps the API documentation out of production unless asked", () => {
    expect(loadConfig({})).toMatchObject({ databaseTimeoutSeconds: 5, shutdownDrainSeconds: 5, apiDocs: true });
    expect(loadConfig({ DATABASE_TIMEOUT_SECONDS: "2", SHUTDOWN_DRAIN_SECONDS: "0" })).toMatchObject({
      databaseTimeoutSeconds: 2,
      shutdownDrainSeconds: 0,
    });
    expect(() => loadConfig({ DATABASE_TIMEOUT_SECONDS: "0" })).toThrow("DATABASE_TIMEOUT_SECONDS");
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: "five" })).toThrow("SHUTDOWN_DRAIN_SECONDS");
    expect(loadConfig({ NODE_ENV: "production" }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", API_DOCS: "1" }).apiDocs).toBe(true);
  });
});

describe("HOST", () => {
  it("listens on this machine only off production unless HOST says otherwise, and everywhere in production", () => {
    expect(loadConfig({}).host).toBe("localhost");
    expect(loadConfig({ NODE_ENV: "test" }).host).toBe("localhost");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ NODE_ENV: "production", APP_SECRET: secret }).host).toBe("0.0.0.0");
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
      assertProductionSecrets(
        loadConfig({ NODE_ENV: "production", APP_SECRET: secret, SANDBOX_WEBHOOK_SECRET: secret.split("").reverse().join("") }),
      ),
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

describe("payment gateway in production", () => {
  const production = { NODE_ENV: "production", APP_SECRET: secret, SANDBOX_WEBHOOK_SECRET: secret.split("").reverse().join("") };

  it("refuses the sandbox gateway unless TEST_SHOP=1 says this is a test shop", () => {
    expect(() => assertProductionReady(loadConfig(production))).toThrow(/^PAYMENT_PROVIDERS includes sandbox, the built-in test gateway/);
    expect(() => assertProductionReady(loadConfig({ ...production, PAYMENT_PROVIDERS: "sandbox" }))).toThrow(/TEST_SHOP=1/);
    expect(() => assertProductionReady(loadConfig({ ...production, PAYMENT_PROVIDERS: "pagopar,sandbox" }))).toThrow(/TEST_SHOP=1/);
    expect(() => assertProductionReady(loadConfig({ ...production, TEST_SHOP: "1" }))).not.toThrow();
    expect(() => assertProductionReady(loadConfig({}))).not.toThrow();
  });

  it("refuses an unknown gateway in every mode instead of falling back to the sandbox", () => {
    for (const env of [
      { PAYMENT_PROVIDERS: "pagopar-typo" },
      { ...production, TEST_SHOP: "1", PAYMENT_PROVIDERS: "bancard,x" },
      { PAYMENT_PROVIDERS: "bancard,bancard" },
    ]) {
      expect(() => loadConfig(env)).toThrow(/^PAYMENT_PROVIDERS must list gateways among sandbox, bancard, pagopar, mercadopago, each once, not "/);
    }
    // The former single-gateway variable is named, not quietly ignored.
    expect(() => loadConfig({ PAYMENT_PROVIDER: "bancard" })).toThrow(/^PAYMENT_PROVIDER is now PAYMENT_PROVIDERS/);
  });

  it("reads the gateways that are on, in order, with the sandbox as the default", () => {
    expect(loadConfig({}).paymentProviders).toEqual(["sandbox"]);
    expect(loadConfig({ PAYMENT_PROVIDERS: " pagopar, bancard ,mercadopago" }).paymentProviders).toEqual(["pagopar", "bancard", "mercadopago"]);
    const { gateways } = loadConfig({ BANCARD_URL: "http://127.0.0.1:9/", PAGOPAR_PUBLIC_KEY: "pub" });
    expect(gateways.bancard.url).toBe("http://127.0.0.1:9");
    expect(gateways.pagopar).toMatchObject({ publicKey: "pub", url: "https://api.pagopar.com" });
    expect(loadConfig({}).gateways.bancard.url).toBe("https://vpos.infonet.com.py:8888");
    expect(loadConfig({}).gateways.mercadopago.url).toBe("https://api.mercadopago.com");
    expect(() => loadConfig({ MERCADOPAGO_URL: "ftp://x" })).toThrow(/^MERCADOPAGO_URL must be an http\(s\) URL/);
  });

  it("refuses a production process with a gateway on and its keys missing, naming them", () => {
    const env = { ...production, PAYMENT_PROVIDERS: "bancard,mercadopago", BANCARD_PUBLIC_KEY: "pub", MERCADOPAGO_ACCESS_TOKEN: "tok" };
    expect(() => assertProductionReady(loadConfig(env))).toThrow(
      /^PAYMENT_PROVIDERS switches on a gateway whose keys are missing: set BANCARD_PRIVATE_KEY, MERCADOPAGO_WEBHOOK_SECRET\.$/,
    );
    expect(() => assertProductionReady(loadConfig({ ...env, BANCARD_PRIVATE_KEY: "priv", MERCADOPAGO_WEBHOOK_SECRET: "s" }))).not.toThrow();
    // Off production the keys may be missing (the sandbox default needs none).
    expect(() => assertProductionReady(loadConfig({ PAYMENT_PROVIDERS: "bancard" }))).not.toThrow();
  });

  it("keeps a production server on the sandbox from starting: exit 1 and a one-line message", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-config-"));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, ...production, DATA_DIR: dataDir, PORT: "3999", API_ONLY: "1" };
      delete env.DATABASE_URL;
      delete env.TEST_SHOP;
      delete env.PAYMENT_PROVIDER;
      delete env.PAYMENT_PROVIDERS;
      const run = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], { env, encoding: "utf8", timeout: 60_000 });
      expect(run.status).toBe(1);
      const lines = run.stderr
        .trim()
        .split("\n")
        .filter((line) => !line.startsWith("npm warn"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Configuration: PAYMENT_PROVIDERS includes sandbox.*TEST_SHOP=1/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("TRUST_PROXY", () => {
  it("takes proxy addresses and networks, or an explicit number of hops", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.2, 10.0.1.0/24,::1,fd00::/8,loopback" }).trustProxy).toEqual([
      "10.0.0.2",
      "10.0.1.0/24",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
  });

  it("refuses 'trust everyone' and anything that is not an address", () => {
    for (const raw of ["true", "yes", "10.0.0.300", "10.0.0.0/33", "evil.example", "10.0.0.1/8/1"]) {
      expect(() => loadConfig({ TRUST_PROXY: raw }), raw).toThrow(/^TRUST_PROXY must list the proxies' addresses/);
    }
  });
});

describe("METRICS_PORT", () => {
  it("keeps metrics off unless set, and gives them a listener of their own, never the public port", () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: "" }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: "9464" }).metrics).toEqual({ port: 9464, host: "localhost" });
    expect(loadConfig({ METRICS_PORT: "9464", HOST: "0.0.0.0", METRICS_HOST: "10.0.0.5" }).metrics).toEqual({ port: 9464, host: "10.0.0.5" });
    expect(() => loadConfig({ METRICS_PORT: "metrics" })).toThrow(/^METRICS_PORT must be a whole number from 0 to 65535/);
    expect(() => loadConfig({ PORT: "8080", METRICS_PORT: "8080" })).toThrow("METRICS_PORT must not be PORT.");
  });
});
