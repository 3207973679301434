import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import type { Database } from "#db/client.ts";
import { collectedGauge, storeMetrics, watchDatabase } from "./metrics.ts";
import { pageTemplates, UNMATCHED } from "./metrics-routes.ts";

export interface MetricsPluginOptions {
  database: Database;
  /** The storefront's build, whose routes name the pages' templates. */
  build?: ServerBuild;
}

type Kind = "api" | "page" | "other";

const counted = Symbol("metrics.inFlight");
type Counted = FastifyRequest & { [counted]?: Kind };

/** Fastify's route for the storefront's pages (server/plugins/web.ts) and for the API's unknown paths (not-found.ts). */
const PAGE_ROUTES = new Set(["/*", "/"]);
const API_CATCH_ALL = new Set(["/api/*", "/ecom/*"]);

function kindOf(route: string | undefined): Kind {
  if (route === undefined) return "other";
  if (PAGE_ROUTES.has(route)) return "page";
  return route.startsWith("/api/") || route.startsWith("/ecom/") ? "api" : "other";
}

/**
 * Times every request by kind (the API, the storefront's pages, the rest: assets, media, health), method,
 * route template and status class; counts those in flight and the 429s by limit; and reads the database
 * pool when scraped. Registered by buildApp when metrics are on.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { database, build }: MetricsPluginOptions) => {
  const metrics = storeMetrics();
  if (!metrics) return;
  const pageOf = build ? pageTemplates(build) : () => UNMATCHED;

  const done = (request: Counted) => {
    const kind = request[counted];
    if (kind === undefined) return;
    request[counted] = undefined;
    metrics.httpInFlight.dec({ kind });
  };
  app.addHook("onRequest", async (request: Counted) => {
    const kind = kindOf(request.routeOptions.url);
    request[counted] = kind;
    metrics.httpInFlight.inc({ kind });
  });
  app.addHook("onRequestAbort", async (request: Counted) => done(request));
  app.addHook("onResponse", async (request: Counted, reply) => {
    done(request);
    const url = request.routeOptions.url;
    const kind = kindOf(url);
    const route = url === undefined || API_CATCH_ALL.has(url) ? UNMATCHED : kind === "page" ? pageOf(request.url.split("?", 1)[0]!) : url;
    const status = reply.statusCode;
    metrics.httpDuration.observe({ kind, method: request.method, route, status_class: `${Math.floor(status / 100)}xx` }, reply.elapsedTime / 1000);
    if (status === 429) metrics.rateLimited.inc({ limit: route });
  });

  const pool = database.poolStats;
  if (pool) {
    const connections = collectedGauge(metrics, {
      name: "store_db_pool_connections",
      help: "The database pool's connections (total, idle) and the requests waiting for one (waiting); max: its size.",
      labelNames: ["state"],
      collect() {
        const s = pool();
        this.set({ state: "total" }, s.total);
        this.set({ state: "idle" }, s.idle);
        this.set({ state: "waiting" }, s.waiting);
        this.set({ state: "max" }, s.max);
      },
    });
    app.addHook("onClose", async () => connections.close());
    // The circuit closes again when a probe of the database answers (metrics.ts).
    watchDatabase(() => database.db.execute(sql`select 1`));
    app.addHook("onClose", async () => watchDatabase(undefined));
  }
});
