import { isIP } from "node:net";
import path from "node:path";

/** Gateways the store can be configured with (PAYMENT_PROVIDERS); "sandbox" is the built-in test gateway. */
export const PAYMENT_PROVIDERS = ["sandbox", "bancard", "pagopar", "mercadopago"] as const;
export type ProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** Bancard's staging host (its production host is https://vpos.infonet.com.py). */
export const BANCARD_STAGING_URL = "https://vpos.infonet.com.py:8888";

/** An S3-compatible bucket for the uploads (server/lib/storage.ts). */
export interface S3Options {
  bucket: string;
  /** Empty for AWS itself; the URL of MinIO, Cloudflare R2, Backblaze B2, DigitalOcean Spaces … */
  endpoint?: string;
  region: string;
  /** Without them the SDK's usual chain is used (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (MinIO and most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
  /** Folder inside the bucket, e.g. `store/`. */
  prefix: string;
}

/**
 * Every setting the store reads from the environment; README.md documents each one. It lives apart from
 * server/ and db/ so that both may read it (docs/decisions/017-structure-checks.md).
 */
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
  hostPt: string;
  hostEs: string;
  brandPt: string;
  brandEs: string;
  storePhone: string;
  storeEmail: string;
  storeAddress: string;
  storeWhatsapp: string;
  cepLookupUrl: string;
  /** The gateways that are on, in the order the checkout offers them (PAYMENT_PROVIDERS). */
  paymentProviders: ProviderName[];
  /** Keys and hosts of the real gateways (docs/payments.md); a key is empty when not set. */
  gateways: GatewaySettings;
  /** Longest wait for one call to a payment gateway. */
  paymentTimeoutMs: number;
  /** TEST_SHOP=1: this production process is a test shop, where the sandbox gateway may take "payments". */
  testShop: boolean;
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
  /** Checks, and applies, an hour one member or API key may start (docs/decisions/024). */
  importsPerHour: number;
  /** Back-office login attempts (password step, and code step apart) one address may make in 15 minutes. */
  staffLoginsPer15Min: number;
  /**
   * How long one working-out of the dashboard's figures answers every member who opens it, per process
   * (docs/decisions/034); 0 works them out on every request (the bench measures the queries so).
   */
  dashboardFreshMs: number;
  logLevel: string;
  /**
   * Which connections may tell the client's address (X-Forwarded-For) and scheme: false (none), the
   * proxies' addresses or networks, or a number of proxy hops in front of every process.
   */
  trustProxy: false | number | string[];
  /** Serve only the API (no storefront build needed): API-only processes and their tests. */
  apiOnly: boolean;
  /** Apply migrations when the server starts; off when a deploy runs `npm run migrate` as its own step. */
  migrateOnStart: boolean;
  /** After SIGTERM: how long /readyz answers 503 while requests are still accepted and answered, before listening stops. */
  shutdownDrainSeconds: number;
  /** Serve the API documentation at /api/docs (on by default outside production). */
  apiDocs: boolean;
  /** Guests' catalogue pages (docs/decisions/013): fresh this long (0: no page cache) … */
  pageCacheFreshSeconds: number;
  /** … then served stale this much longer while one render replaces them. */
  pageCacheStaleSeconds: number;
  /** Uploads go to this S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/uploads. */
  s3?: S3Options;
  /** The Prometheus metrics' own listener (docs/operations.md); off when METRICS_PORT is unset. */
  metrics?: { port: number; host: string };
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
  // Off production the demo shop (its staff's passwords are in the README) answers only this machine
  // unless HOST says otherwise; a production image sets HOST itself.
  const host = env.HOST || (nodeEnv === "production" ? "0.0.0.0" : "localhost");
  const metricsPort = env.METRICS_PORT?.trim() ? wholeNumber(env, "METRICS_PORT", 0, 0, 65_535) : undefined;
  // Metrics on the public port would be served to anyone: they get a listener of their own.
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) throw new ConfigError("METRICS_PORT must not be PORT.");
  return {
    env: nodeEnv,
    port,
    host,
    // Port 0 picks a free port (tests); the metrics listener is never the public one.
    metrics: metricsPort === undefined ? undefined : { port: metricsPort, host: env.METRICS_HOST || host },
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
    hostPt: env.HOST_PT ?? "ferramentasdoparaguai.com.br",
    hostEs: env.HOST_ES ?? "ferreteriadeleste.com.py",
    brandPt: env.BRAND_PT ?? "Ferramentas do Paraguai",
    brandEs: env.BRAND_ES ?? "Ferretería del Este",
    storePhone: env.STORE_PHONE ?? "+595 61 500 123",
    storeEmail: env.STORE_EMAIL ?? "contato@ferramentasdoparaguai.com.br",
    storeAddress: env.STORE_ADDRESS ?? "Av. San Blas 1234, Ciudad del Este, Alto Paraná, Paraguay",
    storeWhatsapp: env.STORE_WHATSAPP ?? "+595 981 123 456",
    cepLookupUrl: (env.CEP_LOOKUP_URL ?? "https://viacep.com.br").replace(/\/$/, ""),
    paymentProviders: paymentProviders(env),
    gateways: {
      bancard: {
        publicKey: env.BANCARD_PUBLIC_KEY ?? "",
        privateKey: env.BANCARD_PRIVATE_KEY ?? "",
        url: baseUrl(env, "BANCARD_URL", BANCARD_STAGING_URL),
      },
      pagopar: {
        publicKey: env.PAGOPAR_PUBLIC_KEY ?? "",
        privateKey: env.PAGOPAR_PRIVATE_KEY ?? "",
        url: baseUrl(env, "PAGOPAR_URL", PAGOPAR_DEFAULT_URL),
      },
      mercadopago: {
        accessToken: env.MERCADOPAGO_ACCESS_TOKEN ?? "",
        webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET ?? "",
        url: baseUrl(env, "MERCADOPAGO_URL", MERCADOPAGO_DEFAULT_URL),
      },
    },
    paymentTimeoutMs: wholeNumber(env, "PAYMENT_TIMEOUT_SECONDS", 10, 1, 120) * 1000,
    testShop: flag(env.TEST_SHOP, false),
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
    importsPerHour: wholeNumber(env, "IMPORTS_PER_HOUR", 10, 1),
    staffLoginsPer15Min: wholeNumber(env, "STAFF_LOGINS_PER_15_MIN", 20, 1),
    dashboardFreshMs: wholeNumber(env, "DASHBOARD_FRESH_MS", 15_000, 0, 3_600_000),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === "test" ? "silent" : "info"),
    trustProxy: trustProxy(env.TRUST_PROXY),
    apiOnly: flag(env.API_ONLY, false),
    migrateOnStart: flag(env.MIGRATE_ON_START, true),
    shutdownDrainSeconds: wholeNumber(env, "SHUTDOWN_DRAIN_SECONDS", 5, 0, 300),
    apiDocs: flag(env.API_DOCS, nodeEnv !== "production"),
    pageCacheFreshSeconds: wholeNumber(env, "PAGE_CACHE_FRESH_SECONDS", 5, 0, 300),
    pageCacheStaleSeconds: wholeNumber(env, "PAGE_CACHE_STALE_SECONDS", 25, 0, 3600),
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

