import path from "node:path";
import type { S3Options } from "./lib/storage.ts";

/** Every setting the store reads from the environment; README.md documents each one. */
export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections each process keeps to PostgreSQL: N processes need N × this within the server's max_connections. */
  databasePoolSize: number;
  /** Longest wait for a PostgreSQL connection (new or pooled) and for one statement, before the request answers 503. */
  databaseTimeoutSeconds: number;
  redisUrl?: string;
  /** Prefix of every Redis key, so several stores (or test runs) can share one Redis. */
  redisPrefix: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Absolute origin used in e-mails and payment callbacks when no request is at hand. */
  publicUrl: string;
  apiUrl?: string;
  hostPt: string;
  hostEs: string;
  brandPt: string;
  brandEs: string;
  storePhone: string;
  storeEmail: string;
  storeAddress: string;
  storeWhatsapp: string;
  cepLookupUrl: string;
  paymentProvider: string;
  sandboxSecret: string;
  /** Signs delivery-option tokens; set a long random value in production. */
  appSecret: string;
  /** How long an unpaid order keeps its stock. */
  reservationMinutes: number;
  /** How often each process looks for reservations that ran out (one process at a time does the work). */
  reservationSweepSeconds: number;
  /** Limits on stock held by unpaid orders, so a few orders cannot empty the shelves. */
  orderLimits: OrderLimits;
  seedProducts: number;
  logLevel: string;
  trustProxy: boolean;
  /** Serve only the API (no storefront build needed): API-only processes and their tests. */
  apiOnly: boolean;
  /** Apply migrations when the server starts; off when a deploy runs `npm run migrate` as its own step. */
  migrateOnStart: boolean;
  /** After SIGTERM: how long /readyz answers 503 while requests are still accepted and answered, before listening stops. */
  shutdownDrainSeconds: number;
  /** Serve the API documentation at /api/docs (on by default outside production). */
  apiDocs: boolean;
  /** Uploads go to this S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/uploads. */
  s3?: S3Options;
}

/** A setting the store cannot run with; its message names the variable and what it accepts. */
export class ConfigError extends Error {}

const DEV_SANDBOX_SECRET = "sandbox-dev-secret-change-me";
const DEV_APP_SECRET = "dev-app-secret-change-me";
/** Shortest secret accepted in production. */
const MIN_SECRET_LENGTH = 32;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = wholeNumber(env, "PORT", 3000, 1, 65_535);
  const nodeEnv = env.NODE_ENV === "production" ? "production" : env.NODE_ENV === "test" ? "test" : "development";
  return {
    env: nodeEnv,
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR || "data"),
    databaseUrl: env.DATABASE_URL || undefined,
    // Two at least: the start-up lock holds one connection while migrations and the seed use another.
    databasePoolSize: wholeNumber(env, "DATABASE_POOL_SIZE", 10, 2),
    databaseTimeoutSeconds: wholeNumber(env, "DATABASE_TIMEOUT_SECONDS", 5, 1, 600),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? "store:",
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Loja <no-reply@localhost>",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    apiUrl: env.API_URL || undefined,
    hostPt: env.HOST_PT ?? "ferramentasdoparaguai.com.br",
    hostEs: env.HOST_ES ?? "ferreteriadeleste.com.py",
    brandPt: env.BRAND_PT ?? "Ferramentas do Paraguai",
    brandEs: env.BRAND_ES ?? "Ferretería del Este",
    storePhone: env.STORE_PHONE ?? "+595 61 500 123",
    storeEmail: env.STORE_EMAIL ?? "contato@ferramentasdoparaguai.com.br",
    storeAddress: env.STORE_ADDRESS ?? "Av. San Blas 1234, Ciudad del Este, Alto Paraná, Paraguay",
    storeWhatsapp: env.STORE_WHATSAPP ?? "+595 981 123 456",
    cepLookupUrl: (env.CEP_LOOKUP_URL ?? "https://viacep.com.br").replace(/\/$/, ""),
    paymentProvider: env.PAYMENT_PROVIDER ?? "sandbox",
    sandboxSecret: env.SANDBOX_WEBHOOK_SECRET || DEV_SANDBOX_SECRET,
    appSecret: env.APP_SECRET || DEV_APP_SECRET,
    reservationMinutes: wholeNumber(env, "RESERVATION_MINUTES", 30, 1),
    reservationSweepSeconds: wholeNumber(env, "RESERVATION_SWEEP_SECONDS", 30, 1),
    orderLimits: {
      perCustomer: wholeNumber(env, "MAX_OPEN_ORDERS_PER_CUSTOMER", 5, 1),
      perAddress: wholeNumber(env, "MAX_OPEN_ORDERS_PER_ADDRESS", 20, 1),
      unitsPerProduct: wholeNumber(env, "MAX_UNITS_PER_PRODUCT", 20, 1, 99),
    },
    seedProducts: wholeNumber(env, "SEED_PRODUCTS", 800, 0),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === "test" ? "silent" : "info"),
    trustProxy: flag(env.TRUST_PROXY, false),
    apiOnly: flag(env.API_ONLY, false),
    migrateOnStart: flag(env.MIGRATE_ON_START, true),
    shutdownDrainSeconds: wholeNumber(env, "SHUTDOWN_DRAIN_SECONDS", 5, 0, 300),
    apiDocs: flag(env.API_DOCS, nodeEnv !== "production"),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT || undefined,
          region: env.S3_REGION || "us-east-1",
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, Boolean(env.S3_ENDPOINT)),
          prefix: (env.S3_PREFIX ?? "").replace(/^\/+/, ""),
        }
      : undefined,
  };
}

/** The settings for a command or the server: one that cannot work ends the process with its message (exit 1). */
export function loadConfigOrExit(check?: (config: Config) => void): Config {
  try {
    const config = loadConfig();
    check?.(config);
    return config;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Configuration: ${err.message}`);
    process.exit(1);
  }
}

/**
 * In production the secrets must be the operator's own: with the development values in this repository
 * anyone could sign a delivery quote or a payment notification. Checked by the server when it starts.
 */
export function assertProductionSecrets(config: Config): void {
  if (config.env !== "production") return;
  const weak = [
    ["APP_SECRET", config.appSecret, DEV_APP_SECRET],
    ["SANDBOX_WEBHOOK_SECRET", config.sandboxSecret, DEV_SANDBOX_SECRET],
  ].filter(([, value, dev]) => value === dev || value!.length < MIN_SECRET_LENGTH);
  if (weak.length > 0) {
    throw new ConfigError(
      `${weak.map(([name]) => name).join(" and ")} must be set to random values of at least ${MIN_SECRET_LENGTH} characters in production ` +
        "(the same in every process), e.g. `openssl rand -hex 32`.",
    );
  }
}

/** How much stock unpaid orders may hold (README Configuration). */
export interface OrderLimits {
  /** Unpaid orders one customer may have open at a time. */
  perCustomer: number;
  /** Unpaid orders placed from one client address that may be open at a time. */
  perAddress: number;
  /** Units of one product one order may reserve (a cart may hold the spec's 99; checkout refuses more than this). */
  unitsPerProduct: number;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : " up"}, not "${raw}".`);
  }
  return value;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return value === "1" || value.toLowerCase() === "true";
}
