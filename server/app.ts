import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ServerBuild } from "react-router";
import { apiMessage } from "#contract/messages.ts";
import type { Database } from "#db/client.ts";
import { MAX_UPLOAD_BYTES } from "#contract/api/accounts.ts";
import { memoryCache, redisCache, type Cache } from "./lib/cache.ts";
import { fallbackLimiter, memoryLimiter, redisLimiter, type Limiter } from "./lib/limiter.ts";
import { requestSerializer } from "./lib/log-redaction.ts";
import { createMailer, type Mailer } from "./lib/mailer.ts";
import { connectRedis, guardRedis, type Redis, type RedisGuard } from "./lib/redis.ts";
import { resilientRateLimitStore } from "./lib/rate-limit-store.ts";
import { storageFor, type Storage } from "./lib/storage.ts";
import { HttpError } from "./lib/errors.ts";
import { requestLocale } from "./lib/request-locale.ts";
import { wellFormedHost } from "./lib/site.ts";
import { trustProxyOption, type Config } from "#config/config.ts";
import { createAddressService } from "./modules/accounts/addresses.ts";
import { accountsRoutes } from "./modules/accounts/routes.ts";
import { createAccountsService } from "./modules/accounts/service.ts";
import { cartRoutes } from "./modules/cart/routes.ts";
import { createCartService } from "./modules/cart/service.ts";
import { catalogRoutes } from "./modules/catalog/routes.ts";
import { checkoutRoutes } from "./modules/checkout/routes.ts";
import { createCheckoutService } from "./modules/checkout/service.ts";
import { ordersRoutes } from "./modules/orders/routes.ts";
import { createOrdersService } from "./modules/orders/service.ts";
import { shippingRoutes } from "./modules/shipping/routes.ts";
import { createShippingService } from "./modules/shipping/service.ts";
import type { PaymentProvider } from "./payments/provider.ts";
import { createSandboxProvider } from "./payments/providers/sandbox.ts";
import { sandboxPageRoutes, webhookRoutes } from "./payments/routes.ts";
import { createPaymentService, type PaymentService } from "./payments/service.ts";
import { createCatalogService } from "./modules/catalog/service.ts";
import { devMailRoutes } from "./modules/dev-mail/routes.ts";
import { favouritesRoutes } from "./modules/favourites/routes.ts";
import { createFavouritesService } from "./modules/favourites/service.ts";
import { createAuth } from "./plugins/auth.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { webPlugin } from "./plugins/web.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Payment notifications and the reservation-expiry sweep (main.ts runs it on a timer). */
    payments: PaymentService;
    /** Begins a shutdown: /readyz answers 503 and every answer from now on closes its connection. */
    drain(): void;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  cache?: Cache;
  limiter?: Limiter;
  mailer?: Mailer;
  storage?: Storage;
  /** Shared state of several processes; by default connected to `config.redisUrl` when set, and closed with the app. */
  redis?: Redis;
  /** Without it only the API is served (API tests). */
  web?: { build: ServerBuild; clientDir: string };
  /** Where the JSON log lines go instead of stdout (tests). */
  logStream?: { write(line: string): void };
}