/**
 * Everything a production process refuses to start without: its own secrets, and a real payment gateway
 * unless TEST_SHOP=1 says this is a test shop (the sandbox marks an order paid for anyone holding its link).
 */
export function assertProductionReady(config: Config): void {
  assertProductionSecrets(config);
  if (config.env !== "production") return;
  if (config.paymentProviders.includes("sandbox") && !config.testShop) {
    throw new ConfigError(
      "PAYMENT_PROVIDERS includes sandbox, the built-in test gateway where anyone holding a payment link marks an order paid: " +
        "configure a real gateway, or set TEST_SHOP=1 if this production process is a test shop.",
    );
  }
  const missing = config.paymentProviders.flatMap((name) =>
    name === "sandbox" ? [] : GATEWAY_KEYS[name].filter(([, pick]) => !pick(config.gateways)).map(([variable]) => variable),
  );
  if (missing.length > 0) {
    throw new ConfigError(`PAYMENT_PROVIDERS switches on a gateway whose keys are missing: set ${missing.join(", ")}.`);
  }
}

export interface GatewaySettings {
  bancard: { publicKey: string; privateKey: string; url: string };
  pagopar: { publicKey: string; privateKey: string; url: string };
  mercadopago: { accessToken: string; webhookSecret: string; url: string };
}

