import path from "node:path";

/** Every setting the store reads from the environment; README.md documents each one. */
export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
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
    redisUrl: env.REDIS_URL || undefined,
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
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
  };
}