/** Builds the whole store: used by main.ts to listen and by the tests through inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, web } = options;
  const db = database.db;
  const storage = options.storage ?? storageFor(config);
  const app = Fastify({
    // pino writes one JSON object a line; every line of a request carries its id (reqId).
    // Request URLs are logged with the tokens of confirmation and reset links masked.
    logger: { level: config.logLevel, serializers: { req: requestSerializer }, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // A product slug may hold 220 characters (produtos.slug); Fastify's default answers 404 past 100.
    routerOptions: { maxParamLength: 256 },
  });
  const ownRedis = !options.redis && config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  const redis = options.redis ?? ownRedis;
  // Redis holds nothing a sale needs: while it is away the cache is bypassed and limits count per process,
  // and the guard logs the outage once when it starts and once when it ends.
  const guard = redis ? guardRedis(redis, app.log) : undefined;
  if (ownRedis) {
    app.addHook("onClose", async () => {
      guard?.close();
      await ownRedis.quit().catch(() => ownRedis.disconnect());
    });
  }
  // A connection PostgreSQL or the network dropped while idle: the pool replaces it; requests meanwhile answer 503.
  database.onConnectionError((err) => app.log.warn({ err: { message: err.message } }, "database connection lost"));
  const cache = options.cache ?? (redis && guard ? redisCache(redis, config.redisPrefix, () => {}, guard) : memoryCache());
  const limiter =
    options.limiter ?? (redis && guard ? fallbackLimiter(redisLimiter(redis, config.redisPrefix, guard), memoryLimiter()) : memoryLimiter());
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // "a b" or "store:@evil.example" names no host at all: a plain 400, before any page or link is built.
  app.addHook("onRequest", async (request) => {
    if (!wellFormedHost(request.headers.host)) throw new HttpError(400, "bad_request");
  });
  // While draining, answers tell the client not to reuse the connection, so the server can close once they are sent.
  let draining = false;
  app.decorate("drain", () => {
    draining = true;
  });
  app.addHook("preClose", async () => {
    draining = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (draining) reply.header("connection", "close");
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  // Fastify's own 404 logs the whole URL (a reset link's token with it); this one answers alike without it.
  app.setNotFoundHandler(async (request, reply) => reply.status(404).send({ message: apiMessage(requestLocale(request), "not_found") }));
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    // The storefront's hydration scripts are inline; its policy is set by the web plugin's responses.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyMultipart, {
    // One byte over the limit marks a file truncated, which the handlers answer with the size message.
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 2, fields: 40, fieldSize: 4096 },
    throwFileSizeLimit: false,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // In Redis every process counts one client's requests together; while Redis is away each process counts its own.
    ...(redis && guard ? { store: resilientRateLimitStore(redis, `${config.redisPrefix}rl:`, guard), skipOnError: true } : {}),
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      message: apiMessage(requestLocale(request), "rate_limited", { seconds: Math.ceil(context.ttl / 1000) }),
    }),
  });

  // The API's documentation page: on by default outside production, in production only with API_DOCS=1.
  if (config.apiDocs) {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: "Store API", version: "1.0.0", description: "Public catalogue and customer API (spec §7)." },
        components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: API_DOCS_CSP });
  }

  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, "media"),
    prefix: "/media/",
    decorateReply: false,
    maxAge: "7d",
  });

  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    if (draining) return reply.status(503).send({ status: "draining" });
    const checks = await readiness(database, redis, guard);
    const failed = Object.entries(checks).filter(([, state]) => state === "failed").map(([name]) => name);
    if (failed.length > 0) return reply.status(503).send({ status: "unavailable", failed, checks });
    // Without Redis the shop still sells (no shared cache, per-process limits): ready, and saying so.
    return { status: checks.redis === "degraded" ? "degraded" : "ok", checks };
  });

  const mailer =
    options.mailer ??
    createMailer(db, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      keepBodies: config.env !== "production",
      log: (err) => app.log.error({ err }, "mail failed"),
    });
  const auth = createAuth(db);
  const catalog = createCatalogService(db, cache);
  const accounts = createAccountsService({ db, mailer, storage, limiter, secret: config.appSecret });
  await app.register(catalogRoutes, { catalog });
  await app.register(accountsRoutes, { accounts, addresses: createAddressService(db), auth, config });
  await app.register(favouritesRoutes, { favourites: createFavouritesService(db, catalog), auth });
  if (config.env !== "production") await app.register(devMailRoutes, { db });

  const cart = createCartService(db, catalog);
  const shipping = createShippingService(db, config.appSecret, catalog.rates);
  const orders = createOrdersService(db, config.storeAddress);
  // The sandbox gateway notifies through the full HTTP stack of this same app, signature and all.
  const sandbox = createSandboxProvider(db, {
    secret: config.sandboxSecret,
    origin: config.publicUrl,
    notify: async (url, body, signature) => {
      const res = await app.inject({
        method: "POST",
        url: new URL(url).pathname,
        headers: { "content-type": "application/json", "x-sandbox-signature": signature },
        payload: body,
      });
      if (res.statusCode >= 400) app.log.error({ status: res.statusCode, body: res.body }, "sandbox notification refused");
    },
  });
  const providers = new Map<string, PaymentProvider>([[sandbox.provider.name, sandbox.provider]]);
  // loadConfig accepts only known gateways: an unknown one never quietly becomes the sandbox.
  const provider = providers.get(config.paymentProvider);
  if (!provider) throw new Error(`payment gateway ${config.paymentProvider} is not available`);
  const paymentService = createPaymentService(db, providers);
  app.decorate("payments", paymentService);
  await app.register(cartRoutes, { cart, auth });
  await app.register(shippingRoutes, { db, cart, shipping, auth });
  await app.register(checkoutRoutes, {
    checkout: createCheckoutService({
      db,
      catalog,
      shipping,
      provider,
      reservationMinutes: config.reservationMinutes,
      limits: config.orderLimits,
      publicUrl: config.publicUrl,
    }),
    orders,
    auth,
    config,
  });
  await app.register(ordersRoutes, { orders, auth, config });
  await app.register(webhookRoutes, { providers, payments: paymentService });
  await app.register(sandboxPageRoutes, { sandbox });

  // Unknown API paths answer JSON, not the storefront's 404 page.
  app.all("/api/*", { schema: { hide: true } }, async (request, reply) =>
    reply.status(404).send({ message: apiMessage(requestLocale(request), "not_found") }),
  );
  app.all("/ecom/*", { schema: { hide: true } }, async (request, reply) =>
    reply.status(404).send({ message: apiMessage(requestLocale(request), "not_found") }),
  );

  if (web) await app.register(webPlugin, { config, ...web });
  return app;
}

/** An incoming X-Request-Id (from a load balancer) is kept when it looks like an id; otherwise a new one. */
function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && /^[\w.:@-]{1,128}$/.test(incoming) ? incoming : crypto.randomUUID();
}

const READY_TIMEOUT_MS = 2000;

/**
 * The API documentation page's policy: its scripts and styles are files of its own (swagger-ui's inline
 * initialiser is moved to a file by the plugin), and it calls only this origin for the OpenAPI document.
 */
const API_DOCS_CSP = {
  "default-src": ["'none'"],
  "script-src": ["'self'"],
  // Swagger UI sets a few inline styles.
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "font-src": ["'self'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
};

/** Whether the database and, when configured, Redis answer now ("degraded": Redis away, the shop sells without it). */
async function readiness(database: Database, redis: Redis | undefined, guard: RedisGuard | undefined) {
  const probe = async (check: () => Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([check(), timeout]);
      return "ok" as const;
    } catch {
      return "failed" as const;
    } finally {
      clearTimeout(timer);
    }
  };
  const [db, cache] = await Promise.all([
    probe(() => database.db.execute(sql`select 1`)),
    redis && guard
      ? guard.run(() => redis.ping()).then(
          () => "ok" as const,
          () => "degraded" as const,
        )
      : Promise.resolve("not configured" as const),
  ]);
  return { database: db, redis: cache };
}
