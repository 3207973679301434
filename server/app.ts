import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ServerBuild } from "react-router";
import { pgliteOf, type Database } from "#db/client.ts";
import { MAX_UPLOAD_BYTES } from "#contract/api/accounts.ts";
import { logErrorSerializer, requestSerializer } from "./lib/log-redaction.ts";
import type { Cache } from "./lib/cache.ts";
import type { Limiter } from "./lib/limiter.ts";
import { createMailer, type Mailer } from "./lib/mailer.ts";
import type { Redis } from "./lib/redis.ts";
import { storageFor, type Storage } from "./lib/storage.ts";
import { trustProxyOption, type Config } from "#config/config.ts";
import { createAddressService } from "./modules/accounts/addresses.ts";
import { accountsRoutes } from "./modules/accounts/routes.ts";
import { createAccountsService } from "./modules/accounts/service.ts";
import { cartRoutes } from "./modules/cart/routes.ts";
import { createCartHandover } from "./modules/cart/handover.ts";
import { createCartService } from "./modules/cart/service.ts";
import { catalogRoutes } from "./modules/catalog/routes.ts";
import { checkoutRoutes } from "./modules/checkout/routes.ts";
import { createCheckoutService } from "./modules/checkout/service.ts";
import { ordersRoutes } from "./modules/orders/routes.ts";
import { createOrdersService } from "./modules/orders/service.ts";
import { shippingRoutes } from "./modules/shipping/routes.ts";
import { createShippingService } from "./modules/shipping/service.ts";
import { createCatalogIndex } from "./modules/catalog/catalog-index/index.ts";
import { createCatalogService } from "./modules/catalog/service.ts";
import { devMailRoutes } from "./modules/dev-mail/routes.ts";
import { favouritesRoutes } from "./modules/favourites/routes.ts";
import { adminPlugin } from "./modules/admin/index.ts";
import { paymentsPlugin } from "./payments/index.ts";
import { createFavouritesService } from "./modules/favourites/service.ts";
import { apiDocsPlugin } from "./plugins/api-docs.ts";
import { createAuth } from "./plugins/auth.ts";
import { drainingPlugin } from "./plugins/draining.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { healthPlugin } from "./plugins/health.ts";
import { mediaPlugin } from "./plugins/media.ts";
import { notFoundPlugin } from "./plugins/not-found.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { requestId, requestsPlugin } from "./plugins/requests.ts";
import { sharedStatePlugin } from "./plugins/shared-state.ts";
import { storefrontCachePlugin } from "./plugins/storefront-cache.ts";
import { webPlugin } from "./plugins/web.ts";
import { metricsPlugin } from "./observability/metrics-plugin.ts";
import { watchCatalogue } from "./observability/metrics-catalogue.ts";

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
    // Request URLs are logged with the tokens of confirmation and reset links masked, errors without the
    // values of a failed statement (docs/decisions/027).
    logger: {
      level: config.logLevel,
      serializers: { req: requestSerializer, err: logErrorSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // A product slug may hold 220 characters (produtos.slug); Fastify's default answers 404 past 100.
    routerOptions: { maxParamLength: 256 },
  });
  await app.register(sharedStatePlugin, { config, redis: options.redis, cache: options.cache, limiter: options.limiter });
  const { cache, limiter } = app.shared;
  // A connection PostgreSQL or the network dropped while idle: the pool replaces it; requests meanwhile answer 503.
  database.onConnectionError((err) => app.log.warn({ err: { message: err.message } }, "database connection lost"));
  // Request timings and the pool's gauges, when metrics are on (METRICS_PORT; docs/operations.md).
  await app.register(metricsPlugin, { database, build: web?.build });
  await app.register(requestsPlugin);
  await app.register(drainingPlugin);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(notFoundPlugin);
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    // The storefront's hydration scripts are inline; its policy is set by the web plugin's responses.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // The browser then names the store's own origin on a form it posts before the page's scripts run (with
    // no-referrer it says "null", which the actions' origin check refuses), and still names nobody else.
    referrerPolicy: { policy: "same-origin" },
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyMultipart, {
    // One byte over the limit marks a file truncated, which the handlers answer with the size message.
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 2, fields: 40, fieldSize: 4096 },
    throwFileSizeLimit: false,
  });
  await app.register(rateLimitPlugin, { config });
  // The API's documentation page: on by default outside production, in production only with API_DOCS=1.
  if (config.apiDocs) await app.register(apiDocsPlugin);
  await app.register(mediaPlugin, { dataDir: config.dataDir });
  await app.register(healthPlugin, { database });

  const mailer =
    options.mailer ??
    createMailer(db, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      keepBodies: config.env !== "production",
      log: (err) => app.log.error({ err }, "mail failed"),
    });
  const auth = createAuth(db);
  // The embedded database is written by this process only: its change notifications tell the
  // in-memory catalogue when to look (PostgreSQL, written by several processes, is asked each time).
  const pglite = pgliteOf(database);
  const catalogIndex = createCatalogIndex(db, {
    onError: (err) => app.log.error({ err }, "catalogue change feed"),
    listen: pglite ? (channel, onNotify) => pglite.listen(channel, onNotify) : undefined,
  });
  const catalog = createCatalogService(db, cache, catalogIndex);
  watchCatalogue(app, catalogIndex);
  // Lists and searches are answered from memory: the catalogue is read before the first visitor asks.
  // A database out of reach now is no reason not to start: the first list then reads it.
  app.addHook("onReady", async () => {
    await catalog.warm().catch((err: unknown) => app.log.error({ err }, "catalogue not loaded at start"));
  });
  const accounts = createAccountsService({ db, mailer, storage, limiter, secret: config.appSecret });
  await app.register(catalogRoutes, { catalog });
  await app.register(accountsRoutes, { accounts, addresses: createAddressService(db), auth, config });
  await app.register(favouritesRoutes, { favourites: createFavouritesService(db, catalog), auth });
  if (config.env !== "production") await app.register(devMailRoutes, { db });
  // Guests' catalogue pages and the clear a back-office write asks for (docs/decisions/013 and 020).
  await app.register(storefrontCachePlugin, { config, web: web !== undefined });
  // The gateways before the back office: its refunds go through them.
  await app.register(paymentsPlugin, { db, config });
  await app.register(adminPlugin, {
    db,
    config,
    limiter,
    mailer,
    storage,
    accounts,
    payments: app.payments,
    concurrentWrites: database.kind === "postgres",
    catalogue: catalogIndex,
  });

  const cart = createCartService(db, catalog);
  const shipping = createShippingService(db, config.appSecret, catalog.rates);
  const orders = createOrdersService(db, config.storeAddress);
  await app.register(cartRoutes, { cart, handover: createCartHandover(cart, cache, config.appSecret), auth });
  await app.register(shippingRoutes, { cart, shipping, auth });
  await app.register(checkoutRoutes, {
    checkout: createCheckoutService({
      db,
      catalog,
      shipping,
      providers: app.paymentProviders,
      reservationMinutes: config.reservationMinutes,
      limits: config.orderLimits,
      publicUrl: config.publicUrl,
      log: app.log,
    }),
    orders,
    auth,
    config,
  });
  await app.register(ordersRoutes, { orders, auth, config });

  if (web) await app.register(webPlugin, { config, ...web, pages: app.storefront.pages, catalogueGeneration: app.storefront.generation });
  return app;
}
