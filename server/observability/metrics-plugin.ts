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
const KINDS: readonly Kind[] = ["api", "page", "other"];

/** Fastify's route for the storefront's pages (server/plugins/web.ts) and for the API's unknown paths (not-found.ts). */
const PAGE_ROUTES = new Set(["/*", "/"]);
const API_CATCH_ALL = new Set(["/api/*", "/ecom/*"]);

function kindOf(route: string | undefined): Kind {
  if (route === undefined) return "other";
  if (PAGE_ROUTES.has(route)) return "page";
  return route.startsWith("/api/") || route.startsWith("/ecom/") ? "api" : "other";
}

/** A status code's class, by its first digit. */
const STATUS_CLASSES = ["0xx", "1xx", "2xx", "3xx", "4xx", "5xx"];

/** Past this many requests begun and not answered, those whose visitor has left are swept out before the next is added. */
const SWEEP_ABOVE = 4096;

/**
 * The requests begun and not yet answered. A request whose visitor leaves before its answer never reaches
 * onResponse; rather than a 'close' listener on every request (Fastify's onRequestAbort hook adds one, and it
 * cost a fifth of the list API's throughput), those are swept out when the gauge is read: a request whose
 * connection is closed is no longer being answered. Each request's kind is worked out then too, for the few
 * open at that moment rather than for every request.
 */
class InFlight {
  readonly #open = new Set<FastifyRequest>();
  /** The size that sweeps next: twice what a sweep left, so that thousands truly open are not swept on every request. */
  #sweepAt = SWEEP_ABOVE;

  begin(request: FastifyRequest) {
    if (this.#open.size >= this.#sweepAt) {
      this.sweep();
      this.#sweepAt = Math.max(SWEEP_ABOVE, this.#open.size * 2);
    }
    this.#open.add(request);
  }

  end(request: FastifyRequest) {
    this.#open.delete(request);
  }

  /** Forgets the requests whose connection has closed. */
  sweep() {
    for (const request of this.#open) if (request.raw.socket?.destroyed === true) this.#open.delete(request);
  }

  /** The requests being answered now, by kind, after a sweep. */
  counts(): Record<Kind, number> {
    this.sweep();
    const counts = { api: 0, page: 0, other: 0 };
    for (const request of this.#open) counts[kindOf(request.routeOptions.url)]++;
    return counts;
  }
}

/**
 * Times every request by kind (the API, the storefront's pages, the rest: assets, media, health), method,
 * route template and status class; counts those in flight and the 429s by limit; and reads the database
 * pool when scraped. Registered by buildApp when metrics are on. The hooks take a callback rather than
 * returning a promise: each request passes through both, and a promise apiece shows at a cached page's cost.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { database, build }: MetricsPluginOptions) => {
  const metrics = storeMetrics();
  if (!metrics) return;
  const pageOf = build ? pageTemplates(build) : () => UNMATCHED;

  const inFlight = new InFlight();
  const inFlightGauge = collectedGauge(metrics, {
    name: "store_http_requests_in_flight",
    help: "Requests being answered now, by kind (api or page).",
    labelNames: ["kind"],
    collect() {
      const counts = inFlight.counts();
      for (const kind of KINDS) this.set({ kind }, counts[kind]);
    },
  });
  app.addHook("onClose", async () => inFlightGauge.close());

  app.addHook("onRequest", (request, _reply, next) => {
    inFlight.begin(request);
    next();
  });
  app.addHook("onResponse", (request, reply, next) => {
    inFlight.end(request);
    const url = request.routeOptions.url;
    const kind = kindOf(url);
    const route = url === undefined || API_CATCH_ALL.has(url) ? UNMATCHED : kind === "page" ? pageOf(request.url.split("?", 1)[0]!) : url;
    const status = reply.statusCode;
    const { method } = request;
    const statusClass = STATUS_CLASSES[Math.floor(status / 100)] ?? "other";
    metrics.httpDuration.observe(
      `${kind} ${method} ${statusClass} ${route}`,
      () => ({ kind, method, route, status_class: statusClass }),
      reply.elapsedTime / 1000,
    );
    if (status === 429) metrics.rateLimited.inc({ limit: route });
    next();
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