export const PAGOPAR_DEFAULT_URL = "https://api.pagopar.com";
export const MERCADOPAGO_DEFAULT_URL = "https://api.mercadopago.com";

/** The variables each real gateway cannot work without. */
const GATEWAY_KEYS: Record<Exclude<ProviderName, "sandbox">, [string, (g: GatewaySettings) => string][]> = {
  bancard: [
    ["BANCARD_PUBLIC_KEY", (g) => g.bancard.publicKey],
    ["BANCARD_PRIVATE_KEY", (g) => g.bancard.privateKey],
  ],
  pagopar: [
    ["PAGOPAR_PUBLIC_KEY", (g) => g.pagopar.publicKey],
    ["PAGOPAR_PRIVATE_KEY", (g) => g.pagopar.privateKey],
  ],
  mercadopago: [
    ["MERCADOPAGO_ACCESS_TOKEN", (g) => g.mercadopago.accessToken],
    ["MERCADOPAGO_WEBHOOK_SECRET", (g) => g.mercadopago.webhookSecret],
  ],
};

/** PAYMENT_PROVIDERS: known gateway names separated by commas, each once; empty means the sandbox. */
function paymentProviders(env: NodeJS.ProcessEnv): ProviderName[] {
  if (env.PAYMENT_PROVIDER !== undefined && env.PAYMENT_PROVIDERS === undefined) {
    throw new ConfigError(`PAYMENT_PROVIDER is now PAYMENT_PROVIDERS (a list, e.g. bancard,pagopar,mercadopago), not "${env.PAYMENT_PROVIDER}".`);
  }
  const raw = env.PAYMENT_PROVIDERS;
  const names = (raw ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return ["sandbox"];
  const valid = names.every((name) => (PAYMENT_PROVIDERS as readonly string[]).includes(name)) && new Set(names).size === names.length;
  if (!valid) throw new ConfigError(`PAYMENT_PROVIDERS must list gateways among ${PAYMENT_PROVIDERS.join(", ")}, each once, not "${raw}".`);
  return names as ProviderName[];
}

function baseUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  try {
    const url = new URL(raw);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("scheme");
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, not "${raw}".`);
  }
  return raw.replace(/\/+$/, "");
}

const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

/** TRUST_PROXY: empty or 0 (off), a number of hops, or proxy addresses / CIDR networks separated by commas. */
function trustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "0") return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (PROXY_NAMES.includes(entry)) return true;
    const [address, prefix, extra] = entry.split("/");
    const version = isIP(address ?? "");
    if (version === 0 || extra !== undefined) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
  });
  if (!valid) {
    throw new ConfigError(
      `TRUST_PROXY must list the proxies' addresses or networks (e.g. 10.0.0.2,10.0.1.0/24 or loopback), or give the number of proxies ` +
        `in front of every process (e.g. 1), not "${raw}": trusting every hop would let a client choose its own address.`,
    );
  }
  return entries;
}

/** TRUST_PROXY as Fastify takes it: a number of hops becomes "the first n connections are proxies". */
export function trustProxyOption(value: Config["trustProxy"]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === "number" ? (_address, hop) => hop < value : value;
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
