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
  seedProducts: number;
  logLevel: string;
  trustProxy: boolean;
  /** Serve only the API (no storefront build needed): API-only processes and their tests. */
  apiOnly: boolean;
  /** Apply migrations when the server starts; off when a deploy runs `npm run migrate` as its own step. */
  migrateOnStart: boolean;
  /** Uploads go to this S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/uploads. */
  s3?: S3Options;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const nodeEnv = env.NODE_ENV === "production" ? "production" : env.NODE_ENV === "test" ? "test" : "development";
  return {
    env: nodeEnv,
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR || "data"),
    databaseUrl: env.DATABASE_URL || undefined,
    // Two at least: the start-up lock holds one connection while migrations and the seed use another.
    databasePoolSize: Math.max(2, Number(env.DATABASE_POOL_SIZE || 10)),
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
    sandboxSecret: env.SANDBOX_WEBHOOK_SECRET ?? "sandbox-dev-secret-change-me",
    appSecret: env.APP_SECRET ?? "dev-app-secret-change-me",
    reservationMinutes: Number(env.RESERVATION_MINUTES ?? 30),
    seedProducts: Number(env.SEED_PRODUCTS ?? 800),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === "test" ? "silent" : "info"),
    trustProxy: flag(env.TRUST_PROXY, false),
    apiOnly: flag(env.API_ONLY, false),
    migrateOnStart: flag(env.MIGRATE_ON_START, true),
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

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return value === "1" || value.toLowerCase() === "true";
}
